import {
  ORDER_STATUSES,
  STAFF_STATUS_TITLES,
  careKindTitles,
  isOrderStatusId,
  type Actor as ShownActor,
  type TimelineEvent,
  type TimelineKind,
} from '@cabinet/contract';
import { notFound, type OrdersContext } from '../context';
import { formatDay, formatRoubles } from '../../../mail';
import { orderEvents, placedOrderCreatedAt } from './repo';
import { namerFor, type Face } from './people';

/**
 * The order's timeline: every recorded event (order_events) in Russian, oldest first, with who did
 * it as the face may see them. The placing itself is the order's creation time.
 */

type Data = Record<string, unknown>;

const num = (v: unknown): number | null => (typeof v === 'number' && Number.isFinite(v) ? v : null);
const str = (v: unknown): string | null => (typeof v === 'string' && v !== '' ? v : null);

function statusTitle(id: number | null, face: Face): string {
  if (id === null) return '';
  if (face === 'staff') return STAFF_STATUS_TITLES[id] ?? String(id);
  return isOrderStatusId(id) ? ORDER_STATUSES[id].title : String(id);
}

/**
 * The text of one event. `performer` names the author an assignment named (as the face sees
 * them). Data keys read: priced {price}, deadline_changed {deadline}, paid {amount}, author_assigned
 * {performer_id}, file_delivered {kind, names, percent}, rework_* {number}, care_opened {kind},
 * care_answered {closed}, status_changed and any move {to}.
 */
export function timelineText(kind: TimelineKind, data: Data, face: Face, performer?: string): string {
  switch (kind) {
    case 'created':
      return 'Заказ оформлен';
    case 'priced': {
      const price = num(data.price);
      return price === null ? 'Назначена цена' : `Назначена цена ${formatRoubles(price)}`;
    }
    case 'deadline_changed': {
      const day = str(data.deadline);
      return day ? `Срок изменён: до ${formatDay(day.slice(0, 10))}` : 'Срок изменён';
    }
    case 'paid': {
      const amount = num(data.amount);
      return amount === null ? 'Заказ оплачен' : `Заказ оплачен: ${formatRoubles(amount)}`;
    }
    case 'author_assigned':
      return performer ? `Назначен автор: ${performer}` : 'Назначен автор';
    case 'file_delivered': {
      const names = Array.isArray(data.names)
        ? data.names.filter((n): n is string => typeof n === 'string')
        : [];
      if (data.kind === 'report') {
        const percent = num(data.percent);
        return percent === null ? 'Отчёт об оригинальности' : `Отчёт об оригинальности: ${percent} %`;
      }
      const what = data.kind === 'final' ? 'Готовая работа' : 'Промежуточные файлы';
      return names.length ? `${what}: ${names.join(', ')}` : what;
    }
    case 'rework_opened':
      return num(data.number) === null ? 'Запрошена доработка' : `Запрошена доработка №${num(data.number)}`;
    case 'rework_answered':
      return num(data.number) === null ? 'Доработка готова' : `Доработка №${num(data.number)} готова`;
    case 'care_opened': {
      const k = data.kind === 'complaint' ? careKindTitles.complaint : careKindTitles.question;
      return `Обращение в службу качества: ${k.toLowerCase()}`;
    }
    case 'care_answered':
      return data.closed === true ? 'Ответ на обращение, обращение закрыто' : 'Ответ на обращение';
    case 'status_changed':
      return `Статус: ${statusTitle(num(data.to), face)}`;
    case 'accepted':
      return 'Работа принята';
  }
}

/** The order's events as the face sees them, oldest first. Callers check access. */
export async function getTimeline(ctx: OrdersContext, orderId: number, face: Face): Promise<TimelineEvent[]> {
  const order = await placedOrderCreatedAt(ctx.db, orderId);
  if (!order) throw notFound();
  const rows = await orderEvents(ctx.db, orderId);
  const parsed = rows.map((row) => {
    let data: Data = {};
    try {
      const value: unknown = JSON.parse(row.data);
      if (value && typeof value === 'object' && !Array.isArray(value)) data = value as Data;
    } catch {
      // A broken row still shows its kind.
    }
    return { row, data };
  });
  const performerIds = parsed.map(({ data }) => num(data.performer_id));
  const namer = await namerFor(ctx.db, orderId, face, [...rows.map((r) => r.staff_id), ...performerIds]);
  const events: TimelineEvent[] = parsed.map(({ row, data }) => {
    const kind = row.kind as TimelineKind;
    const performerId = num(data.performer_id);
    const performer = performerId === null ? undefined : namer.staffName(performerId);
    const actor: ShownActor = namer.actor(row.actor_role, row.staff_id);
    return {
      id: row.id,
      kind,
      text: timelineText(kind, data, face, performer),
      actor,
      created_at: row.created_at,
    };
  });
  if (!rows.some((r) => r.kind === 'created')) {
    events.unshift({
      id: 0,
      kind: 'created',
      text: timelineText('created', {}, face),
      actor: namer.actor('customer', null),
      created_at: order.created_at,
    });
  }
  return events;
}
