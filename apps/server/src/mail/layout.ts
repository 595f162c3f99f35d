import type { Mail } from '../plugins/mailer';

/** Russian e-mails: each has a plain-text part (with the bare link) and a small HTML part. */

export const SERVICE = 'Кабинет студента';

export function escapeHtml(s: string): string {
  return s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

export function layout(paragraphs: string[], link?: { href: string; label: string }): string {
  const body = paragraphs.map((p) => `<p>${escapeHtml(p).replaceAll('\n', '<br>')}</p>`).join('\n');
  const button = link
    ? `<p><a href="${escapeHtml(link.href)}" style="display:inline-block;padding:10px 18px;background:#0b5f5a;color:#fff;border-radius:6px;text-decoration:none">${escapeHtml(link.label)}</a></p>\n<p style="color:#555">Если кнопка не открывается, скопируйте ссылку в браузер:<br>${escapeHtml(link.href)}</p>`
    : '';
  return `<!doctype html><html lang="ru"><body style="font-family:Arial,sans-serif;line-height:1.5">\n${body}\n${button}\n<p style="color:#555">— ${SERVICE}</p></body></html>`;
}

export function text(lines: string[]): string {
  return [...lines, '', `— ${SERVICE}`].join('\n');
}

/** A mail whose point is one link: a button in the HTML part, the bare link under the text part. */
export function linkMail(
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
export function withNotMeLink(mail: Mail, notMeLink: string): Mail {
  const anchor = `<p style="color:#555">Если вы не регистрировались — <a href="${escapeHtml(notMeLink)}">нажмите здесь</a>: кабинет и всё, что в нём сохранено, будут удалены.</p>`;
  const signature = `\n<p style="color:#555">— ${SERVICE}</p>`;
  return {
    ...mail,
    text: mail.text.replace(`\n\n— ${SERVICE}`, `\n\n${NOT_ME_TEXT}: ${notMeLink}\n\n— ${SERVICE}`),
    html: mail.html.replace(signature, `\n${anchor}${signature}`),
  };
}
