import { CERTIFICATE_VALID_DAYS, OrderStatusId, type OrderStatusId as StatusId } from '@cabinet/contract';
import type { Insertable, Kysely } from 'kysely';
import { Readable } from 'node:stream';
import { hashPassword } from '../lib/passwords';
import { keepDiscounts } from '../modules/orders/discounts';
import { guaranteeUntil } from '../modules/orders/guarantee';
import {
  calculateCost,
  deadlineEndOfDay,
  discountRules,
  priceWithDiscounts,
} from '../modules/orders/pricing';
import { orderTitle } from '../modules/payments/invoices';
import { certificateTitle, newCertificateCode } from '../modules/certificates/repo';
import type { Storage } from '../plugins/storage';
import type { Database } from './index';
import { nowIso } from './index';
import type { DB, OrdersTable } from './types';
import { accounts, postTxn } from '../modules/ledger';

export const DEMO_EMAIL = 'demo@example.com';
/** A second demo customer, with the diploma half-price offer (its popup shows once); DEMO_PASSWORD. */
export const DEMO_OFFER_EMAIL = 'diplom@example.com';
export const DEMO_PASSWORD = 'demo12345';

/** The demo staff (README): a manager and two authors, the first working on the demo orders. */
export const DEMO_STAFF = [
  { email: 'manager@example.com', password: 'manager12345', role: 'manager', name: 'Ольга' },
  { email: 'performer@example.com', password: 'performer12345', role: 'performer', name: 'Иван К.' },
  { email: 'performer2@example.com', password: 'performer12345', role: 'performer', name: 'Мария С.' },
] as const;

const GUARANTEE_DAYS = 20;

const DAY_MS = 24 * 60 * 60 * 1000;
const MOSCOW_OFFSET_MS = 3 * 60 * 60 * 1000;

/** A calendar day `days` away from `now` in Moscow, where deadlines are kept. */
function moscowDay(now: Date, days: number): string {
  return new Date(now.getTime() + MOSCOW_OFFSET_MS + days * DAY_MS).toISOString().slice(0, 10);
}

interface DemoOrder {
  workType: string;
  status: StatusId;
  /** For a trashed order: where restoring sends it. */
  trashedFrom?: StatusId;
  topic: string;
  /** Deadline, days from today (negative: already past). */
  deadlineIn: number;
  /** When it was placed, days ago. */
  placedAgo: number;
  pages: number;
  originality: number;
  checked: boolean;
  requirements: string;
}

/**
 * The demo customer's orders, oldest first: a few active ones at different stages, one done,
 * one cancelled and one in the trash, so every tab of the list has something to show.
 */
export const DEMO_ORDERS: readonly DemoOrder[] = [
  {
    workType: 'otchet-po-praktike',
    status: OrderStatusId.completed,
    topic: 'Отчёт о производственной практике в ООО «Северный ветер»',
    deadlineIn: -12,
    placedAgo: 40,
    pages: 20,
    originality: 60,
    checked: false,
    requirements: 'Дневник практики и характеристика с места практики приложены.',
  },
  {
    workType: 'kontrolnaya',
    status: OrderStatusId.cancelled,
    topic: 'Контрольная по эконометрике: парная регрессия',
    deadlineIn: -20,
    placedAgo: 30,
    pages: 8,
    originality: 0,
    checked: false,
    requirements: 'Вариант 7. Решение с пояснениями.',
  },
  {
    workType: 'diplomnaya',
    status: OrderStatusId.inProgress,
    topic: 'Управление оборотным капиталом торгового предприятия',
    deadlineIn: 45,
    placedAgo: 20,
    pages: 70,
    originality: 75,
    checked: true,
    requirements: 'Три главы, практическая часть на данных предприятия, не меньше 40 источников.',
  },
  {
    workType: 'esse',
    status: OrderStatusId.review,
    topic: 'Роль малого бизнеса в экономике региона',
    deadlineIn: 3,
    placedAgo: 10,
    pages: 5,
    originality: 70,
    checked: false,
    requirements: '',
  },
  {
    workType: 'prezentaciya',
    status: OrderStatusId.trashed,
    trashedFrom: OrderStatusId.awaitingPayment,
    topic: 'Презентация к защите курсовой',
    deadlineIn: 9,
    placedAgo: 6,
    pages: 12,
    originality: 0,
    checked: false,
    requirements: '',
  },
  {
    workType: 'kursovaya',
    status: OrderStatusId.awaitingPayment,
    topic: 'Анализ финансовой устойчивости предприятия',
    deadlineIn: 14,
    placedAgo: 2,
    pages: 30,
    originality: 70,
    checked: true,
    requirements: 'Оформление по ГОСТ 7.32-2017, методичка кафедры приложена.',
  },
  {
    workType: 'referat',
    status: OrderStatusId.pricing,
    topic: 'История денежного обращения в России',
    deadlineIn: 6,
    placedAgo: 0,
    pages: 15,
    originality: 60,
    checked: false,
    requirements: '',
  },
];

