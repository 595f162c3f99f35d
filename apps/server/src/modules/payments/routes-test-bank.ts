import { paymentsApi } from '@cabinet/contract';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { isDatabaseUnavailable } from '../../db/unavailable';
import { escapeHtml } from '../../mail';
import { DATABASE_RETRY_AFTER_SECONDS, errorMessages } from '../../plugins/errors';
import { changesLoggedTo } from '../chat';
import { TestProvider } from './providers/test';
import { findTestBankPage } from './repo-test-bank';
import { applyProviderPayment } from './settle';

/**
 * The test provider's bank page (`PAYMENTS_PROVIDER=test`): what the customer sees at
 * the `confirmation_url` of a test payment. Plain HTML forms, no scripts, a stylesheet of its own
 * (the CSP allows only our own origin's). «Оплатить» with the pre-filled card pays at once; the
 * card 4000 0000 0000 0002 is declined; 4000 0000 0000 3220 asks for a 3-D Secure code first
 * (123456). Either way the bank records the outcome and the payment is settled through the path a
 * real provider's notification takes (`applyProviderPayment` re-fetches it from the provider), then
 * the browser goes back to the cabinet: the payment's return URL, or `/payment?status=fail`.
 */

export const TEST_CARDS = {
  /** Pays at once (pre-filled). */
  success: '4242424242424242',
  declined: '4000000000000002',
  threeDs: '4000000000003220',
} as const;
export const TEST_3DS_CODE = '123456';

const STYLESHEET_PATH = '/test-bank/bank.css';

export const bankMessages = {
  title: 'Тестовый банк',
  notFound: 'Такого платежа в тестовом банке нет',
  notTestProvider: 'Тестовый банк выключен: платежи принимает другой провайдер',
  completedSucceeded: 'Этот платёж уже оплачен',
  completedCanceled: 'Этот платёж уже отклонён',
  back: 'Вернуться в кабинет',
  cardInvalid: 'Проверьте номер карты',
  expiryInvalid: 'Укажите срок действия в виде ММ/ГГ',
  expiryPast: 'Срок действия карты истёк',
  cvcInvalid: 'CVC — три цифры с обратной стороны карты',
  codeFormat: 'Код — 6 цифр',
  codeWrong: `Неверный код. Для теста подходит ${TEST_3DS_CODE}`,
  failed: 'Не получилось провести платёж. Попробуйте ещё раз',
} as const;

const roubles = new Intl.NumberFormat('ru-RU', {
  style: 'currency',
  currency: 'RUB',
  trailingZeroDisplay: 'stripIfInteger',
});

/** Kopecks as «1 500 ₽» or «562,50 ₽». */
export function formatKopecks(kopecks: number): string {
  return roubles.format(kopecks / 100);
}

const STYLESHEET = `*{box-sizing:border-box}
body{margin:0;font:16px/1.5 system-ui,-apple-system,"Segoe UI",Roboto,Arial,sans-serif;background:#eef1f5;color:#1c2430}
main{max-width:420px;margin:40px auto;padding:24px;background:#fff;border-radius:12px;box-shadow:0 2px 12px rgba(0,0,0,.08)}
h1{margin:0 0 4px;font-size:20px}
.amount{margin:16px 0 4px;font-size:28px;font-weight:700}
.description{margin:0 0 16px;color:#4a5563}
label{display:block;margin:12px 0 4px;font-size:14px;color:#4a5563}
input{width:100%;padding:10px 12px;font:inherit;border:1px solid #b8c0cc;border-radius:8px}
.row{display:flex;gap:12px}.row>div{flex:1}
.error{margin:12px 0;padding:10px 12px;background:#fdecec;color:#8a1c1c;border-radius:8px}
.buttons{display:flex;gap:12px;margin-top:20px}
button,.link{flex:1;display:inline-block;padding:12px;font:inherit;font-weight:600;text-align:center;border-radius:8px;border:0;cursor:pointer;text-decoration:none}
.pay{background:#0b5f5a;color:#fff}.decline{background:#e4e7ec;color:#1c2430}.link{background:#0b5f5a;color:#fff}
.hint{margin-top:20px;font-size:13px;color:#5b6472}
`;

