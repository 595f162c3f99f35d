import type { PayRequest } from '@cabinet/contract';
import type { Kysely } from 'kysely';
import type { DB } from '../../db/types';

/**
 * What payments asks of the module that owns the thing paid for, when payments itself does not
 * (a gift certificate is the certificates module's): payments stays below those modules and knows
 * nothing of them; each registers here, once, when its module is loaded.
 */
export interface PurposeOwner {
  /**
   * Locks the object for the transaction and says what paying it means, or throws the HTTP error
   * that refuses it (not the customer's → 404, not awaiting payment → 409, a way of paying it does
   * not take → 400).
   */
  plan(
    trx: Kysely<DB>,
    userId: number,
    objectId: number,
    body: PayRequest,
  ): Promise<{ title: string; amount: number; returnPath: string }>;
  /**
   * Its payment arrived, in the settling transaction: true when the object took the money, false
   * when it no longer could (paid twice): the money then goes to the payer's balance.
   */
  settled(trx: Kysely<DB>, objectId: number, paymentId: number, at: string): Promise<boolean>;
}

/** A payment made some of the customer's orders fully paid, in the settling transaction. */
export type OrdersPaidHandler = (
  trx: Kysely<DB>,
  event: { userId: number; paymentId: number; at: string },
) => Promise<unknown>;

type OwnedPurpose = 'certificate';
const owners = new Map<OwnedPurpose, PurposeOwner>();
const ordersPaid: OrdersPaidHandler[] = [];

export function registerPurposeOwner(purpose: OwnedPurpose, owner: PurposeOwner): void {
  owners.set(purpose, owner);
}

export function ownerOf(purpose: OwnedPurpose): PurposeOwner {
  const owner = owners.get(purpose);
  if (!owner) throw new Error(`no module has registered payments of purpose ${purpose}`);
  return owner;
}

/** Registers a handler once (a module loaded again, as tests do, does not run it twice). */
export function onOrdersPaid(handler: OrdersPaidHandler): void {
  if (!ordersPaid.includes(handler)) ordersPaid.push(handler);
}

export async function ordersBecamePaid(
  trx: Kysely<DB>,
  event: { userId: number; paymentId: number; at: string },
): Promise<void> {
  for (const handler of ordersPaid) await handler(trx, event);
}
