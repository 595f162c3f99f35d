import { paymentsApi } from '@cabinet/contract';
import type { FastifyInstance } from 'fastify';
import { expect } from 'vitest';
import { payCustomer, type PayCustomer } from './payments-fixtures';

/**
 * Fixtures of SMS verification: customers with a phone, the newest SMS from the dev
 * outbox, and a whole verification through the API.
 */

/** A fresh +7 phone per call, so no two customers share an outbox. */
let phoneSeq = 0;
export function uniquePhone(): { sms: string } {
  phoneSeq += 1;
  const tail = String((process.pid * 1000 + phoneSeq) % 10_000_000).padStart(7, '0');
  return { sms: `+7916${tail}` };
}

/** A customer whose profile has a phone (stored as every phone is: E.164, ADR 023). */
export async function customerWithPhone(app: FastifyInstance) {
  const c = await payCustomer(app);
  const phone = uniquePhone();
  await app.database.db.updateTable('users').set({ phone: phone.sms }).where('id', '=', c.id).execute();
  return { ...c, phone: phone.sms };
}

/** The newest SMS to a phone, through the dev outbox (`?to=+7…`, the `+` left as typed). */
export async function latestSms(app: FastifyInstance, phone: string) {
  const res = await app.inject({ method: 'GET', url: `/dev/outbox/latest?to=${phone}` });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as { to: string; text: string; created_at: string };
}

export const codeIn = (text: string) => {
  const m = /\b(\d{6})\b/.exec(text);
  if (!m) throw new Error(`no code in ${text}`);
  return m[1]!;
};

/** Verifies the purpose through the API: send, read the SMS from the outbox, confirm. */
export async function verify(app: FastifyInstance, c: PayCustomer & { phone: string }, type = 'repayment') {
  const sent = await app.inject({ method: 'POST', url: paymentsApi.verificateCode(type), headers: c.auth });
  expect(sent.statusCode, sent.body).toBe(200);
  const res = await app.inject({
    method: 'PATCH',
    url: paymentsApi.verificateCode(type),
    headers: c.auth,
    payload: { code: codeIn((await latestSms(app, c.phone)).text) },
  });
  expect(res.statusCode, res.body).toBe(200);
}
