import type { AnyDb } from './helpers';

/** Gift certificates (issue 13): filled in by the certificates work. */
export async function up(_db: AnyDb): Promise<void> {
  // filled in by issue 13
}
