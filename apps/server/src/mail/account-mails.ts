import type { Mail } from '../plugins/mailer';
import { layout, linkMail, text, withNotMeLink } from './layout';

/** The mails of an account: sign-in codes, passwords, addresses proved and changed. */

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