interface BankRow {
  id: string;
  amount: number;
  description: string;
  return_url: string;
  status: 'pending' | 'succeeded' | 'canceled';
  /** Our payments.id: the failure page names what was not paid and offers to try again. */
  payment_id: number;
}

type FormBody = Record<string, string>;

function page(title: string, body: string): string {
  return `<!doctype html>
<html lang="ru">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<link rel="icon" href="data:,">
<title>${escapeHtml(title)} — ${escapeHtml(bankMessages.title)}</title>
<link rel="stylesheet" href="${STYLESHEET_PATH}">
</head>
<body>
<main>
<h1>${escapeHtml(bankMessages.title)}</h1>
${body}
</main>
</body>
</html>
`;
}

function errorBlock(error: string | null): string {
  return error ? `<p class="error" role="alert">${escapeHtml(error)}</p>` : '';
}

function summary(row: BankRow): string {
  return `<p class="amount">${escapeHtml(formatKopecks(row.amount))}</p>
<p class="description">${escapeHtml(row.description)}</p>`;
}

function actionOf(id: string, suffix = ''): string {
  return `/test-bank/pay/${encodeURIComponent(id)}/${suffix}`;
}

/** The card form, with what the customer typed kept after an error. */
function cardPage(row: BankRow, values: { card: string; exp: string; cvc: string }, error: string | null) {
  return page(
    'Оплата картой',
    `${summary(row)}
${errorBlock(error)}
<form method="post" action="${escapeHtml(actionOf(row.id))}">
<label for="card">Номер карты</label>
<input id="card" name="card" inputmode="numeric" autocomplete="cc-number" value="${escapeHtml(values.card)}">
<div class="row">
<div><label for="exp">Срок действия</label>
<input id="exp" name="exp" autocomplete="cc-exp" placeholder="ММ/ГГ" value="${escapeHtml(values.exp)}"></div>
<div><label for="cvc">CVC</label>
<input id="cvc" name="cvc" inputmode="numeric" autocomplete="cc-csc" value="${escapeHtml(values.cvc)}"></div>
</div>
<div class="buttons">
<button class="pay" type="submit" name="action" value="pay">Оплатить</button>
<button class="decline" type="submit" name="action" value="decline">Отклонить</button>
</div>
</form>
<p class="hint">Это тестовый банк: деньги не списываются. Карта 4000 0000 0000 0002 — отказ банка,
4000 0000 0000 3220 — с подтверждением кодом 3-D Secure (${TEST_3DS_CODE}).</p>`,
  );
}

function threeDsPage(row: BankRow, error: string | null) {
  return page(
    'Подтверждение платежа',
    `${summary(row)}
<p>Банк просит подтвердить платёж кодом 3-D Secure, отправленным в SMS.</p>
${errorBlock(error)}
<form method="post" action="${escapeHtml(actionOf(row.id, '3ds/'))}">
<label for="code">Код из SMS</label>
<input id="code" name="code" inputmode="numeric" autocomplete="one-time-code" maxlength="6">
<div class="buttons">
<button class="pay" type="submit" name="action" value="confirm">Подтвердить</button>
<button class="decline" type="submit" name="action" value="decline">Отклонить</button>
</div>
</form>
<p class="hint">Для теста подходит код ${TEST_3DS_CODE}.</p>`,
  );
}

function messagePage(title: string, text: string, link: string | null): string {
  const back = link
    ? `<div class="buttons"><a class="link" href="${escapeHtml(link)}">${escapeHtml(bankMessages.back)}</a></div>`
    : '';
  return page(title, `<p>${escapeHtml(text)}</p>\n${back}`);
}

/** Only the digits of a card number typed with spaces or dashes. */
function digitsOf(card: string): string {
  return card.replace(/[\s-]/g, '');
}

