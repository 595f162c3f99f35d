import type { OrdersContext } from './context';
import { lockCustomer } from '../ledger';
import * as filesRepo from './files-repo';

const HOUR = 60 * 60 * 1000;
/** Customers handled per query for candidates; the sweep goes on until none is left. */
const OWNERS_PER_BATCH = 100;

/**
 * Removes the files nobody will attach any more — uploads never attached to an order and the
 * files of drafts left untouched, once older than UPLOAD_SWEEP_AFTER_HOURS — records first, then
 * bytes. Each customer's files go in a transaction holding the customer's lock, the one placing
 * an order and attaching uploads take, so a draft being placed or an upload being attached is
 * never swept from under them; instances sweeping at once queue on that lock, and the second
 * finds the rows gone (the delete returns only what it removed). Returns how many files it removed.
 */
export async function sweepUploads(ctx: OrdersContext, now = new Date()): Promise<number> {
  const before = new Date(now.getTime() - ctx.deps.config.UPLOAD_SWEEP_AFTER_HOURS * HOUR).toISOString();
  let removed = 0;
  for (;;) {
    const owners = await filesRepo.ownersOfStaleFiles(ctx.db, before, OWNERS_PER_BATCH);
    if (owners.length === 0) return removed;
    for (const userId of owners) {
      const names = await ctx.db.transaction().execute(async (trx) => {
        await lockCustomer(trx, userId);
        return filesRepo.deleteStaleFiles(trx, userId, before);
      });
      // A removal that fails leaves bytes without a record: space lost, never a broken record.
      await Promise.all(names.map((name) => ctx.deps.storage.remove(name)));
      removed += names.length;
    }
  }
}

/** How often the sweep runs: hourly, or more often when the age allowed is short. */
export function sweepInterval(afterHours: number): number {
  return Math.min(HOUR, (afterHours * HOUR) / 4);
}