async function insertDemoOrders(
  trx: Kysely<DB>,
  userId: number,
  now: Date,
  files: Storage | undefined,
): Promise<void> {
  const workTypes = await trx.selectFrom('work_types').selectAll().execute();
  const subjects = await trx
    .selectFrom('subjects')
    .select('id')
    .orderBy('id')
    .limit(DEMO_ORDERS.length)
    .execute();
  const university = await trx.selectFrom('universities').select('id').orderBy('id').executeTakeFirst();
  const system = await trx.selectFrom('verification_systems').selectAll().orderBy('sort').executeTakeFirst();

  const rows: Array<Insertable<OrdersTable>> = [];
  DEMO_ORDERS.forEach((order, index) => {
    const workType = workTypes.find((w) => w.slug === order.workType);
    if (!workType) throw new Error(`demo seed: no work type ${order.workType}`);
    const placed = new Date(now.getTime() - order.placedAgo * DAY_MS);
    const deadline = moscowDay(now, order.deadlineIn);
    const verification = order.checked ? (system ?? null) : null;
    // Priced as on the day it was placed, so a past deadline still has a sensible price.
    const cost = calculateCost({
      workType,
      pages: order.pages,
      deadline: deadlineEndOfDay(deadline),
      now: placed,
      originality: order.originality,
      verificationSystem: verification,
    }).total;
    const firstOrder = index === 0;
    const discount = priceWithDiscounts(cost, discountRules({ firstOrder, packet: null, promo: null }));
    const at = placed.toISOString();
    rows.push({
      user_id: userId,
      status_id: order.status,
      is_trash: order.status === OrderStatusId.trashed ? 1 : 0,
      trashed_from_status: order.trashedFrom ?? null,
      work_type_id: workType.id,
      subject_id: subjects[index]?.id ?? null,
      topic: order.topic,
      university_id: university?.id ?? null,
      deadline,
      pages: order.pages,
      originality: order.originality,
      verification_system_id: verification?.id ?? null,
      requirements: order.requirements,
      links: '[]',
      promo_code: null,
      cost,
      discount: discount.discount,
      price: discount.price,
      is_first_order: firstOrder ? 1 : 0,
      packet_id: null,
      created_at: at,
      updated_at: at,
    });
  });
  // One at a time, oldest first: the list shows the newest (highest id) on top.
  const staff = {
    managerId: await demoStaffId(trx, DEMO_STAFF[0].email),
    performerId: await demoStaffId(trx, DEMO_STAFF[1].email),
  };
  for (const row of rows) {
    const order = await trx.insertInto('orders').values(row).returning('id').executeTakeFirstOrThrow();
    // The first order's discount is kept with it, as placing it keeps it (ADR 027).
    const rules = discountRules({ firstOrder: row.is_first_order === 1, packet: null, promo: null });
    await keepDiscounts(trx, order.id, rules, priceWithDiscounts(Number(row.cost), rules));
    await bringToLife(trx, { ...row, id: order.id, created_at: row.created_at as string }, staff, now, files);
  }
}

/**
 * What staff and payments would have done to a demo order by its status, so that the staff side
 * has a living queue and the customer a coherent first look: a price set (2 on), payment (3 on),
 * the first demo author assigned and at work (4 on), the author's final file and a guarantee
 * running (5 and 7, the work accepted in 7), each with its timeline event.
 */