/** The Luhn checksum every real card number passes (the test cards do too). */
export function luhnValid(digits: string): boolean {
  if (!/^\d{13,19}$/.test(digits)) return false;
  let sum = 0;
  for (let i = 0; i < digits.length; i += 1) {
    let d = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 1) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
  }
  return sum % 10 === 0;
}

/** The first problem with the card's details, or null. */
export function cardError(card: string, exp: string, cvc: string, now = new Date()): string | null {
  if (!luhnValid(digitsOf(card))) return bankMessages.cardInvalid;
  const m = /^\s*(\d{2})\s*\/\s*(\d{2})\s*$/.exec(exp);
  const month = Number(m?.[1]);
  if (!m || month < 1 || month > 12) return bankMessages.expiryInvalid;
  const year = 2000 + Number(m[2]);
  if (year * 12 + month < now.getUTCFullYear() * 12 + now.getUTCMonth() + 1) return bankMessages.expiryPast;
  if (!/^\d{3}$/.test(cvc.trim())) return bankMessages.cvcInvalid;
  return null;
}

/** A field of the posted form ('' when absent). */
function field(body: unknown, name: string): string {
  const value = (body as FormBody | null)?.[name];
  return typeof value === 'string' ? value : '';
}

/** A date two years ahead, as the card's pre-filled expiry (ММ/ГГ). */
function defaultExpiry(now = new Date()): string {
  const month = String(now.getUTCMonth() + 1).padStart(2, '0');
  return `${month}/${String((now.getUTCFullYear() + 2) % 100).padStart(2, '0')}`;
}

