import { threadId } from 'node:worker_threads';

/**
 * A document renderer that holds its thread for `ms` without yielding, as a runaway layout would,
 * then answers the id of the thread it ran on.
 */
export default async function blockingRender({ ms }: { ms: number }): Promise<Uint8Array> {
  Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, ms);
  return new TextEncoder().encode(String(threadId));
}
