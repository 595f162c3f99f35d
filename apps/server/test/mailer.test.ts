import { authMessages } from '@cabinet/contract';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, uniqueEmail, type TestApp } from './helpers';

interface Received {
  from: string;
  to: string[];
  raw: string;
}

/** The decoded text of every MIME part (nodemailer picks base64 or quoted-printable for Russian). */
function decodedParts(raw: string): string {
  const parts: string[] = [];
  const re = /Content-Transfer-Encoding: ([\w-]+)\r?\n(?:[^\r\n]+\r?\n)*\r?\n([\s\S]*?)(?=\r?\n--)/gi;
  for (const [, encoding, body = ''] of raw.matchAll(re)) {
    if (encoding?.toLowerCase() === 'base64')
      parts.push(Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8'));
    else if (encoding?.toLowerCase() === 'quoted-printable') parts.push(decodeQuotedPrintable(body));
    else parts.push(body);
  }
  return parts.join('\n');
}

function decodeQuotedPrintable(s: string): string {
  const joined = s.replace(/=\r?\n/g, '');
  const bytes: number[] = [];
  for (let i = 0; i < joined.length; i += 1) {
    const m = /^=([0-9A-F]{2})/.exec(joined.slice(i, i + 3));
    if (m?.[1]) {
      bytes.push(Number.parseInt(m[1], 16));
      i += 2;
    } else bytes.push(...Buffer.from(joined[i]!, 'utf8'));
  }
  return Buffer.from(bytes).toString('utf8');
}

describe('mail over SMTP', () => {
  const received: Received[] = [];
  let smtp: SMTPServer;
  let port: number;
  let t: TestApp;

  beforeAll(async () => {
    smtp = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS'],
      logger: false,
      onData(stream, session, callback) {
        const chunks: Buffer[] = [];
        stream.on('data', (c: Buffer) => chunks.push(c));
        stream.on('end', () => {
          received.push({
            from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
            to: session.envelope.rcptTo.map((r) => r.address),
            raw: Buffer.concat(chunks).toString('utf8'),
          });
          callback();
        });
      },
    });
    await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve));
    port = (smtp.server.address() as { port: number }).port;
    t = await buildTestApp({
      SMTP_URL: `smtp://127.0.0.1:${port}`,
      MAIL_FROM: 'Кабинет <robot@cabinet.example>',
    });
  });
  afterAll(async () => {
    await t.close();
    await new Promise<void>((resolve) => smtp.close(() => resolve()));
  });

  it('delivers the generated-password mail to a real SMTP server, not to the outbox', async () => {
    const email = uniqueEmail('smtp');
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/client/profile/',
      payload: { email, agree: true },
    });
    expect(res.statusCode).toBe(200);
    const mail = received.find((m) => m.to.includes(email));
    expect(mail?.from).toBe('robot@cabinet.example');
    const body = decodedParts(mail!.raw);
    expect(body).toMatch(/Ваш пароль: [A-Za-z0-9]{14}/);
    expect(body).toContain('http://localhost:3000/?al=');
    expect(mail!.raw).toMatch(/Content-Type: text\/html/);

    const outbox = await t.app.database.db.selectFrom('outbox').selectAll().execute();
    expect(outbox).toEqual([]);
  });

  it('delivers the login code', async () => {
    const email = uniqueEmail('code');
    await t.app.inject({ method: 'POST', url: '/api/client/profile/', payload: { email, agree: true } });
    await t.app.inject({ method: 'POST', url: '/api/client/auth/login/', payload: { email } });
    const mails = received.filter((m) => m.to.includes(email));
    expect(mails).toHaveLength(2);
    expect(decodedParts(mails[1]!.raw)).toMatch(/Ваш код для входа: \d{6}/);
  });
});

describe('mail delivery failure', () => {
  let t: TestApp;
  beforeAll(async () => {
    // Nothing listens on port 9 here: every delivery fails at once.
    t = await buildTestApp({ SMTP_URL: 'smtp://127.0.0.1:9' });
  });
  afterAll(() => t.close());

  it('does not change the answer to a code request (it would reveal the account)', async () => {
    const email = uniqueEmail('down');
    await t.app.inject({
      method: 'POST',
      url: '/api/client/profile/',
      payload: { email, password: 'Zelenyi-Kit-2026', agree: true },
    });
    const res = await t.app.inject({ method: 'POST', url: '/api/client/auth/login/', payload: { email } });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ detail: authMessages.codeSent, code_sent: true });
  });
});
