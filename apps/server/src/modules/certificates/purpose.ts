import { certificateMessages } from '@cabinet/contract';
import { HttpError, badRequest, notFound } from '../../plugins/errors';
import type { PurposeOwner } from '../payments';
import { activateCertificate, certificateReturnPath, certificateTitle, lockCertificate } from './repo';

/**
 * Paying a gift certificate, as the payments module asks it of its owner: only its buyer, only
 * while it awaits payment, its whole value, and never from the balance (money already on the
 * balance would only change its name).
 */
export const certificatePurpose: PurposeOwner = {
  async plan(trx, userId, id, body) {
    if (body.payment_method === 'balance') {
      throw badRequest('payment_method', certificateMessages.balanceNotAllowed);
    }
    const cert = await lockCertificate(trx, id);
    if (!cert || cert.user_id !== userId) throw notFound(certificateMessages.notFound);
    if (cert.status !== 'awaiting_payment') throw new HttpError(409, certificateMessages.notAwaitingPayment);
    return {
      title: certificateTitle(cert.value),
      amount: cert.value,
      returnPath: certificateReturnPath(id, body.payment_method),
    };
  },
  settled: activateCertificate,
};
