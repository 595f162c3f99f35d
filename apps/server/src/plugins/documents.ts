import { documentMessages } from '@cabinet/contract';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { extname } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Piscina } from 'piscina';
import { HttpError } from './errors';

declare module 'fastify' {
  interface FastifyInstance {
    documents: DocumentPool;
  }
}

/** A renderer file's default export: plain data in (it crosses to a thread), the file's bytes out. */
type Render = (input: never) => Promise<Uint8Array>;

export interface DocumentPoolOptions {
  /** Threads, all kept started once the pool is (DOCUMENT_WORKERS). */
  workers: number;
  /** From the job's submission to its bytes; past it 503, and a thread still on it is replaced. */
  timeoutMs: number;
  /** Jobs that may wait for a free thread; one more is 429 (DOCUMENT_QUEUE_MAX). */
  queueMax: number;
  onError(err: unknown): void;
}

/** Seconds a client is asked to wait after a full queue: a job takes a fraction of a second. */
const BUSY_RETRY_AFTER_S = 5;

/**
 * The URL of a module's sibling file with the extension of the caller's own file: `.ts` when the
 * server runs from its sources (tsx, vitest), `.js` from a build.
 */
export function siblingFile(callerUrl: string, name: string): URL {
  return new URL(`${name}${extname(fileURLToPath(callerUrl))}`, callerUrl);
}

/**
 * Builds documents (title pages, certificate PDFs) in worker threads, so that one large file no
 * longer holds up every other request of the instance (ADR 024). Modules declare their renderer
 * files with {@link DocumentPool.renderer}; the threads load them all when they start.
 */
export class DocumentPool {
  private pool: Piscina | undefined;
  private readonly preload = new Set<string>();
  private jobs = 0;

  constructor(private readonly options: DocumentPoolOptions) {}

  /**
   * A function that runs the default export of `file` (a module of its own, loaded in the threads)
   * with the given input. A module calls this while it registers, so that its file is preloaded.
   */
  renderer<R extends Render>(file: URL): (input: Parameters<R>[0]) => Promise<Buffer> {
    this.preload.add(file.href);
    return (input) => this.run(file.href, input);
  }

  /** Starts the threads (when the server starts listening); otherwise the first job does. */
  start(): Piscina {
    if (this.pool) return this.pool;
    const { workers, onError } = this.options;
    this.pool = new Piscina({
      filename: fileURLToPath(new URL('./documents-worker.mjs', import.meta.url)),
      workerData: { preload: [...this.preload] },
      minThreads: workers,
      maxThreads: workers,
    });
    // A thread that fails outside a job (a renderer that does not load): logged, and replaced.
    this.pool.on('error', onError);
    return this.pool;
  }

  /** Jobs submitted and not yet answered: on a thread or waiting for one. */
  get pending(): number {
    return this.jobs;
  }

  private async run(renderer: string, input: unknown): Promise<Buffer> {
    const { workers, queueMax, timeoutMs } = this.options;
    // Counted here, not by Piscina's maxQueue: a job with an abort signal waits in a queue of its
    // own that maxQueue does not see (ADR 024).
    if (this.jobs >= workers + queueMax) {
      throw new HttpError(429, documentMessages.busy, undefined, {
        'retry-after': String(BUSY_RETRY_AFTER_S),
      });
    }
    const pool = this.start();
    this.jobs += 1;
    try {
      const bytes = (await pool.run(
        { renderer, input },
        { signal: AbortSignal.timeout(timeoutMs) },
      )) as Uint8Array;
      return Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
    } catch (err) {
      // Piscina rejects an aborted job with an AbortError, and terminates the thread running it.
      if ((err as Error).name === 'AbortError') throw new HttpError(503, documentMessages.failed);
      throw err;
    } finally {
      this.jobs -= 1;
    }
  }

  async close(): Promise<void> {
    await this.pool?.destroy();
    this.pool = undefined;
  }
}

export default fp(
  async function documentsPlugin(app: FastifyInstance) {
    const documents = new DocumentPool({
      workers: app.config.DOCUMENT_WORKERS,
      timeoutMs: app.config.DOCUMENT_TIMEOUT_MS,
      queueMax: app.config.DOCUMENT_QUEUE_MAX,
      onError: (err) => app.log.error({ err }, 'a document worker failed'),
    });
    app.decorate('documents', documents);
    // A listening server starts its threads at once, so that the first file is not slow; an app
    // that never listens (a test that injects) starts them only when it needs one.
    app.addHook('onListen', async () => {
      documents.start();
    });
    app.addHook('onClose', async () => documents.close());
  },
  { name: 'documents' },
);
