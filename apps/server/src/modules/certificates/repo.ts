import {
  CERTIFICATE_CODE_ALPHABET,
  CERTIFICATE_CODE_LENGTH,
  CERTIFICATE_VALID_DAYS,
  formatCertificateCode,
  type Certificate,
} from '@cabinet/contract';
import { PostgresAdapter, type Kysely, type Selectable } from 'kysely';
import { randomBytes } from 'node:crypto';
import type { CertificatesTable, DB } from '../../db/types';
import { formatValue } from './format';

/**
 * Gift certificates' rows: what the payments module needs of them (lock, title, return
 * address, activation when the payment settles) and what the routes show. No import from the
 * payments module here, so that settle.ts may import this file.
 */

export type CertificateRow = Selectable<CertificatesTable>;

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * 16 Crockford base32 characters from 10 random bytes of node:crypto: 80 bits, 5 bits a character,
 * read off the bytes most significant first.
 */
export function newCertificateCode(): string {
  const bytes = randomBytes((CERTIFICATE_CODE_LENGTH * 5) / 8);
  let bits = 0n;
  for (const b of bytes) bits = (bits << 8n) | BigInt(b);
  let code = '';
  for (let i = CERTIFICATE_CODE_LENGTH - 1; i >= 0; i -= 1) {
    code += CERTIFICATE_CODE_ALPHABET[Number((bits >> BigInt(i * 5)) & 31n)];
  }
  return code;
}

/** What the payment is called in the customer's lists and on the bank's page. */
export function certificateTitle(value: number): string {
  return `Подарочный сертификат на ${formatValue(value)}`;
}

/** The provider sends the customer back to the certificate's success screen (spec §2). */
export function certificateReturnPath(id: number, source: string): string {
  return `/certificate/${id}/success?source=${encodeURIComponent(source)}`;
}

/** The row, locked for the transaction on PostgreSQL (SQLite's write lock serialises anyway). */
export async function lockCertificate(trx: Kysely<DB>, id: number): Promise<CertificateRow | undefined> {
  let query = trx.selectFrom('certificates').selectAll().where('id', '=', id);
  if (trx.getExecutor().adapter instanceof PostgresAdapter) query = query.forUpdate();
  return query.executeTakeFirst();
}

/**
 * Settling its payment (settle.ts): awaiting payment → active, valid CERTIFICATE_VALID_DAYS from
 * now. False when it was not awaiting payment (paid already): the caller keeps the money elsewhere.
 */
export async function activateCertificate(
  trx: Kysely<DB>,
  id: number,
  paymentId: number,
  at: string,
): Promise<boolean> {
  const expires = new Date(Date.parse(at) + CERTIFICATE_VALID_DAYS * DAY_MS).toISOString();
  const row = await trx
    .updateTable('certificates')
    .set({ status: 'active', paid_at: at, expires_at: expires, payment_id: paymentId })
    .where('id', '=', id)
    .where('status', '=', 'awaiting_payment')
    .returning('id')
    .executeTakeFirst();
  return row !== undefined;
}

/** Active certificates past their date become expired (run before a read or a redemption). */
export async function expireOverdue(db: Kysely<DB>, at: string, userId?: number): Promise<void> {
  let query = db
    .updateTable('certificates')
    .set({ status: 'expired' })
    .where('status', '=', 'active')
    .where('expires_at', '<=', at);
  if (userId !== undefined) query = query.where('user_id', '=', userId);
  await query.execute();
}

/** The API's shape: the code only once paid. */
export function toCertificate(row: CertificateRow): Certificate {
  return {
    id: row.id,
    value: Number(row.value),
    status: row.status,
    code: row.status === 'awaiting_payment' ? null : formatCertificateCode(row.code),
    created_at: row.created_at,
    paid_at: row.paid_at,
    expires_at: row.expires_at,
    redeemed_at: row.redeemed_at,
  };
}
