import type { AnyDb } from './helpers';

/** Marketing attribution recorded with customers and orders (issue 13). */
export async function up(_db: AnyDb): Promise<void> {
  // filled in by issue 13
}
