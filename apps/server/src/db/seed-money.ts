import { CERTIFICATE_VALID_DAYS } from '@cabinet/contract';
import type { Kysely } from 'kysely';
import { orderTitle } from '../modules/payments';
import { certificateTitle, newCertificateCode } from '../modules/certificates';
import type { DB } from './types';
import { accounts, postTxn } from '../modules/ledger';

const DAY_MS = 24 * 60 * 60 * 1000;
/** The demo customer's balance: 5 000 ₽ of money and 300 ₽ of bonuses. */
export const DEMO_MONEY = 5_000_00;
export const DEMO_BONUS = 300_00;
/** The demo certificate the customer redeemed into the balance (insertDemoCertificates). */
export const DEMO_REDEEMED_CERTIFICATE = 1_000_00;

/**
 * The demo customer's money, all as ledger entries: every order the seed marked paid has
 * its succeeded card payment at the time of its 'paid' event, the balance was topped up by
 * 5 000 ₽ through the provider, and 300 ₽ of bonuses were granted. The order waiting for payment
 * keeps its price and gets its invoice when the customer opens the payments.
 */
export async function insertDemoMoney(trx: Kysely<DB>, userId: number, now: Date): Promise<void> {
  const paid = await trx
    .selectFrom('order_events')
    .innerJoin('orders', 'orders.id', 'order_events.order_id')
    .leftJoin('work_types', 'work_types.id', 'orders.work_type_id')
    .select([
      'orders.id',
      'orders.topic',
      'work_types.title as work_type',
      'order_events.data',
      'order_events.created_at',
    ])
    .where('orders.user_id', '=', userId)
    .where('order_events.kind', '=', 'paid')
    .orderBy('order_events.created_at')
    .execute();
  const payment = async (
    values: {
      purpose: 'order' | 'replenish';
      object_id: number | null;
      title: string;
      amount: number;
      data: string;
    },
    at: string,
  ) => {
    const row = await trx
      .insertInto('payments')
      .values({
        ...values,
        user_id: userId,
        payment_method: 'bank_card',
        status: 'succeeded',
        provider: 'test',
        created_at: at,
        paid_at: at,
        updated_at: at,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    return row.id;
  };
  for (const event of paid) {
    const amount = Number((JSON.parse(event.data) as { amount?: number }).amount ?? 0);
    if (amount <= 0) continue;
    const title = orderTitle(event, event.work_type);
    const data = JSON.stringify({ orders: [{ id: event.id, amount }] });
    const id = await payment(
      { purpose: 'order', object_id: event.id, title, amount, data },
      event.created_at,
    );
    await postTxn(
      trx,
      { kind: 'payment', user_id: userId, payment_id: id, order_id: event.id, title, at: event.created_at },
      [
        { account: accounts.providerClearing, amount: -amount },
        { account: accounts.revenue, amount },
      ],
    );
  }
  const toppedUp = new Date(now.getTime() - 3 * DAY_MS).toISOString();
  const title = 'Пополнение баланса';
  const replenish = await payment(
    { purpose: 'replenish', object_id: null, title, amount: DEMO_MONEY, data: '{}' },
    toppedUp,
  );
  await postTxn(trx, { kind: 'replenish', user_id: userId, payment_id: replenish, title, at: toppedUp }, [
    { account: accounts.providerClearing, amount: -DEMO_MONEY },
    { account: accounts.customerMoney(userId), amount: DEMO_MONEY },
  ]);
  const granted = new Date(now.getTime() - 2 * DAY_MS).toISOString();
  await postTxn(
    trx,
    { kind: 'bonus_accrual', user_id: userId, title: 'Бонусы за первые заказы', at: granted },
    [
      { account: accounts.bonusPool, amount: -DEMO_BONUS },
      { account: accounts.customerBonus(userId), amount: DEMO_BONUS },
    ],
  );
}

/**
 * Two gift certificates of the demo customer's, so that /certificates is not empty: one
 * of 5 000 ₽ paid by card ten days ago and active, and one of 1 000 ₽ bought forty days ago and
 * redeemed by the customer into the balance. The money moves as the app moves it (settle.ts,
 * certificates/service.ts).
 */
export async function insertDemoCertificates(trx: Kysely<DB>, userId: number, now: Date): Promise<void> {
  const ago = (days: number) => new Date(now.getTime() - days * DAY_MS).toISOString();
  const buy = async (value: number, paidAt: string) => {
    const title = certificateTitle(value);
    const cert = await trx
      .insertInto('certificates')
      .values({
        user_id: userId,
        value,
        code: newCertificateCode(),
        status: 'active',
        created_at: paidAt,
        paid_at: paidAt,
        expires_at: new Date(Date.parse(paidAt) + CERTIFICATE_VALID_DAYS * DAY_MS).toISOString(),
      })
      .returning(['id', 'code'])
      .executeTakeFirstOrThrow();
    const payment = await trx
      .insertInto('payments')
      .values({
        user_id: userId,
        purpose: 'certificate',
        object_id: cert.id,
        title,
        amount: value,
        payment_method: 'bank_card',
        status: 'succeeded',
        provider: 'test',
        created_at: paidAt,
        paid_at: paidAt,
        updated_at: paidAt,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await trx.updateTable('certificates').set({ payment_id: payment.id }).where('id', '=', cert.id).execute();
    await postTxn(
      trx,
      { kind: 'certificate_sale', user_id: userId, payment_id: payment.id, title, at: paidAt },
      [
        { account: accounts.providerClearing, amount: -value },
        { account: accounts.certificates, amount: value },
      ],
    );
    return { ...cert, payment: payment.id, title };
  };
  await buy(5_000_00, ago(10));
  const used = await buy(DEMO_REDEEMED_CERTIFICATE, ago(40));
  const redeemedAt = ago(35);
  await trx
    .updateTable('certificates')
    .set({ status: 'redeemed', redeemed_at: redeemedAt, redeemed_by: userId })
    .where('id', '=', used.id)
    .execute();
  await postTxn(
    trx,
    {
      kind: 'certificate_redeem',
      user_id: userId,
      payment_id: used.payment,
      title: `Активация: ${used.title.toLowerCase()} (${used.code.slice(0, 4)}-…)`,
      at: redeemedAt,
    },
    [
      { account: accounts.certificates, amount: -DEMO_REDEEMED_CERTIFICATE },
      { account: accounts.customerMoney(userId), amount: DEMO_REDEEMED_CERTIFICATE },
    ],
  );
}
