import type { Mail } from './mailer';

/** Russian e-mails: each has a plain-text part (with the bare link) and a small HTML part. */

const SERVICE = 'Кабинет студента';

export function escapeHtml(s: string): string {
  return s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

function layout(paragraphs: string[], link?: { href: string; label: string }): string {
  const body = paragraphs.map((p) => `<p>${escapeHtml(p).replaceAll('\n', '<br>')}</p>`).join('\n');
  const button = link
    ? `<p><a href="${escapeHtml(link.href)}" style="display:inline-block;padding:10px 18px;background:#0b5f5a;color:#fff;border-radius:6px;text-decoration:none">${escapeHtml(link.label)}</a></p>\n<p style="color:#555">Если кнопка не открывается, скопируйте ссылку в браузер:<br>${escapeHtml(link.href)}</p>`
    : '';
  return `<!doctype html><html lang="ru"><body style="font-family:Arial,sans-serif;line-height:1.5">\n${body}\n${button}\n<p style="color:#555">— ${SERVICE}</p></body></html>`;
}

function text(lines: string[]): string {
  return [...lines, '', `— ${SERVICE}`].join('\n');
}

/** A mail whose point is one link: a button in the HTML part, the bare link under the text part. */
function linkMail(
  to: string,
  subject: string,
  lines: string[],
  link: { href: string; label: string },
  textLabel: string = link.label,
): Mail {
  return {
    to,
    subject,
    text: text([...lines, '', `${textLabel}: ${link.href}`]),
    html: layout(lines, link),
  };
}

/** «Если вы не регистрировались — нажмите здесь»: the registration mails' way to delete the account. */
const NOT_ME_TEXT = 'Если вы не регистрировались — нажмите здесь';

/** Adds the «not me» link under a registration mail's own link, in both parts. */
function withNotMeLink(mail: Mail, notMeLink: string): Mail {
  const anchor = `<p style="color:#555">Если вы не регистрировались — <a href="${escapeHtml(notMeLink)}">нажмите здесь</a>: кабинет и всё, что в нём сохранено, будут удалены.</p>`;
  const signature = `\n<p style="color:#555">— ${SERVICE}</p>`;
  return {
    ...mail,
    text: mail.text.replace(`\n\n— ${SERVICE}`, `\n\n${NOT_ME_TEXT}: ${notMeLink}\n\n— ${SERVICE}`),
    html: mail.html.replace(signature, `\n${anchor}${signature}`),
  };
}

export function loginCodeMail(to: string, code: string): Mail {
  const lines = [
    `Ваш код для входа: ${code}`,
    'Код действует 10 минут и подходит для одного входа.',
    'Если вы не запрашивали код, просто проигнорируйте это письмо.',
  ];
  return { to, subject: `Код для входа: ${code}`, text: text(lines), html: layout(lines) };
}

export function restoreMail(to: string, link: string): Mail {
  const lines = [
    'Вы запросили смену пароля в кабинете.',
    'Ссылка действует 24 часа и сработает один раз. Если вы не запрашивали смену пароля, проигнорируйте письмо.',
  ];
  return linkMail(to, 'Смена пароля', lines, { href: link, label: 'Задать новый пароль' });
}

export function generatedPasswordMail(
  to: string,
  password: string,
  autoLoginLink: string,
  notMeLink: string,
): Mail {
  const lines = [
    'Добро пожаловать! Вы зарегистрировались в кабинете.',
    `Ваш логин: ${to}`,
    `Ваш пароль: ${password}`,
    'Пароль можно сменить в профиле. Ссылка для входа без пароля действует 7 дней и сработает один раз.',
  ];
  const mail = linkMail(to, 'Регистрация в кабинете: ваш пароль', lines, {
    href: autoLoginLink,
    label: 'Войти в кабинет',
  });
  return withNotMeLink(mail, notMeLink);
}

export function welcomeMail(to: string, confirmLink: string, notMeLink: string): Mail {
  const lines = [
    'Добро пожаловать! Вы зарегистрировались в кабинете.',
    `Ваш логин: ${to}. Пароль — тот, что вы указали при регистрации.`,
    'Подтвердите, что это ваш адрес: ссылка действует 7 дней.',
  ];
  const mail = linkMail(to, 'Добро пожаловать в кабинет', lines, {
    href: confirmLink,
    label: 'Подтвердить e-mail',
  });
  return withNotMeLink(mail, notMeLink);
}

export function socialEmailConfirmMail(to: string, network: string, link: string): Mail {
  const lines = [
    `Этот адрес указали при входе в кабинет через ${network}.`,
    'Откройте ссылку, чтобы подтвердить адрес и войти: она действует 24 часа и сработает один раз. Если это были не вы, проигнорируйте письмо — без ссылки ничего не изменится.',
  ];
  return linkMail(to, 'Подтвердите e-mail для входа через соцсеть', lines, {
    href: link,
    label: 'Подтвердить и войти',
  });
}

/** How the owner proved an address nobody had proved before (ADR 025). */
export type AddressProof =
  { kind: 'code' } | { kind: 'link' } | { kind: 'restore' } | { kind: 'social'; network: string };

/**
 * Sent when the first proof of an address took away what its registrant may have held. Without a
 * restore link when the proof was a new password set from one.
 */
export function accountSecuredMail(
  to: string,
  proof: AddressProof,
  opts: { passwordRevoked: boolean; restoreLink: string | null },
): Mail {
  const how = {
    code: [
      `В ваш кабинет вошли по коду из письма на ${to}: так вы подтвердили, что этот адрес ваш.`,
      'Вход по коду',
    ],
    link: [
      `В ваш кабинет вошли по ссылке из письма на ${to}: так вы подтвердили, что этот адрес ваш.`,
      'Вход по ссылке',
    ],
    restore: [
      `В кабинете задали новый пароль по ссылке из письма на ${to}: так вы подтвердили, что этот адрес ваш.`,
      'Смена пароля',
    ],
    social: [
      `В ваш кабинет вошли через ${proof.kind === 'social' ? proof.network : ''}: эта соцсеть подтвердила, что адрес ${to} принадлежит вам.`,
      'Вход через соцсеть',
    ],
  }[proof.kind];
  const [said, subjectStart] = how as [string, string];
  const taken = [
    opts.passwordRevoked ? 'отключили прежний пароль' : null,
    proof.kind === 'social' ? 'отвязали другие соцсети' : 'отвязали соцсети',
    'завершили все прежние сеансы входа',
  ].filter(Boolean);
  const lines = [
    said,
    `Раньше этот адрес никто не подтверждал, поэтому мы ${taken.slice(0, -1).join(', ')} и ${taken.at(-1)}: если кабинет зарегистрировал кто-то другой, он больше в него не войдёт.`,
    opts.restoreLink
      ? 'Если это были вы, ничего делать не нужно. Новый пароль можно задать по ссылке.'
      : 'Если это были вы, ничего делать не нужно.',
  ];
  const subject = `${subjectStart}: ${opts.passwordRevoked ? 'прежний пароль отключён' : 'прежние сеансы завершены'}`;
  if (!opts.restoreLink) return { to, subject, text: text(lines), html: layout(lines) };
  return linkMail(to, subject, lines, { href: opts.restoreLink, label: 'Задать пароль' });
}

/** To the address being replaced: the change is waiting for the new address, and can be stopped. */
export function emailChangeNoticeMail(to: string, next: string, cancelLink: string): Mail {
  const lines = [
    `В кабинете попросили сменить e-mail для входа с ${to} на ${next}.`,
    'E-mail сменится, когда по ссылке из письма на новый адрес пройдут в течение 24 часов.',
    'Если это были не вы, остановите смену: ссылка отменит её и завершит все сеансы входа. Затем смените пароль.',
  ];
  return linkMail(
    to,
    'Запрошена смена e-mail',
    lines,
    { href: cancelLink, label: 'Остановить смену e-mail' },
    'Остановить смену',
  );
}

export function emailChangeMail(to: string, link: string): Mail {
  const lines = [
    'Вы указали этот адрес как новый e-mail для входа в кабинет.',
    'Подтвердите его по ссылке: она действует 24 часа и сработает один раз. Если это были не вы, проигнорируйте письмо.',
  ];
  return linkMail(to, 'Подтвердите новый e-mail', lines, { href: link, label: 'Подтвердить e-mail' });
}

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
