import { api, authMessages } from '@cabinet/contract';
import { SMTPServer } from 'smtp-server';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { nowIso } from '../src/db/index';
import { MailQueue, smtpDelivery, type Mail } from '../src/plugins/mailer';
import { buildTestApp, registerCustomer, uniqueEmail, type TestApp } from './helpers';

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

/**
 * A real SMTP server on a free port. `decide` is asked about every message once its data has
 * arrived: resolving accepts it, rejecting refuses it with a temporary error (451), so a test can
 * make delivery slow, hold it, or fail it.
 */
class TestSmtp {
  readonly received: Received[] = [];
  /** Messages offered, accepted or not. */
  offered = 0;
  private server: SMTPServer | undefined;
  port = 0;

  constructor(private readonly decide: (offer: number) => Promise<void> = async () => {}) {}

  async start(): Promise<this> {
    this.server = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS'],
      logger: false,
      onData: (stream, session, callback) => {
        const chunks: Buffer[] = [];
        stream.on('data', (c: Buffer) => chunks.push(c));
        stream.on('end', () => {
          this.offered += 1;
          this.decide(this.offered).then(
            () => {
              this.received.push({
                from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
                to: session.envelope.rcptTo.map((r) => r.address),
                raw: Buffer.concat(chunks).toString('utf8'),
              });
              callback();
            },
            (err: Error) => callback(Object.assign(err, { responseCode: 451 })),
          );
        });
      },
    });
    await new Promise<void>((resolve) => this.server?.listen(0, '127.0.0.1', resolve));
    this.port = (this.server.server.address() as { port: number }).port;
    return this;
  }

  get url(): string {
    return `smtp://127.0.0.1:${this.port}`;
  }

  to(email: string): Received[] {
    return this.received.filter((m) => m.to.includes(email));
  }

  stop(): Promise<void> {
    return new Promise<void>((resolve) => (this.server ? this.server.close(() => resolve()) : resolve()));
  }
}

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** Rate limits out of the way: these tests send many requests from one address. */
const UNLIMITED = { RATE_MAX_PER_IP: '10000', RATE_MAX_PER_EMAIL: '10000' };

const queued = (t: TestApp) => t.app.database.db.selectFrom('mail_queue').selectAll().execute();

describe('mail over SMTP', () => {
  let smtp: TestSmtp;
  let t: TestApp;

  beforeAll(async () => {
    smtp = await new TestSmtp().start();
    t = await buildTestApp({
      SMTP_URL: smtp.url,
      MAIL_FROM: 'Кабинет <robot@cabinet.example>',
      ...UNLIMITED,
    });
  });
  afterAll(async () => {
    await t.close();
    await smtp.stop();
  });

  it('delivers the generated-password mail to a real SMTP server, not to the outbox', async () => {
    const email = uniqueEmail('smtp');
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/client/profile/',
      payload: { email, agree: true },
    });
    expect(res.statusCode).toBe(200);
    await t.app.mailer.flush();
    const mail = smtp.to(email)[0];
    expect(mail?.from).toBe('robot@cabinet.example');
    const body = decodedParts(mail!.raw);
    expect(body).toMatch(/Ваш пароль: [A-Za-z0-9]{14}/);
    expect(body).toContain('http://localhost:3000/?al=');
    expect(mail!.raw).toMatch(/Content-Type: text\/html/);

    const outbox = await t.app.database.db.selectFrom('outbox').selectAll().execute();
    expect(outbox).toEqual([]);
    // A sent mail leaves no copy of its password behind.
    expect(await queued(t)).toEqual([]);
  });

  it('delivers the login code', async () => {
    const email = uniqueEmail('code');
    await t.app.inject({ method: 'POST', url: '/api/client/profile/', payload: { email, agree: true } });
    await t.app.inject({ method: 'POST', url: '/api/client/auth/login/', payload: { email } });
    await t.app.mailer.flush();
    const mails = smtp.to(email);
    expect(mails).toHaveLength(2);
    expect(decodedParts(mails[1]!.raw)).toMatch(/Ваш код для входа: \d{6}/);
  });
});

