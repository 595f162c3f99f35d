import {
  DeleteObjectCommand,
  GetObjectCommand,
  HeadBucketCommand,
  NoSuchKey,
  S3Client,
  S3ServiceException,
} from '@aws-sdk/client-s3';
import { Upload } from '@aws-sdk/lib-storage';
import { randomBytes } from 'node:crypto';
import { PassThrough, Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { Storage } from './storage';

/** Where and as whom: the S3_* variables (config.ts), all given. */
export interface S3Settings {
  endpoint: string;
  bucket: string;
  accessKeyId: string;
  secretAccessKey: string;
  region: string;
  forcePathStyle: boolean;
}

const STORED_NAME = /^[0-9a-f]{32}$/;

/**
 * Bytes of one part of a multipart upload: S3's least (every part but the last must have as
 * many). One part is sent at a time (`queueSize` 1): a customer's upload arrives slower than it
 * leaves for the storage, and each part in flight is a buffer of this size.
 */
const PART_BYTES = 5 * 1024 * 1024;
/** HeadBucket's time for readiness; the probe itself gives up sooner (health.ts). */
const CHECK_TIMEOUT_MS = 5_000;

/** The error the local storage gives for a stored name it does not hold (fs: ENOENT). */
function notFound(key: string, cause: unknown): NodeJS.ErrnoException {
  return Object.assign(new Error(`ENOENT: no such object in the storage, open '${key}'`, { cause }), {
    code: 'ENOENT',
    errno: -2,
    syscall: 'open',
    path: key,
  });
}

const isMissing = (err: unknown) =>
  err instanceof NoSuchKey || (err instanceof S3ServiceException && err.name === 'NoSuchKey');

/**
 * The same four calls on an S3-compatible bucket (ADR 040), through `@aws-sdk/client-s3`. Objects
 * are named by their stored name alone. Bytes stream both ways: an upload of unknown length goes
 * through lib-storage's `Upload` (one PutObject under a part's size, else a multipart upload that a
 * failure aborts), a download is GetObject's body piped into the stream `open` returns at once.
 */
export function createS3Storage(settings: S3Settings): { storage: Storage; close(): void } {
  const client = new S3Client({
    endpoint: settings.endpoint,
    region: settings.region,
    forcePathStyle: settings.forcePathStyle,
    credentials: { accessKeyId: settings.accessKeyId, secretAccessKey: settings.secretAccessKey },
    // Checksums only where S3 requires them: the SDK's default (a CRC32 on every upload, sent as
    // an aws-chunked trailer) is refused by several S3-compatible servers.
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
    requestHandler: { connectionTimeout: 10_000 },
  });
  const Bucket = settings.bucket;
  const keyOf = (storedName: string) => {
    if (!STORED_NAME.test(storedName)) throw new Error('not a stored name');
    return storedName;
  };

  const storage: Storage = {
    async save(stream) {
      const storedName = randomBytes(16).toString('hex');
      const Key = keyOf(storedName);
      let size = 0;
      let sourceError: unknown;
      async function* counted() {
        try {
          for await (const chunk of stream as AsyncIterable<Buffer | string>) {
            const bytes = typeof chunk === 'string' ? Buffer.from(chunk) : chunk;
            size += bytes.length;
            yield bytes;
          }
        } catch (err) {
          sourceError = err;
          throw err;
        }
      }
      const body = Readable.from(counted(), { objectMode: false });
      const upload = new Upload({
        client,
        params: { Bucket, Key, Body: body },
        partSize: PART_BYTES,
        queueSize: 1,
        leavePartsOnError: false,
      });
      try {
        await upload.done();
      } catch (err) {
        // Upload stops reading when S3 fails: the source is let go as the local storage's
        // pipeline lets it go. A PutObject whose answer was lost may have stored the object after
        // all; a multipart upload that failed was aborted by Upload (or its abort failed and the
        // bucket's lifecycle rule for incomplete uploads takes the parts: ADR 040).
        body.destroy();
        if (!stream.destroyed) stream.destroy();
        await client.send(new DeleteObjectCommand({ Bucket, Key })).catch(() => undefined);
        throw sourceError ?? err;
      }
      return { storedName, size };
    },

    open(storedName, options) {
      const Key = keyOf(storedName);
      const out = new PassThrough(
        options?.highWaterMark ? { highWaterMark: options.highWaterMark } : undefined,
      );
      const request = new AbortController();
      // The reader went away before the end (a client that disconnected, a zip aborted): the
      // request stops too, its socket freed.
      out.once('close', () => {
        if (!out.readableEnded) request.abort();
      });
      client.send(new GetObjectCommand({ Bucket, Key }), { abortSignal: request.signal }).then(
        (answer) => {
          const source = answer.Body;
          if (!(source instanceof Readable)) {
            out.destroy(new Error('S3 GetObject: the body is not a Node stream'));
            return;
          }
          if (out.destroyed) {
            source.destroy();
            return;
          }
          // A failure of either side destroys the other; `out` carries the error to its reader.
          pipeline(source, out).catch(() => undefined);
        },
        (err: unknown) => {
          if (out.destroyed) return;
          out.destroy(isMissing(err) ? notFound(Key, err) : (err as Error));
        },
      );
      return out;
    },

    async remove(storedName) {
      try {
        await client.send(new DeleteObjectCommand({ Bucket, Key: keyOf(storedName) }));
      } catch (err) {
        // S3 answers 204 for a key it does not hold; a server that says NoSuchKey means the same.
        if (!isMissing(err)) throw err;
      }
    },

    async check() {
      await client.send(new HeadBucketCommand({ Bucket }), {
        abortSignal: AbortSignal.timeout(CHECK_TIMEOUT_MS),
      });
    },
  };
  return { storage, close: () => client.destroy() };
}
