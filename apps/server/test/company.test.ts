import { CompanySchema, companyApi } from '@cabinet/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_OPERATOR } from '../src/modules/reference/company-routes';
import { buildTestApp, TEST_COMPANY, TEST_PRODUCTION_PAYMENTS, type TestApp } from './helpers';

describe('the operator details endpoint', () => {
  describe('configured', () => {
    let t: TestApp;
    beforeAll(async () => {
      t = await buildTestApp({
        NODE_ENV: 'production',
        JWT_SECRET: 'p'.repeat(40),
        ...TEST_COMPANY,
        COMPANY_EMAIL: 'info@example.com',
        SUPPORT_PHONE: ' +7 495 123-45-67 ',
        PAYMENTS_PROVIDER: 'yookassa',
      });
    });
    afterAll(() => t.close());

    it('answers a visitor without a token with the configured details', async () => {
      const res = await t.app.inject({ method: 'GET', url: companyApi });
      expect(res.statusCode).toBe(200);
      expect(CompanySchema.parse(res.json())).toEqual({
        name: TEST_COMPANY.COMPANY_NAME,
        inn: TEST_COMPANY.COMPANY_INN,
        ogrn: TEST_COMPANY.COMPANY_OGRN,
        address: TEST_COMPANY.COMPANY_ADDRESS,
        email: 'info@example.com',
        support_phone: '+7 495 123-45-67',
        test_payments: false,
      });
      expect(res.headers['cache-control']).toBe('public, max-age=300');
    });
  });

  describe('in development without them', () => {
    let t: TestApp;
    beforeAll(async () => {
      t = await buildTestApp({ NODE_ENV: 'development' });
    });
    afterAll(() => t.close());

    it('names the made-up demo operator, so the demo does not read as a broken page', async () => {
      const res = await t.app.inject({ method: 'GET', url: companyApi });
      expect(res.statusCode).toBe(200);
      expect(CompanySchema.parse(res.json())).toEqual({
        ...DEMO_OPERATOR,
        support_phone: null,
        test_payments: true,
      });
      expect(DEMO_OPERATOR.name).toMatch(/вымышленная/);
    });
  });

  describe('in development with only some of them', () => {
    let t: TestApp;
    beforeAll(async () => {
      t = await buildTestApp({ NODE_ENV: 'development', COMPANY_NAME: 'ООО «Ромашка»' });
    });
    afterAll(() => t.close());

    it('names what is set and leaves the rest unset, never mixing in the demo operator', async () => {
      const res = await t.app.inject({ method: 'GET', url: companyApi });
      expect(res.json()).toMatchObject({ name: 'ООО «Ромашка»', inn: null, ogrn: null, address: null });
    });
  });

  describe('in tests without them', () => {
    let t: TestApp;
    beforeAll(async () => {
      t = await buildTestApp({ NODE_ENV: 'test' });
    });
    afterAll(() => t.close());

    it('says each is unset, for the web app to show a placeholder', async () => {
      const res = await t.app.inject({ method: 'GET', url: companyApi });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({
        name: null,
        inn: null,
        ogrn: null,
        address: null,
        email: null,
        support_phone: null,
        // The tests' default provider is the test bank.
        test_payments: true,
      });
    });
  });

  // Spec §9: the data store keeps `{phone}` until a number is configured; a customer never sees it.
  describe.each([
    ['the placeholder', '{phone}'],
    ['an empty value', ''],
  ])('with %s for the support phone', (_, value) => {
    let t: TestApp;
    beforeAll(async () => {
      t = await buildTestApp({ NODE_ENV: 'development', SUPPORT_PHONE: value });
    });
    afterAll(() => t.close());

    it('names no support phone', async () => {
      const res = await t.app.inject({ method: 'GET', url: companyApi });
      expect(res.json()).toMatchObject({ support_phone: null });
    });
  });
});

describe('whether payments are test ones (test_payments)', () => {
  it.each<[string, Record<string, string>, boolean]>([
    ['the test bank in production, allowed', { NODE_ENV: 'production', ...TEST_PRODUCTION_PAYMENTS }, true],
    ['yookassa in production', { NODE_ENV: 'production', PAYMENTS_PROVIDER: 'yookassa' }, false],
    ['the default in test', { NODE_ENV: 'test' }, true],
    ['yookassa in test', { NODE_ENV: 'test', PAYMENTS_PROVIDER: 'yookassa' }, false],
  ])('says so for %s, to every visitor', async (_name, env, expected) => {
    const t = await buildTestApp({ JWT_SECRET: 'p'.repeat(40), ...env });
    try {
      const res = await t.app.inject({ method: 'GET', url: companyApi });
      expect(res.statusCode).toBe(200);
      expect(CompanySchema.parse(res.json()).test_payments).toBe(expected);
    } finally {
      await t.close();
    }
  });
});
