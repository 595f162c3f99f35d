import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import nodemailer from 'nodemailer';
import type { Database } from '../db/index';
import { nowIso } from '../db/index';

declare module 'fastify' {
  interface FastifyInstance {
    mailer: Mailer;
  }
}

export interface Mail {
  to: string;
  subject: string;
  text: string;
  html: string;
}

export interface Mailer {
  send(mail: Mail): Promise<void>;
}

function createSmtpMailer(url: string, from: string): Mailer & { close(): void } {
  const transport = nodemailer.createTransport(url);
  return {
    async send(mail) {
      await transport.sendMail({ from, ...mail });
    },
    close: () => transport.close(),
  };
}

/** Without SMTP the mail is kept in the database and shown at /dev/outbox. */
function createOutboxMailer(database: Database): Mailer {
  return {
    async send(mail) {
      await database.db
        .insertInto('outbox')
        .values({
          to_address: mail.to,
          subject: mail.subject,
          text: mail.text,
          html: mail.html,
          created_at: nowIso(),
        })
        .execute();
    },
  };
}

export default fp(
  async function mailerPlugin(app: FastifyInstance) {
    if (app.config.SMTP_URL) {
      const smtp = createSmtpMailer(app.config.SMTP_URL, app.config.MAIL_FROM);
      app.decorate('mailer', smtp);
      app.addHook('onClose', async () => smtp.close());
    } else {
      app.decorate('mailer', createOutboxMailer(app.database));
    }
  },
  { name: 'mailer', dependencies: ['db'] },
);