describe('the mail queue', () => {
  const opened: Array<{ close(): Promise<void> }> = [];
  afterEach(async () => {
    for (const o of opened.splice(0).reverse()) await o.close();
  });
  async function setUp(decide?: (offer: number) => Promise<void>, env: Record<string, string> = {}) {
    const smtp = await new TestSmtp(decide).start();
    opened.push({ close: () => smtp.stop() });
    const t = await buildTestApp({ SMTP_URL: smtp.url, ...UNLIMITED, ...env });
    opened.push(t);
    return { smtp, t };
  }

  it('answers before the mail is delivered, and delivers it after', async () => {
    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    const { smtp, t } = await setUp(() => held);
    const c = await registerCustomer(t.app);

    const res = await t.app.inject({
      method: 'POST',
      url: api.auth.passwordChange,
      payload: { email: c.email },
    });
    expect(res.statusCode).toBe(200);
    expect(smtp.to(c.email)).toEqual([]);
    expect((await queued(t)).map((m) => m.to_address)).toContain(c.email);

    release();
    await t.app.mailer.flush();
    expect(
      smtp
        .to(c.email)
        .map((m) => decodedParts(m.raw))
        .join('\n'),
    ).toContain('/change-password/');
    expect(await queued(t)).toEqual([]);
  });

  it('retries a delivery the SMTP server refused', async () => {
    const { smtp, t } = await setUp(
      async (offer) => {
        if (offer === 1) throw new Error('try again later');
      },
      { MAIL_RETRY_SECONDS: '0' },
    );
    const email = uniqueEmail('retry');
    await t.app.mailer.send({ to: email, subject: 'Повтор', text: 'text', html: '<p>html</p>' });
    await t.app.mailer.flush();
    expect(smtp.offered).toBe(2);
    expect(smtp.to(email)).toHaveLength(1);
    expect(await queued(t)).toEqual([]);
  });

  it('waits before a retry, longer each time', async () => {
    const { smtp, t } = await setUp(
      async (offer) => {
        if (offer <= 2) throw new Error('try again later');
      },
      { MAIL_RETRY_SECONDS: '60' },
    );
    const email = uniqueEmail('backoff');
    const started = Date.now();
    await t.app.mailer.send({ to: email, subject: 'Позже', text: 'text', html: '<p>html</p>' });
    await t.app.mailer.flush();
    let [row] = await queued(t);
    expect(row).toMatchObject({ status: 'pending', attempts: 1, claimed_by: null });
    expect(row?.last_error).toMatch(/try again later/);
    expect(Date.parse(row!.next_attempt_at) - started).toBeGreaterThanOrEqual(60_000);
    expect(Date.parse(row!.next_attempt_at) - started).toBeLessThan(70_000);
    expect(smtp.offered).toBe(1);

    // Not due yet: a flush leaves it alone. Made due, it is tried again and waits twice as long.
    await t.app.mailer.flush();
    expect(smtp.offered).toBe(1);
    await t.app.database.db
      .updateTable('mail_queue')
      .set({ next_attempt_at: nowIso(-1) })
      .execute();
    const retried = Date.now();
    await t.app.mailer.flush();
    [row] = await queued(t);
    expect(row).toMatchObject({ status: 'pending', attempts: 2 });
    expect(Date.parse(row!.next_attempt_at) - retried).toBeGreaterThanOrEqual(120_000);

    await t.app.database.db
      .updateTable('mail_queue')
      .set({ next_attempt_at: nowIso(-1) })
      .execute();
    await t.app.mailer.flush();
    expect(smtp.to(email)).toHaveLength(1);
    expect(await queued(t)).toEqual([]);
  });

  it('gives up after its attempts and keeps the failure without the text', async () => {
    const { smtp, t } = await setUp(
      async () => {
        throw new Error('mailbox unavailable');
      },
      { MAIL_RETRY_SECONDS: '0', MAIL_MAX_ATTEMPTS: '3' },
    );
    await t.app.mailer.send({ to: uniqueEmail('lost'), subject: 'Код', text: 'Код: 123456', html: '123456' });
    await t.app.mailer.flush();
    expect(smtp.offered).toBe(3);
    const [row] = await queued(t);
    expect(row).toMatchObject({ status: 'failed', attempts: 3, text: '', html: '', subject: 'Код' });
    expect(row?.last_error).toMatch(/mailbox unavailable/);
    await t.app.mailer.flush();
    expect(smtp.offered).toBe(3);
  });

  it('never lets two workers deliver the same mail', async () => {
    const { smtp, t } = await setUp(() => sleep(5));
    // Two more instances' worth of queues on the same table, delivering to the same server.
    const byWorker = [0, 0];
    const workers = [0, 1].map((w) => {
      const smtpOut = smtpDelivery(smtp.url, 'robot@cabinet.example');
      opened.push({ close: async () => smtpOut.close() });
      return new MailQueue(t.app.database, {
        deliver: async (mail: Mail) => {
          await smtpOut.deliver(mail);
          byWorker[w] = (byWorker[w] ?? 0) + 1;
        },
        retrySeconds: 0,
        maxAttempts: 3,
        log: t.app.log,
      });
    });
    const now = nowIso();
    const addresses = Array.from({ length: 40 }, (_, i) => `many-${i}-${uniqueEmail()}`);
    await t.app.database.db
      .insertInto('mail_queue')
      .values(
        addresses.map((to) => ({
          to_address: to,
          subject: 'Один раз',
          text: 't',
          html: 'h',
          next_attempt_at: now,
          created_at: now,
        })),
      )
      .execute();

    await Promise.all([...workers.map((w) => w.flush()), t.app.mailer.flush()]);
    for (const to of addresses) expect(smtp.to(to)).toHaveLength(1);
    expect(smtp.offered).toBe(addresses.length);
    expect(byWorker.every((n) => n > 0)).toBe(true);
    expect(await queued(t)).toEqual([]);
  });

  it('delivers again a mail whose worker died while sending it, and only after its lease', async () => {
    const { smtp, t } = await setUp();
    const lost = uniqueEmail('lost');
    const busy = uniqueEmail('busy');
    const now = nowIso();
    await t.app.database.db
      .insertInto('mail_queue')
      .values([
        {
          to_address: lost,
          subject: 's',
          text: 't',
          html: 'h',
          status: 'sending',
          attempts: 1,
          claimed_by: 'dead',
          claimed_at: nowIso(-11 * 60_000),
          next_attempt_at: now,
          created_at: now,
        },
        {
          to_address: busy,
          subject: 's',
          text: 't',
          html: 'h',
          status: 'sending',
          attempts: 1,
          claimed_by: 'alive',
          claimed_at: now,
          next_attempt_at: now,
          created_at: now,
        },
      ])
      .execute();
    await t.app.mailer.flush();
    expect(smtp.to(lost)).toHaveLength(1);
    expect(smtp.to(busy)).toEqual([]);
    expect((await queued(t)).map((m) => m.to_address)).toEqual([busy]);
  });

  it('answers a restore request for an existing e-mail as fast as for an unknown one, with a slow SMTP server', async () => {
    const SMTP_DELAY_MS = 800;
    const { t } = await setUp(() => sleep(SMTP_DELAY_MS));
    const known = await Promise.all(Array.from({ length: 6 }, () => registerCustomer(t.app)));
    const timed = async (email: string) => {
      const started = performance.now();
      const res = await t.app.inject({ method: 'POST', url: api.auth.passwordChange, payload: { email } });
      expect(res.statusCode).toBe(200);
      return performance.now() - started;
    };
    const existing: number[] = [];
    const unknown: number[] = [];
    for (const c of known) {
      existing.push(await timed(c.email));
      unknown.push(await timed(uniqueEmail('nobody')));
    }
    const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? Infinity;
    expect(median(existing)).toBeLessThan(SMTP_DELAY_MS / 4);
    expect(Math.abs(median(existing) - median(unknown))).toBeLessThan(SMTP_DELAY_MS / 8);
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
