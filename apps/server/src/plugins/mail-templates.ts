import type { Mail } from './mailer';

/** Russian e-mails: each has a plain-text part (with the bare link) and a small HTML part. */

const SERVICE = 'Кабинет студента';

export function escapeHtml(s: string): string {
  return s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

function layout(paragraphs: string[], link?: { href: string; label: string }): string {
  const body = paragraphs.map((p) => `<p>${escapeHtml(p)}</p>`).join('\n');
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

export function generatedPasswordMail(to: string, password: string, autoLoginLink: string): Mail {
  const lines = [
    'Добро пожаловать! Вы зарегистрировались в кабинете.',
    `Ваш логин: ${to}`,
    `Ваш пароль: ${password}`,
    'Пароль можно сменить в профиле. Ссылка для входа без пароля действует 7 дней и сработает один раз.',
  ];
  return linkMail(to, 'Регистрация в кабинете: ваш пароль', lines, {
    href: autoLoginLink,
    label: 'Войти в кабинет',
  });
}

export function welcomeMail(to: string, confirmLink: string): Mail {
  const lines = [
    'Добро пожаловать! Вы зарегистрировались в кабинете.',
    `Ваш логин: ${to}. Пароль — тот, что вы указали при регистрации.`,
    'Подтвердите, что это ваш адрес: ссылка действует 7 дней. Если вы не регистрировались, проигнорируйте письмо.',
  ];
  return linkMail(to, 'Добро пожаловать в кабинет', lines, {
    href: confirmLink,
    label: 'Подтвердить e-mail',
  });
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

/** Sent when a verified social sign-in takes over an account whose address nobody had proved. */
export function accountSecuredMail(to: string, network: string, restoreLink: string): Mail {
  const lines = [
    `В ваш кабинет вошли через ${network}: эта соцсеть подтвердила, что адрес ${to} принадлежит вам.`,
    'Раньше этот адрес никто не подтверждал, поэтому мы отключили прежний пароль, отвязали другие соцсети и завершили все сеансы входа: если кабинет зарегистрировал кто-то другой, он больше в него не войдёт.',
    'Если это были вы, ничего делать не нужно. Новый пароль можно задать по ссылке.',
  ];
  return linkMail(to, 'Вход через соцсеть: прежний пароль отключён', lines, {
    href: restoreLink,
    label: 'Задать пароль',
  });
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
