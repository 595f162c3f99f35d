import {
  CERTIFICATE_TAB_STATUSES,
  certificateMessages,
  formatCertificateCode,
  normalizeCertificateCode,
  type Certificate,
  type CertificateList,
  type CertificateRedeemResult,
} from '@cabinet/contract';
import type { Kysely } from 'kysely';
import { nowIso } from '../../db/index';
import type { DB } from '../../db/types';
import { HttpError, badRequest, notFound } from '../../plugins/errors';
import { pageLinks, payOrderFromBalanceInTrx } from '../payments';
import type { CertificatePdfInput } from './pdf';
import {
  certificateTitle,
  claimCertificate,
  countUserCertificatesByStatus,
  expireOverdue,
  expireOverdueCode,
  findUserCertificate,
  insertCertificate,
  newCertificateCode,
  selectUserCertificates,
  toCertificate,
  type CertificateRow,
} from './repo';
import { accounts, financesOf, lockCustomer, postTxn } from '../ledger';

/**
 * Gift certificates: buying one (awaiting payment; paid through `pay/` with purpose
 * 'certificate', settled in payments/settle.ts), the buyer's list and page, its PDF, and
 * redemption by anyone holding the code.
 */

/** `POST /client/api/certificate/`: a new certificate awaiting payment, its code drawn. */
export async function createCertificate(db: Kysely<DB>, userId: number, value: number): Promise<Certificate> {
  // A clash of 80 random bits is not expected; the unique index would refuse one, and a second draw is made.
  for (let attempt = 0; ; attempt += 1) {
    try {
      const row = await insertCertificate(db, {
        user_id: userId,
        value,
        code: newCertificateCode(),
        status: 'awaiting_payment',
        created_at: nowIso(),
      });
      return toCertificate(row);
    } catch (err) {
      if (attempt >= 2) throw err;
    }
  }
}

/** The buyer's certificate (404 for anyone else's), expired first if its date has passed. */
export async function certificateOf(db: Kysely<DB>, userId: number, id: number): Promise<CertificateRow> {
  await expireOverdue(db, nowIso(), userId);
  const row = await findUserCertificate(db, userId, id);
  if (!row) throw notFound(certificateMessages.notFound);
  return row;
}

/** `GET /client/api/certificate/?status=active|trash&page=&page_size=`: newest first, with both counters. */
export async function listCertificates(
  db: Kysely<DB>,
  userId: number,
  q: { status: 'active' | 'trash'; page: number; page_size: number },
  publicUrl: string,
  path: string,
): Promise<CertificateList> {
  await expireOverdue(db, nowIso(), userId);
  const counts = await countUserCertificatesByStatus(db, userId);
  const countOf = (tab: 'active' | 'trash') =>
    counts
      .filter((c) => CERTIFICATE_TAB_STATUSES[tab].includes(c.status))
      .reduce((sum, c) => sum + Number(c.n), 0);
  const counters = { active: countOf('active'), trash: countOf('trash') };
  const links = pageLinks(publicUrl, path, q, counters[q.status]);
  const rows = await selectUserCertificates(
    db,
    userId,
    [...CERTIFICATE_TAB_STATUSES[q.status]],
    q.page_size,
    (q.page - 1) * q.page_size,
  );
  return { results: rows.map(toCertificate), ...links, counters };
}

/** `GET {id}/download/`: the PDF of an active certificate (409 otherwise), built by `renderPdf`. */
export async function certificateDownload(
  db: Kysely<DB>,
  userId: number,
  id: number,
  publicUrl: string,
  renderPdf: (input: CertificatePdfInput) => Promise<Buffer>,
): Promise<{ pdf: Buffer; fileName: string }> {
  const row = await certificateOf(db, userId, id);
  if (row.status !== 'active' || !row.expires_at) throw new HttpError(409, certificateMessages.notActive);
  const code = formatCertificateCode(row.code);
  const pdf = await renderPdf({ value: Number(row.value), code, expiresAt: row.expires_at, publicUrl });
  return { pdf, fileName: `Сертификат ${code}.pdf` };
}

/** A code that is unknown, used, expired or not paid: one answer for all, revealing nothing more. */
export const invalidCode = () => badRequest('code', certificateMessages.codeInvalid);

/**
 * `POST redeem/`: claims the certificate with one conditional UPDATE (`status = 'active'` and not
 * past its date) inside the transaction that moves its value — certificates −A, customer_money +A
 * (kind `certificate_redeem`) — so that of concurrent attempts exactly one wins and the others find
 * it redeemed. With `order_id` the same transaction then pays the customer's order from the balance
 * up to what it owes (at most the certificate's value); the rest stays on the balance. An order
 * that is not theirs (404) or not waiting for payment (409) rolls everything back: the code stays
 * usable.
 */
export async function redeemCertificate(
  db: Kysely<DB>,
  userId: number,
  body: { code: string; order_id?: number | undefined },
): Promise<CertificateRedeemResult> {
  const code = normalizeCertificateCode(body.code);
  const at = nowIso();
  // Past its date it is expired (checked on redemption as on read), then refused like any other.
  await expireOverdueCode(db, code, at);
  return db.transaction().execute(async (trx) => {
    // The customer first, as every movement of their money does (payments/service.ts).
    await lockCustomer(trx, userId);
    const claimed = await claimCertificate(trx, code, userId, body.order_id ?? null, at);
    if (!claimed) throw invalidCode();
    const amount = Number(claimed.value);
    await postTxn(
      trx,
      {
        kind: 'certificate_redeem',
        user_id: userId,
        payment_id: claimed.payment_id,
        title: `Активация: ${certificateTitle(amount).toLowerCase()} (${claimed.code.slice(0, 4)}-…)`,
        at,
      },
      [
        { account: accounts.certificates, amount: -amount },
        { account: accounts.customerMoney(userId), amount },
      ],
    );
    let orderPaid = 0;
    if (body.order_id !== undefined) {
      orderPaid = await payOrderFromBalanceInTrx(trx, userId, body.order_id, amount);
    }
    const { money } = await financesOf(trx, userId);
    return { amount, order_paid: orderPaid, order_id: body.order_id ?? null, money };
  });
}
