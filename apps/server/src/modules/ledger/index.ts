/**
 * The money's lowest layer, used by every module that moves money or must act alone for one
 * customer (payments, certificates, referrals, orders, profile): the double-entry ledger
 * (docs/decisions/018-ledger.md) and the per-customer lock. It imports no other module.
 */
export {
  accounts,
  balanceOf,
  checkLedger,
  financesOf,
  postTxn,
  type LedgerCheck,
  type LedgerEntry,
  type LedgerTxn,
} from './ledger';
export { lockCustomer } from './lock';