async function bringToLife(
  trx: Kysely<DB>,
  order: Insertable<OrdersTable> & { id: number; created_at: string },
  staff: { managerId: number | null; performerId: number | null },
  now: Date,
  files: Storage | undefined,
): Promise<void> {
  const { managerId, performerId } = staff;
  const status = order.status_id === OrderStatusId.trashed ? order.trashed_from_status : order.status_id;
  const event = (kind: string, actorRole: 'manager' | 'system', data: object, at: string) =>
    trx
      .insertInto('order_events')
      .values({
        order_id: order.id,
        kind,
        actor_role: actorRole,
        staff_id: actorRole === 'manager' ? managerId : null,
        data: JSON.stringify(data),
        created_at: at,
      })
      .execute();
  const placed = Date.parse(order.created_at);
  const later = (hours: number) =>
    new Date(Math.min(placed + hours * 3_600_000, now.getTime())).toISOString();
  if (status == null || status === OrderStatusId.pricing || status === OrderStatusId.cancelled) return;
  await event('priced', 'manager', { price: order.price }, later(1));
  if (status === OrderStatusId.awaitingPayment) return;
  await trx.updateTable('orders').set({ paid: order.price }).where('id', '=', order.id).execute();
  await event('paid', 'system', { amount: order.price }, later(2));
  if (performerId === null) return;
  const delivered =
    status === OrderStatusId.review || status === OrderStatusId.completed
      ? new Date(now.getTime() - (status === OrderStatusId.completed ? 5 : 1) * DAY_MS)
      : null;
  await trx
    .updateTable('orders')
    .set({
      performer_id: performerId,
      // As a delivery sets it: from the later of the final file and the deadline.
      guarantee_until: delivered
        ? guaranteeUntil(delivered, GUARANTEE_DAYS, (order.deadline as string | null) ?? null)
        : null,
    })
    .where('id', '=', order.id)
    .execute();
  await event('author_assigned', 'manager', { performer_id: performerId }, later(3));
  if (status === OrderStatusId.authorAssigned) return;
  await trx
    .insertInto('order_events')
    .values({
      order_id: order.id,
      kind: 'status_changed',
      actor_role: 'performer',
      staff_id: performerId,
      data: JSON.stringify({ from: OrderStatusId.authorAssigned, to: OrderStatusId.inProgress }),
      created_at: later(4),
    })
    .execute();
  if (!delivered) return;
  // The work the customer checks (5) or accepted (7): the author's final file, as a delivery records it.
  const at = delivered.toISOString();
  const file = files ? await demoFinalFile(files, order) : null;
  if (file) {
    await trx
      .insertInto('order_files')
      .values({
        order_id: order.id,
        user_id: order.user_id,
        staff_id: performerId,
        kind: 'final',
        original_name: file.name,
        stored_name: file.storedName,
        size: file.size,
        mime: 'application/pdf',
        created_at: at,
        // The accepted work was looked at; the one under review is new to the customer.
        is_reviewed: status === OrderStatusId.completed ? 1 : 0,
      })
      .execute();
  }
  await trx
    .insertInto('order_events')
    .values({
      order_id: order.id,
      kind: 'file_delivered',
      actor_role: 'performer',
      staff_id: performerId,
      data: JSON.stringify({
        from: OrderStatusId.inProgress,
        to: OrderStatusId.review,
        kind: 'final',
        names: file ? [file.name] : [],
      }),
      created_at: at,
    })
    .execute();
  if (status !== OrderStatusId.completed) return;
  await trx
    .insertInto('order_events')
    .values({
      order_id: order.id,
      kind: 'accepted',
      actor_role: 'customer',
      staff_id: null,
      data: JSON.stringify({ from: OrderStatusId.review, to: OrderStatusId.completed }),
      created_at: new Date(delivered.getTime() + DAY_MS).toISOString(),
    })
    .execute();
}

/**
 * A one-page PDF for a demo order's final file: enough for the preview and the download to show
 * something real. Built by hand (the title page's Cyrillic font costs a second to embed, on every
 * seeded test server), so its text is plain ASCII; the file's name is the Russian one.
 */
export function demoPdf(lines: readonly string[]): Buffer {
  const text = lines
    .map(
      (line, i) =>
        `BT /F1 ${i === 0 ? 20 : 12} Tf 72 ${760 - i * 28} Td (${line.replace(/[()\\]/g, '')}) Tj ET`,
    )
    .join('\n');
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] /Resources << /Font << /F1 4 0 R >> >> /Contents 5 0 R >>',
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>',
    `<< /Length ${Buffer.byteLength(text, 'latin1')} >>\nstream\n${text}\nendstream`,
  ];
  let body = '%PDF-1.4\n';
  const offsets: number[] = [];
  objects.forEach((object, i) => {
    offsets.push(Buffer.byteLength(body, 'latin1'));
    body += `${i + 1} 0 obj\n${object}\nendobj\n`;
  });
  const xref = Buffer.byteLength(body, 'latin1');
  body += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  for (const offset of offsets) body += `${String(offset).padStart(10, '0')} 00000 n \n`;
  body += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(body, 'latin1');
}

