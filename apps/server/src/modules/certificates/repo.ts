import {
  CERTIFICATE_CODE_ALPHABET,
  CERTIFICATE_CODE_LENGTH,
  CERTIFICATE_VALID_DAYS,
  formatCertificateCode,
  type Certificate,
} from '@cabinet/contract';
import { PostgresAdapter, type Insertable, type Kysely, type Selectable } from 'kysely';
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

export function insertCertificate(
  db: Kysely<DB>,
  values: Insertable<CertificatesTable>,
): Promise<CertificateRow> {
  return db.insertInto('certificates').values(values).returningAll().executeTakeFirstOrThrow();
}

/** The customer's own certificate, or undefined. */
export function findUserCertificate(
  db: Kysely<DB>,
  userId: number,
  id: number,
): Promise<CertificateRow | undefined> {
  return db
    .selectFrom('certificates')
    .selectAll()
    .where('id', '=', id)
    .where('user_id', '=', userId)
    .executeTakeFirst();
}

/** How many certificates the customer has in each status. */
export function countUserCertificatesByStatus(db: Kysely<DB>, userId: number) {
  return db
    .selectFrom('certificates')
    .select(['status', (eb) => eb.fn.countAll<number | string>().as('n')])
    .where('user_id', '=', userId)
    .groupBy('status')
    .execute();
}

/** A page of the customer's certificates in the given statuses, newest first. */
export function selectUserCertificates(
  db: Kysely<DB>,
  userId: number,
  statuses: CertificateRow['status'][],
  limit: number,
  offset: number,
): Promise<CertificateRow[]> {
  return db
    .selectFrom('certificates')
    .selectAll()
    .where('user_id', '=', userId)
    .where('status', 'in', statuses)
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .limit(limit)
    .offset(offset)
    .execute();
}

/** The certificate with this code becomes expired if it is active and past its date. */
export async function expireOverdueCode(db: Kysely<DB>, code: string, at: string): Promise<void> {
  await db
    .updateTable('certificates')
    .set({ status: 'expired' })
    .where('code', '=', code)
    .where('status', '=', 'active')
    .where('expires_at', '<=', at)
    .execute();
}

/**
 * One conditional UPDATE claims the certificate with this code for the customer when it is active
 * and not past its date; undefined when it is not (of concurrent claims exactly one wins).
 */
export function claimCertificate(
  trx: Kysely<DB>,
  code: string,
  userId: number,
  orderId: number | null,
  at: string,
): Promise<CertificateRow | undefined> {
  return trx
    .updateTable('certificates')
    .set({
      status: 'redeemed',
      redeemed_at: at,
      redeemed_by: userId,
      redeemed_order_id: orderId,
    })
    .where('code', '=', code)
    .where('status', '=', 'active')
    .where('expires_at', '>', at)
    .returningAll()
    .executeTakeFirst();
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
