import { ORDER_STATUSES, isOrderStatusId, type PushMessage } from '@cabinet/contract';

/** The pushes' Russian texts: `{ title, body, url }`, the url a path of the web app (ADR 044). */

/** Kopecks as «5 063 ₽», with kopecks only when there are some. */
const roubles = new Intl.NumberFormat('ru-RU', {
  style: 'currency',
  currency: 'RUB',
  trailingZeroDisplay: 'stripIfInteger',
});

/** A notification's body stays one glance long: the service worker shows it as it is. */
const BODY_MAX = 140;

function clip(text: string): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  return flat.length > BODY_MAX ? `${flat.slice(0, BODY_MAX - 1)}…` : flat;
}

export function chatMessagePush(orderId: number, author: string, text: string, files: number): PushMessage {
  const said = text.trim() ? clip(text) : files > 0 ? 'Прислал(а) файлы' : 'Новое сообщение';
  return {
    title: `Новое сообщение по заказу № ${orderId}`,
    body: clip(`${author}: ${said}`),
    url: `/order/${orderId}/chat`,
  };
}

export function statusPush(orderId: number, statusId: number): PushMessage {
  const title = isOrderStatusId(statusId) ? ORDER_STATUSES[statusId].title : '';
  return {
    title: `Заказ № ${orderId}: новый статус`,
    body: title ? `Статус заказа — «${title}»` : 'Статус заказа изменился',
    url: `/order/${orderId}`,
  };
}

export function careAnsweredPush(orderId: number, closed: boolean): PushMessage {
  return {
    title: `Ответ по заказу № ${orderId}`,
    body: closed ? 'Менеджер ответил на ваше обращение и закрыл его' : 'Менеджер ответил на ваше обращение',
    url: `/order/${orderId}/care`,
  };
}

export function filesDeliveredPush(orderId: number): PushMessage {
  return {
    title: `Готовые файлы по заказу № ${orderId}`,
    body: 'Автор загрузил работу: её можно скачать и проверить',
    url: `/order/${orderId}/files`,
  };
}

export function paymentPush(
  settled: boolean,
  what: string,
  amount: number,
  orderId: number | null,
): PushMessage {
  const sum = roubles.format(amount / 100);
  return {
    title: settled ? 'Оплата прошла' : 'Оплата не прошла',
    body: clip(
      settled ? `${what}: ${sum} получено` : `${what}: ${sum} — платёж отклонён, можно попробовать снова`,
    ),
    url: orderId === null ? '/payments' : `/order/${orderId}`,
  };
}
