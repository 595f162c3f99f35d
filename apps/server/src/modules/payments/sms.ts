import { canonicalIntlPhone, canonicalPhone } from '@cabinet/contract';
import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import type { Config } from '../../config';
import { nowIso } from '../../db/index';
import type { DB } from '../../db/types';
import type { SmsSender } from './providers/types';
import { insertSmsOutbox } from './repo-verification';

/** How long a gateway may take to accept an SMS before the send counts as failed. */
export const SMS_TIMEOUT_MS = 10_000;

/**
 * The one spelling of a number an SMS goes to, the dev outbox is searched by and users.phone
 * stores: E.164, +7XXXXXXXXXX (the contract's canonicalIntlPhone, ADR 023). Whatever people type
 * (8 916…, +7 (916) 123-45-67, 9161234567) or a query string makes of a `+` (a space); null when
 * it is not a whole +7 number (the gateway is Russian) or no number at all.
 */
export function smsPhone(input: string): string | null {
  return canonicalPhone(input) === null ? null : canonicalIntlPhone(input);
}

/** «+7 *** ***-12-34»: enough for a person to recognise their number, not to read it out. */
export function maskPhone(phone: string): string {
  const digits = phone.replace(/\D/g, '');
  return `+7 *** ***-${digits.slice(-4, -2)}-${digits.slice(-2)}`;
}

/**
 * SMS through a gateway (`SMS_URL`: POST JSON `{phone, text}`), or — without one — into
 * `sms_outbox`, which the dev outbox reads (`/dev/outbox/latest?to=+7…`) as it reads e-mails.
 * A gateway that fails or does not answer in time is logged and the send throws, so the caller
 * can undo what depended on the SMS arriving.
 */
export function createSmsSender(
  config: Pick<Config, 'SMS_URL'>,
  db: Kysely<DB>,
  log?: Pick<FastifyBaseLogger, 'error'>,
): SmsSender {
  const url = config.SMS_URL;
  return {
    async send(to: string, text: string): Promise<void> {
      const phone = smsPhone(to);
      if (phone === null) throw new Error('sms: not a Russian phone number');
      if (!url) {
        await insertSmsOutbox(db, phone, text, nowIso());
        return;
      }
      try {
        const res = await fetch(url, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ phone, text }),
          signal: AbortSignal.timeout(SMS_TIMEOUT_MS),
        });
        if (!res.ok) throw new Error(`sms gateway answered ${res.status}`);
      } catch (err) {
        // The number is personal data: the log names the last digits only.
        log?.error({ err, phone: maskPhone(phone) }, 'sms: the gateway did not take the message');
        throw err;
      }
    },
  };
}
