import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { linkifyText } from '../src/modules/dev/routes';
import { buildTestApp, uniqueEmail, type TestApp } from './helpers';

describe('linkifyText', () => {
  it.each([
    [
      'Ссылка: https://x.test/a?b=1&c=2',
      'Ссылка: <a href="https://x.test/a?b=1&#38;c=2">https://x.test/a?b=1&#38;c=2</a>',
    ],
    [
      'Откройте http://localhost:3000/login?al=abc.',
      'Откройте <a href="http://localhost:3000/login?al=abc">http://localhost:3000/login?al=abc</a>.',
    ],
    ['(см. https://x.test/p)', '(см. <a href="https://x.test/p">https://x.test/p</a>)'],
    ['<b>нет ссылок</b>', '&#60;b&#62;нет ссылок&#60;/b&#62;'],
    ['javascript:alert(1) ftp://x.test', 'javascript:alert(1) ftp://x.test'],
    [
      'https://x.test/"><script>alert(1)</script>',
      '<a href="https://x.test/">https://x.test/</a>&#34;&#62;&#60;script&#62;alert(1)&#60;/script&#62;',
    ],
  ])('%j', (text, html) => {
    expect(linkifyText(text)).toBe(html);
  });
});

describe('the dev outbox page', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(() => t.close());

  it('makes every address in a mail a link and escapes the HTML in it', async () => {
    const to = uniqueEmail('links');
    await t.app.database.db
      .insertInto('outbox')
      .values({
        to_address: to,
        subject: 'Ссылки',
        text: 'Войти: http://localhost:3000/login?al=tok&x=1\nСмена пароля: http://localhost:3000/change-password/42/\n<img src=x onerror=alert(1)>',
        html: '',
        created_at: new Date().toISOString(),
      })
      .execute();
    const res = await t.app.inject({ method: 'GET', url: '/dev/outbox' });
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain(
      '<a href="http://localhost:3000/login?al=tok&#38;x=1">http://localhost:3000/login?al=tok&#38;x=1</a>',
    );
    expect(res.body).toContain(
      '<a href="http://localhost:3000/change-password/42/">http://localhost:3000/change-password/42/</a>',
    );
    expect(res.body).not.toContain('<img');
    expect(res.body).toContain('&#60;img src=x onerror=alert(1)&#62;');
  });

  it('links the real registration mail', async () => {
    const email = uniqueEmail('reg');
    await t.app.inject({
      method: 'POST',
      url: '/api/client/profile/',
      payload: { email, agree: true },
    });
    const res = await t.app.inject({ method: 'GET', url: '/dev/outbox' });
    const article = res.body.split('<article>').find((a) => a.includes(email)) ?? '';
    expect(article).toMatch(/<a href="http:\/\/localhost:3000\/[^"]+">/);
  });
});