/** Stores the demo order's final file: «{тема}.pdf», as an author would name it. */
async function demoFinalFile(
  files: Storage,
  order: Insertable<OrdersTable> & { id: number },
): Promise<{ name: string; storedName: string; size: number }> {
  const content = demoPdf([
    `Demo order No. ${order.id}: the final work`,
    'A demo file of the cabinet, seeded with the demo data.',
    'A real order holds the work the author uploaded here.',
  ]);
  const saved = await files.save(Readable.from([content]));
  const topic = String(order.topic ?? '')
    .replace(/[\\/:*?"<>|«»]+/g, '')
    .trim();
  return { name: `${topic || `Заказ ${order.id}`}.pdf`, ...saved };
}

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
async function insertDemoMoney(trx: Kysely<DB>, userId: number, now: Date): Promise<void> {
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
async function insertDemoCertificates(trx: Kysely<DB>, userId: number, now: Date): Promise<void> {
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

async function demoStaffId(trx: Kysely<DB>, email: string): Promise<number | null> {
  const row = await trx.selectFrom('staff_users').select('id').where('email', '=', email).executeTakeFirst();
  return row?.id ?? null;
}

/** The demo staff accounts, each created once (an existing one, however changed, is kept). */
async function seedDemoStaff(db: Kysely<DB>, hashes: readonly string[]): Promise<void> {
  for (const [i, member] of DEMO_STAFF.entries()) {
    await db
      .insertInto('staff_users')
      .values({
        email: member.email,
        password_hash: hashes[i] ?? '',
        role: member.role,
        name: member.name,
        created_at: nowIso(),
      })
      .onConflict((oc) => oc.column('email').doNothing())
      .execute();
  }
}

async function staffHashes(db: Kysely<DB>): Promise<string[] | null> {
  const emails = DEMO_STAFF.map((m) => m.email);
  const existing = await db.selectFrom('staff_users').select('email').where('email', 'in', emails).execute();
  if (existing.length === DEMO_STAFF.length) return null;
  return Promise.all(DEMO_STAFF.map((m) => hashPassword(m.password)));
}

/**
 * The demo customer a newcomer signs in with, with orders in every tab, and the demo staff. `auto` seeds only an
 * empty database (never one that holds real users); `force` (SEED_DEMO=1) seeds anyway. Both are
 * idempotent, and the customer and the orders land together or not at all.
 */
/**
 * `files`: where the demo orders' final files go (the app's storage); without it the orders under
 * review and done have their delivery in the timeline but no file.
 */
export async function seedDemo(
  database: Database,
  mode: 'auto' | 'force',
  files?: Storage,
): Promise<boolean> {
  const { db } = database;
  const demo = await db.selectFrom('users').select('id').where('email', '=', DEMO_EMAIL).executeTakeFirst();
  if (demo) {
    // A demo database from before the staff side gains the demo staff.
    const hashes = await staffHashes(db);
    if (hashes) await seedDemoStaff(db, hashes);
    return false;
  }
  if (mode === 'auto') {
    const any = await db.selectFrom('users').select('id').limit(1).executeTakeFirst();
    if (any) return false;
  }
  const passwordHash = await hashPassword(DEMO_PASSWORD);
  const hashes = await staffHashes(db);
  return db.transaction().execute(async (trx) => {
    if (hashes) await seedDemoStaff(trx, hashes);
    const user = await trx
      .insertInto('users')
      .values({
        email: DEMO_EMAIL,
        password_hash: passwordHash,
        fio: 'Анна Демидова',
        phone: '+79991234567',
        birthday: '2003-04-12',
        sex: 'female',
        education: 'bachelor',
        university: 'МГУ им. М. В. Ломоносова',
        course: '3',
        group_header: 'ЭК-31',
        training_form: 'full-time',
        telegram: '@anna_demidova',
        is_telegram_contact: 1,
        created_at: nowIso(),
        // The demo address is ours: it is not waiting for anyone to prove it.
        email_confirmed_at: nowIso(),
      })
      .onConflict((oc) => oc.column('email').doNothing())
      .returning('id')
      .executeTakeFirst();
    // Another start seeded it in the meantime: its orders came with it.
    if (!user) return false;
    const now = new Date();
    await insertDemoOrders(trx, user.id, now, files);
    await insertDemoMoney(trx, user.id, now);
    await insertDemoCertificates(trx, user.id, now);
    // Spec §4/§9: a second demo customer has the diploma half-price offer (id 4) with its popup not
    // yet dismissed. Not the main demo customer: a modal on its first sign-in would stand in front
    // of everything a visitor tries first.
    await trx
      .insertInto('users')
      .values({
        email: DEMO_OFFER_EMAIL,
        password_hash: passwordHash,
        fio: 'Олег Смирнов',
        diplom_half_price_id: 4,
        created_at: nowIso(),
        email_confirmed_at: nowIso(),
      })
      .onConflict((oc) => oc.column('email').doNothing())
      .execute();
    return true;
  });
}
