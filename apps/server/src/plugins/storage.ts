import { randomBytes } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { constants } from 'node:fs';
import { access, mkdir, rm, stat } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

declare module 'fastify' {
  interface FastifyInstance {
    storage: Storage;
  }
}

/**
 * Where uploaded files live. Names are random and chosen here, so what a customer calls a file
 * never becomes a path; another implementation (S3-compatible) fits the same three calls.
 */
export interface Storage {
  /** Streams to a new object; a failed stream leaves nothing behind and rejects with its error. */
  save(stream: Readable): Promise<{ storedName: string; size: number }>;
  /** `highWaterMark`: bytes per read (the file system's default is 64 KB). */
  open(storedName: string, options?: { highWaterMark?: number }): Readable;
  /** Quiet when the object is already gone. */
  remove(storedName: string): Promise<void>;
  /** Resolves when objects can be read and written now (readiness, GET /readyz); else rejects. */
  check(): Promise<void>;
}

const STORED_NAME = /^[0-9a-f]{32}$/;

function createLocalStorage(dir: string): Storage {
  const root = resolve(dir);
  // Two hex characters of fan-out keep any one directory small.
  const pathOf = (storedName: string) => {
    if (!STORED_NAME.test(storedName)) throw new Error('not a stored name');
    return join(root, storedName.slice(0, 2), storedName);
  };
  return {
    async save(stream) {
      const storedName = randomBytes(16).toString('hex');
      const path = pathOf(storedName);
      await mkdir(join(root, storedName.slice(0, 2)), { recursive: true });
      const file = createWriteStream(path, { flags: 'wx' });
      try {
        await pipeline(stream, file);
      } catch (err) {
        // The file may still be opening when the source fails: wait until the stream has closed,
        // or the removal could run first and the open create the file afterwards.
        if (!file.closed) await new Promise<void>((resolve) => file.once('close', () => resolve()));
        await rm(path, { force: true });
        throw err;
      }
      return { storedName, size: file.bytesWritten };
    },
    open(storedName, options) {
      return createReadStream(pathOf(storedName), options);
    },
    async remove(storedName) {
      await rm(pathOf(storedName), { force: true });
    },
    async check() {
      // Created here as on the first upload; a directory that cannot be, or is not one, fails.
      await mkdir(root, { recursive: true });
      if (!(await stat(root)).isDirectory()) throw new Error(`${root} is not a directory`);
      await access(root, constants.R_OK | constants.W_OK | constants.X_OK);
    },
  };
}

/** The local directory FILES_DIR; created on the first upload, not at start. */
export default fp(
  async function storagePlugin(app: FastifyInstance) {
    app.decorate('storage', createLocalStorage(app.config.FILES_DIR));
  },
  { name: 'storage' },
);