export default async function testBankRoutes(app: FastifyInstance) {
  const publicUrl = app.config.PUBLIC_URL;
  const origin = new URL(publicUrl).origin;
  /** Back to the cabinet after a decline: the result screen looks the payment up by `pay_id`. */
  const failUrl = (row: BankRow) => {
    const url = new URL('/payment?status=fail', publicUrl);
    url.searchParams.set('pay_id', String(row.payment_id));
    return url.href;
  };
  const successUrl = new URL('/payment?status=success', publicUrl).href;
  const provider = app.paymentProvider instanceof TestProvider ? app.paymentProvider : null;
  const { db } = app.database;

  // A plain HTML form posts urlencoded; this parser is this plugin's only (it is encapsulated).
  app.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string', bodyLimit: 16 * 1024 },
    (_request, body, done) => {
      done(null, Object.fromEntries(new URLSearchParams(body as string)));
    },
  );

  const html = (reply: FastifyReply, status: number, body: string) =>
    reply.code(status).header('cache-control', 'no-store').type('text/html; charset=utf-8').send(body);

  // Errors on these pages are pages too, never JSON; a 5xx says nothing of its cause. The database
  // out of reach is a 503 with Retry-After, as everywhere (ADR 041): the customer may press again.
  app.setErrorHandler((error: { statusCode?: number }, request, reply) => {
    if (isDatabaseUnavailable(error)) {
      request.log.warn({ err: error }, 'test bank: the database is unavailable');
      void reply.header('retry-after', String(DATABASE_RETRY_AFTER_SECONDS));
      return html(reply, 503, messagePage('Ошибка', errorMessages.databaseUnavailable, null));
    }
    const status = error.statusCode && error.statusCode < 500 ? error.statusCode : 500;
    if (status >= 500) request.log.error({ err: error }, 'test bank: unhandled error');
    return html(reply, status, messagePage('Ошибка', bankMessages.failed, null));
  });

  /** The bank's payment, or a 404 page already sent (null). */
  async function find(request: FastifyRequest, reply: FastifyReply): Promise<BankRow | null> {
    const { id } = request.params as { id: string };
    if (!provider) {
      await html(reply, 404, messagePage('Не найдено', bankMessages.notTestProvider, null));
      return null;
    }
    const row = await findTestBankPage(db, id);
    if (!row) {
      await html(reply, 404, messagePage('Не найдено', bankMessages.notFound, null));
      return null;
    }
    return { ...row, amount: Number(row.amount) };
  }

  /** Back to the cabinet: the payment's own return URL when it is ours. */
  function returnUrlOf(row: BankRow): string {
    try {
      return new URL(row.return_url).origin === origin ? row.return_url : successUrl;
    } catch {
      return successUrl;
    }
  }

  /** A payment the bank has already decided: it says so, with the way back. */
  function completedPage(reply: FastifyReply, row: BankRow, status: number) {
    const ok = row.status === 'succeeded';
    return html(
      reply,
      status,
      messagePage(
        'Платёж завершён',
        ok ? bankMessages.completedSucceeded : bankMessages.completedCanceled,
        ok ? returnUrlOf(row) : failUrl(row),
      ),
    );
  }

  /**
   * The bank decides, then the payment is settled as a provider's notification settles it (a
   * repeat changes nothing), and the browser goes back to the cabinet.
   */
  async function finish(reply: FastifyReply, row: BankRow, outcome: 'succeeded' | 'canceled') {
    const bank = provider as TestProvider;
    const decided = await bank.complete(row.id, outcome);
    await applyProviderPayment(db, bank, row.id, changesLoggedTo(app.orderEvents, reply.log));
    const target = decided.status === 'succeeded' ? returnUrlOf(row) : failUrl(row);
    return reply.header('cache-control', 'no-store').redirect(target, 303);
  }

  /**
   * A POST to a payment the bank has decided (a second tab, the back button): it is settled
   * again — harmless, and it finishes a settling an earlier request may have left undone — and
   * the page says it is done.
   */
  async function alreadyDone(reply: FastifyReply, row: BankRow) {
    await applyProviderPayment(
      db,
      provider as TestProvider,
      row.id,
      changesLoggedTo(app.orderEvents, reply.log),
    );
    return completedPage(reply, row, 409);
  }

  app.get(STYLESHEET_PATH, { schema: { hide: true } }, (_request, reply) =>
    reply.header('cache-control', 'public, max-age=3600').type('text/css; charset=utf-8').send(STYLESHEET),
  );

  app.get(paymentsApi.testBank.pattern, { schema: { hide: true } }, async (request, reply) => {
    const row = await find(request, reply);
    if (!row) return reply;
    if (row.status !== 'pending') return completedPage(reply, row, 200);
    return html(
      reply,
      200,
      cardPage(row, { card: '4242 4242 4242 4242', exp: defaultExpiry(), cvc: '123' }, null),
    );
  });

  app.post(paymentsApi.testBank.pattern, { schema: { hide: true } }, async (request, reply) => {
    const row = await find(request, reply);
    if (!row) return reply;
    if (row.status !== 'pending') return alreadyDone(reply, row);
    if (field(request.body, 'action') === 'decline') return finish(reply, row, 'canceled');
    const values = {
      card: field(request.body, 'card'),
      exp: field(request.body, 'exp'),
      cvc: field(request.body, 'cvc'),
    };
    const error = cardError(values.card, values.exp, values.cvc);
    if (error) return html(reply, 400, cardPage(row, values, error));
    const card = digitsOf(values.card);
    if (card === TEST_CARDS.declined) return finish(reply, row, 'canceled');
    if (card === TEST_CARDS.threeDs) return html(reply, 200, threeDsPage(row, null));
    return finish(reply, row, 'succeeded');
  });

  app.post('/test-bank/pay/:id/3ds/', { schema: { hide: true } }, async (request, reply) => {
    const row = await find(request, reply);
    if (!row) return reply;
    if (row.status !== 'pending') return alreadyDone(reply, row);
    if (field(request.body, 'action') === 'decline') return finish(reply, row, 'canceled');
    const code = field(request.body, 'code').trim();
    if (!/^\d{6}$/.test(code)) return html(reply, 400, threeDsPage(row, bankMessages.codeFormat));
    if (code !== TEST_3DS_CODE) return html(reply, 400, threeDsPage(row, bankMessages.codeWrong));
    return finish(reply, row, 'succeeded');
  });
}
