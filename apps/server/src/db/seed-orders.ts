import { OrderStatusId, type OrderStatusId as StatusId } from '@cabinet/contract';
import type { Insertable, Kysely } from 'kysely';
import { Readable } from 'node:stream';
import {
  calculateCost,
  deadlineEndOfDay,
  discountRules,
  guaranteeUntil,
  keepDiscounts,
  priceWithDiscounts,
} from '../modules/orders';
import type { Storage } from '../plugins/storage';
import type { DB, OrdersTable } from './types';
import { DEMO_STAFF, demoStaffId } from './seed-staff';

/** The demo customer's orders, one in every state, brought to life as the staff would have. */

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

export async function insertDemoOrders(
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
