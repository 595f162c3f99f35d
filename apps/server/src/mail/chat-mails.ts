import type { Mail } from '../plugins/mailer';
import { linkMail } from './layout';

/** One chat message in the digest: who wrote it, when, what, and the names of its files. */
export interface ChatDigestLine {
  author: string;
  /** ISO time. */
  at: string;
  text: string;
  files: string[];
}

/** «23 ноября, 14:05» in Moscow time, where the service and its customers are. */
const messageTime = new Intl.DateTimeFormat('ru-RU', {
  day: 'numeric',
  month: 'long',
  hour: '2-digit',
  minute: '2-digit',
  timeZone: 'Europe/Moscow',
});

const DIGEST_TEXT_MAX = 500;

const newMessagesWord = new Intl.PluralRules('ru-RU');
function newMessages(n: number): string {
  const form = newMessagesWord.select(n);
  if (form === 'one') return `${n} новое сообщение`;
  if (form === 'few') return `${n} новых сообщения`;
  return `${n} новых сообщений`;
}

/**
 * Chat messages the customer has not read for a while (CHAT_DIGEST_MINUTES), in one mail per
 * order and quiet period; the link signs in (`?al=`) and opens the chat to reply.
 */
export function chatDigestMail(
  to: string,
  order: { id: number; topic: string },
  messages: readonly ChatDigestLine[],
  /** Unread messages beyond those listed. */
  more: number,
  link: string,
): Mail {
  const total = messages.length + more;
  const lines = [
    `По заказу №${order.id} в чате ${newMessages(total)}.`,
    ...(order.topic ? [`Тема: ${order.topic}`] : []),
  ];
  for (const m of messages) {
    const text = m.text.length > DIGEST_TEXT_MAX ? `${m.text.slice(0, DIGEST_TEXT_MAX - 1)}…` : m.text;
    lines.push(
      [
        `${m.author}, ${messageTime.format(new Date(m.at))}:`,
        text,
        m.files.length > 0 && `Файлы: ${m.files.join(', ')}`,
      ]
        .filter(Boolean)
        .join('\n'),
    );
  }
  if (more > 0) lines.push(`…и ещё ${more} в кабинете.`);
  return linkMail(to, `Новые сообщения по заказу №${order.id}`, lines, {
    href: link,
    label: 'Ответить в чате',
  });
}
