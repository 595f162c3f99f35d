import type { Mail } from '../plugins/mailer';
import { linkMail } from './layout';

/** The mails of an order's life: placed, priced, delivered, a rework or a care request answered. */

/** Kopecks as «5 063 ₽», with kopecks only when there are some («562,50 ₽»). */
const roubles = new Intl.NumberFormat('ru-RU', {
  style: 'currency',
  currency: 'RUB',
  trailingZeroDisplay: 'stripIfInteger',
});
/** A deadline day `YYYY-MM-DD` as «1 декабря 2026» (without Intl's « г.»). */
const longDate = new Intl.DateTimeFormat('ru-RU', {
  day: 'numeric',
  month: 'long',
  year: 'numeric',
  timeZone: 'UTC',
});
function dayText(day: string): string {
  return longDate
    .formatToParts(new Date(`${day}T00:00:00Z`))
    .filter((p) => p.type === 'day' || p.type === 'month' || p.type === 'year')
    .map((p) => p.value)
    .join(' ');
}

export interface PlacedOrderLine {
  id: number;
  workType: string;
  topic: string;
  /** `YYYY-MM-DD`; a placed order always has one. */
  deadline: string | null;
  /** Kopecks; 0 while there is no price yet. */
  price: number;
}

/**
 * Sent when an order (or a packet's orders) is placed: what was ordered, and the link to it. A
 * new order's price is the server's estimate that a manager still confirms, so the mail says so.
 */
export function orderPlacedMail(
  to: string,
  orders: readonly PlacedOrderLine[],
  link: string,
  priceToConfirm: boolean,
): Mail {
  const numbers = orders.map((o) => `№${o.id}`).join(', ');
  const one = orders.length === 1;
  const lines = [one ? 'Спасибо! Мы получили ваш заказ.' : 'Спасибо! Мы получили ваши заказы.'];
  for (const o of orders) {
    lines.push(
      [
        `Заказ №${o.id} — ${o.workType}`,
        o.topic && `Тема: ${o.topic}`,
        o.deadline && `Срок: до ${dayText(o.deadline)}`,
        o.price > 0 && `Стоимость: ${roubles.format(o.price / 100)}`,
      ]
        .filter(Boolean)
        .join('\n'),
    );
  }
  if (priceToConfirm) {
    lines.push(
      'Менеджер проверит требования и подтвердит стоимость — обычно это занимает до часа. Затем заказ можно оплатить в кабинете.',
    );
  }
  return linkMail(to, one ? `Заказ ${numbers} оформлен` : `Заказы ${numbers} оформлены`, lines, {
    href: link,
    label: one ? 'Открыть заказ' : 'Открыть заказы',
  });
}

/** Kopecks as roubles the way every mail and the order timeline write them («5 000 ₽»). */
export function formatRoubles(kopecks: number): string {
  return roubles.format(kopecks / 100);
}

/** A day `YYYY-MM-DD` as «1 декабря 2026». */
export function formatDay(day: string): string {
  return dayText(day);
}

export interface OrderEventLine {
  id: number;
  workType: string;
  topic: string;
  /** Kopecks. */
  price: number;
  /** `YYYY-MM-DD` or null. */
  deadline: string | null;
}

function orderHeader(o: OrderEventLine): string {
  return [`Заказ №${o.id} — ${o.workType}`, o.topic && `Тема: ${o.topic}`].filter(Boolean).join('\n');
}

/** A manager priced the order: it waits for payment. */
export function orderPricedMail(to: string, o: OrderEventLine, link: string): Mail {
  const lines = [
    'Менеджер проверил требования и назначил стоимость.',
    [orderHeader(o), `Стоимость: ${formatRoubles(o.price)}`, o.deadline && `Срок: до ${dayText(o.deadline)}`]
      .filter(Boolean)
      .join('\n'),
    'Оплатите заказ в кабинете, и мы сразу начнём искать автора.',
  ];
  return linkMail(to, `Заказ №${o.id}: стоимость ${formatRoubles(o.price)}, ожидает оплаты`, lines, {
    href: link,
    label: 'Открыть заказ',
  });
}

/** The author sent the finished work: the customer checks it within the guarantee. */
export function finalDeliveredMail(
  to: string,
  o: OrderEventLine,
  link: string,
  guaranteeUntil: string | null,
): Mail {
  const lines = [
    'Автор прислал готовую работу.',
    orderHeader(o),
    'Проверьте её и примите заказ или попросите доработку.' +
      (guaranteeUntil ? ` Бесплатные доработки — до ${dayText(guaranteeUntil.slice(0, 10))}.` : ''),
  ];
  return linkMail(to, `Заказ №${o.id}: работа готова`, lines, { href: link, label: 'Посмотреть работу' });
}

/** The author answered a rework. */
export function reworkAnsweredMail(to: string, o: OrderEventLine, reworkNumber: number, link: string): Mail {
  const lines = [
    `Автор ответил на доработку №${reworkNumber}.`,
    orderHeader(o),
    'Проверьте исправленную работу.',
  ];
  return linkMail(to, `Заказ №${o.id}: доработка готова`, lines, { href: link, label: 'Открыть доработку' });
}

/** A manager answered a quality-care request. */
export function careAnsweredMail(to: string, o: OrderEventLine, closed: boolean, link: string): Mail {
  const lines = [
    closed ? 'Менеджер ответил на ваше обращение и закрыл его.' : 'Менеджер ответил на ваше обращение.',
    orderHeader(o),
  ];
  return linkMail(to, `Заказ №${o.id}: ответ на обращение`, lines, { href: link, label: 'Прочитать ответ' });
}
