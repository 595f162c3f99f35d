import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { EmailSchema, authMessages, text } from '@cabinet/contract';
import { escapeHtml } from '../../mail';
import { badRequest, notFound } from '../../plugins/errors';
import { smsPhone } from '../payments';

const MailSchema = z.object({
  to: z.string(),
  subject: z.string(),
  text: z.string(),
  html: z.string(),
  created_at: z.string(),
});

/** A web address in a mail's text, without the punctuation that ends the sentence around it. */
const URL_IN_TEXT = /https?:\/\/[^\s<>"']*[^\s<>"'.,;:!?)»]/g;

/**
 * A mail's plain text as HTML: escaped, with every web address a link that opens it, so a code or
 * a confirmation link is one click away. Only http(s) addresses become links.
 */
export function linkifyText(text: string): string {
  let html = '';
  let last = 0;
  for (const match of text.matchAll(URL_IN_TEXT)) {
    const url = match[0];
    html += escapeHtml(text.slice(last, match.index));
    html += `<a href="${escapeHtml(url)}">${escapeHtml(url)}</a>`;
    last = match.index + url.length;
  }
  return html + escapeHtml(text.slice(last));
}

/**
 * The dev outbox: mail kept in the database when no SMTP server is configured. Registered only in
 * development and test; browser tests read sign-in codes and links from it. Both pages deliver the
 * queued mail first, so a mail is here as soon as the request that sent it has answered.
 */
export default async function devRoutes(fastify: FastifyInstance) {
  // It lists every code, link and generated password: a registration in production is a bug that
  // must stop the start, not a page to serve.
  if (fastify.config.NODE_ENV === 'production') throw new Error('the dev outbox is not for production');
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const db = app.database.db;

  app.get('/dev/outbox', { schema: { hide: true } }, async (_request, reply) => {
    await app.mailer.flush();
    const rows = await db.selectFrom('outbox').selectAll().orderBy('id', 'desc').limit(200).execute();
    const items = rows
      .map(
        (m) =>
          `<article><h2>${escapeHtml(m.subject)}</h2><p><b>Кому:</b> ${escapeHtml(m.to_address)} · <time>${escapeHtml(m.created_at)}</time></p><pre style="white-space:pre-wrap">${linkifyText(m.text)}</pre></article>`,
      )
      .join('\n<hr>\n');
    // SMS (verification codes) kept without an SMS gateway, beside the mail.
    const sms = await db.selectFrom('sms_outbox').selectAll().orderBy('id', 'desc').limit(50).execute();
    const smsItems = sms
      .map(
        (m) =>
          `<li><b>${escapeHtml(m.phone)}</b> · <time>${escapeHtml(m.created_at)}</time>: ${escapeHtml(m.text)}</li>`,
      )
      .join('\n');
    const smsBlock = sms.length > 0 ? `<h2>SMS (${sms.length})</h2><ul>${smsItems}</ul>` : '';
    const html = `<!doctype html><html lang="ru"><head><meta charset="utf-8"><title>Исходящие письма</title></head><body style="font-family:sans-serif;max-width:820px;margin:auto;padding:16px"><h1>Исходящие письма (${rows.length})</h1>${smsBlock}${items || '<p>Писем пока нет.</p>'}</body></html>`;
    return reply.type('text/html; charset=utf-8').header('cache-control', 'no-store').send(html);
  });

  app.get(
    '/dev/outbox/latest',
    {
      schema: {
        hide: true,
        // An e-mail address, or a phone for the newest SMS (`+7…`; a `+` a query string turned
        // into a space reads the same).
        querystring: z.object({ to: text() }),
        response: { 200: MailSchema },
      },
    },
    async (request) => {
      const to = request.query.to;
      if (!to.includes('@')) {
        const phone = smsPhone(to);
        if (phone === null) throw badRequest('to', authMessages.phoneInvalid);
        const s = await db
          .selectFrom('sms_outbox')
          .selectAll()
          .where('phone', '=', phone)
          .orderBy('id', 'desc')
          .executeTakeFirst();
        if (!s) throw notFound();
        // The mail's shape, so that a reader of codes takes `text` from either.
        return {
          to: s.phone,
          subject: 'SMS',
          text: s.text,
          html: linkifyText(s.text),
          created_at: s.created_at,
        };
      }
      const email = EmailSchema.safeParse(to);
      if (!email.success) throw badRequest('to', email.error.issues[0]?.message ?? authMessages.emailInvalid);
      await app.mailer.flush();
      const m = await db
        .selectFrom('outbox')
        .selectAll()
        .where('to_address', '=', email.data)
        .orderBy('id', 'desc')
        .executeTakeFirst();
      if (!m) throw notFound();
      return { to: m.to_address, subject: m.subject, text: m.text, html: m.html, created_at: m.created_at };
    },
  );
}
