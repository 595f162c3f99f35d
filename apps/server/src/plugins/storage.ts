import { randomBytes } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { constants } from 'node:fs';
import { access, mkdir, rm, stat } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Config } from '../config';
import type { S3Settings } from './storage-s3';

declare module 'fastify' {
  interface FastifyInstance {
    storage: Storage;
  }
}

/**
 * Where uploaded files live: the local disk (below) or an S3-compatible bucket (storage-s3.ts).
 * Names are random and chosen here, so what a customer calls a file never becomes a path. A
 * stored name the storage does not hold fails `open`'s stream with an `ENOENT` error in both.
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

export function createLocalStorage(dir: string): Storage {
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

/** The S3 settings when all four S3_* variables are given (config.ts refuses some without the rest). */
export function s3SettingsOf(config: Config): S3Settings | null {
  const { S3_ENDPOINT, S3_BUCKET, S3_ACCESS_KEY_ID, S3_SECRET_ACCESS_KEY } = config;
  if (!S3_ENDPOINT || !S3_BUCKET || !S3_ACCESS_KEY_ID || !S3_SECRET_ACCESS_KEY) return null;
  return {
    endpoint: S3_ENDPOINT,
    bucket: S3_BUCKET,
    accessKeyId: S3_ACCESS_KEY_ID,
    secretAccessKey: S3_SECRET_ACCESS_KEY,
    region: config.S3_REGION,
    forcePathStyle: config.S3_FORCE_PATH_STYLE,
  };
}

/**
 * An S3-compatible bucket when S3_* is configured (ADR 040), else the local directory FILES_DIR,
 * created on the first upload, not at start. The S3 client is loaded only when used.
 */
export default fp(
  async function storagePlugin(app: FastifyInstance) {
    const s3 = s3SettingsOf(app.config);
    if (!s3) {
      app.decorate('storage', createLocalStorage(app.config.FILES_DIR));
      return;
    }
    const { createS3Storage } = await import('./storage-s3');
    const { storage, close } = createS3Storage(s3);
    app.decorate('storage', storage);
    app.addHook('onClose', async () => close());
    app.log.info({ endpoint: s3.endpoint, bucket: s3.bucket }, 'files: S3-compatible storage');
  },
  { name: 'storage' },
);
