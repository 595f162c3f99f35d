import {
  ChangeEmailRequestSchema,
  RestoreRequestSchema,
  SocialProfileRequestSchema,
  SpaceSchema,
} from '@cabinet/contract';
import { describe, expect, it } from 'vitest';
import { codeEmailSchema, codeSchema, passwordLoginSchema } from '../features/auth/routes/login-schemas';
import { CertificateSchema } from '../features/certificates/model';
import { createOrderFormSchema, emptyOrderForm } from '../features/order-form/model';
import { VerificationStatusSchema } from '../features/payments/model';
import { eagerSchema, lazySchema, type FormSchema } from '../shared/lazy-schema';

describe('zod messages in the browser', () => {
  it('are Russian for a login field whose schema sets no message of its own', async () => {
    const schema = lazySchema(() =>
      import('../features/auth/routes/login-schemas').then((m) => m.passwordLoginSchema),
    );

    const result = await schema.validate({ email: 'a@example.com', password: 'x'.repeat(1025) });

    expect(result).toEqual({ ok: false, errors: { password: 'Не длиннее 1024 символов' } });
  });

  it('are Russian for an order-form field left out', async () => {
    const { university: _university, ...values } = emptyOrderForm();

    const result = await eagerSchema(createOrderFormSchema('2026-12-01')).validate(values);

    expect(result.ok).toBe(false);
    expect(!result.ok && result.errors?.university).toBe('Заполните это поле');
  });

  const schemas: Array<[string, FormSchema<unknown>]> = [
    ['login with a password', passwordLoginSchema],
    ['login code e-mail', codeEmailSchema],
    ['login code', codeSchema],
    ['restore', RestoreRequestSchema],
    ['e-mail change', ChangeEmailRequestSchema],
    ['social e-mail', SocialProfileRequestSchema],
    ['order form', createOrderFormSchema('2026-12-01')],
    ['space', SpaceSchema],
    ['certificate', CertificateSchema],
    ['verification status', VerificationStatusSchema],
  ];
  // Every one is an object schema: the same value in each of its fields.
  const filled = (schema: FormSchema<unknown>, value: unknown) =>
    Object.fromEntries(Object.keys((schema as unknown as { shape: object }).shape).map((f) => [f, value]));

  it.each(schemas)('never fall back to English for %s', (_name, schema) => {
    const inputs = [
      undefined,
      null,
      'text',
      {},
      filled(schema, ''),
      filled(schema, 42),
      filled(schema, [true]),
    ];
    const messages = inputs.flatMap((input) => {
      const result = schema.safeParse(input);
      return result.success ? [] : result.error.issues.map((issue) => issue.message);
    });

    expect(messages.length).toBeGreaterThan(0);
    // Zod's English defaults start with a Latin word («Invalid input…», «Too small…»).
    expect(messages.filter((message) => !/^[А-ЯЁ]/.test(message))).toEqual([]);
  });
});
