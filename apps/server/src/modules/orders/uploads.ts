import { orderMessages } from '@cabinet/contract';
import type { MultipartFile } from '@fastify/multipart';
import type { FastifyRequest } from 'fastify';
import { Readable } from 'node:stream';
import { HttpError, errorMessages } from '../../plugins/errors';
import type { Storage } from '../../plugins/storage';
import { SNIFF_BYTES, TextCheck, sanitizeFileName, sniffBinary } from './file-types';

const MB = 1024 * 1024;

export interface UploadLimits {
  fileMb: number;
  orderMb: number;
  /** Bytes the order (or the customer's pending uploads) already holds. */
  usedBytes: number;
}

export interface ReceivedFile {
  storedName: string;
  name: string;
  size: number;
  mime: string;
}

class UploadRefused extends HttpError {}

/**
 * What failing to read the request body means: the body itself is broken (no or a wrong boundary,
 * cut short, a client gone), unless it is one of the multipart plugin's limits.
 */
function bodyError(err: unknown, limits: UploadLimits): HttpError {
  if (err instanceof HttpError) return err;
  const code = (err as { code?: string }).code;
  if (code === 'FST_FILES_LIMIT' || code === 'FST_PARTS_LIMIT')
    return new UploadRefused(413, orderMessages.tooManyFiles);
  if (code === 'FST_REQ_FILE_TOO_LARGE')
    return new UploadRefused(413, orderMessages.fileTooLarge(limits.fileMb));
  return new UploadRefused(400, orderMessages.uploadBroken);
}

/** Passes the file through while counting it, keeping its first bytes and checking it as text. */
async function* inspect(
  source: AsyncIterable<Buffer>,
  limit: number,
  tooLarge: string,
  seen: Seen,
  limits: UploadLimits,
) {
  const chunks = source[Symbol.asyncIterator]();
  for (;;) {
    let next: IteratorResult<Buffer>;
    try {
      next = await chunks.next();
    } catch (err) {
      throw bodyError(err, limits);
    }
    if (next.done) return;
    const chunk = next.value;
    seen.size += chunk.length;
    if (seen.size > limit) throw new UploadRefused(413, tooLarge);
    if (seen.head.length < SNIFF_BYTES) {
      seen.head = Buffer.concat([seen.head, chunk.subarray(0, SNIFF_BYTES - seen.head.length)]);
    }
    seen.text.push(chunk);
    yield chunk;
  }
}

interface Seen {
  size: number;
  head: Buffer;
  text: TextCheck;
}

/**
 * The storage failing to take a file — FILES_DIR gone or not writable, a full disk, an object
 * store away — is a 503 in Russian (ADR 041), not a 500. What the request itself did wrong reaches
 * save() as an HttpError (inspect above turns every failure of the body into one) and stays that.
 */
async function saveTo(storage: Storage, stream: Readable): Promise<{ storedName: string; size: number }> {
  try {
    return await storage.save(stream);
  } catch (err) {
    if (err instanceof HttpError) throw err;
    const unavailable = new HttpError(503, errorMessages.storageUnavailable, undefined, {
      'retry-after': '60',
    });
    unavailable.cause = err;
    throw unavailable;
  }
}

async function receiveOne(
  part: MultipartFile,
  storage: Storage,
  limits: UploadLimits,
): Promise<ReceivedFile> {
  const fileBytes = Math.floor(limits.fileMb * MB);
  const orderLeft = Math.floor(limits.orderMb * MB) - limits.usedBytes;
  const [limit, tooLarge] =
    fileBytes <= orderLeft
      ? [fileBytes, orderMessages.fileTooLarge(limits.fileMb)]
      : [Math.max(orderLeft, 0), orderMessages.orderFilesTooLarge(limits.orderMb)];
  // Busboy takes a part with a binary Content-Type for a file even without a name.
  if (!part.filename) throw new UploadRefused(400, orderMessages.fileNameMissing);
  const name = sanitizeFileName(part.filename);
  const seen: Seen = { size: 0, head: Buffer.alloc(0), text: new TextCheck() };
  const { storedName, size } = await saveTo(
    storage,
    Readable.from(inspect(part.file, limit, tooLarge, seen, limits)),
  );

  const mime = (await sniffBinary(seen.head, name)) ?? (seen.text.isText() ? 'text/plain' : null);
  // Busboy's own cap (a byte above ours) only ends a stream that outran the check above.
  const refusal = part.file.truncated
    ? new UploadRefused(413, tooLarge)
    : size === 0
      ? new UploadRefused(400, orderMessages.emptyFile)
      : // A browser would render or run it, and a desktop might, whatever it is served as.
        mime === 'text/plain' && seen.text.isMarkup(name)
        ? new UploadRefused(400, orderMessages.markupNotAllowed)
        : null;
  if (refusal || mime === null) {
    await storage.remove(storedName);
    throw refusal ?? new UploadRefused(400, orderMessages.fileTypeNotAllowed);
  }
  return { storedName, name, size, mime };
}

/**
 * Streams every file of a multipart request to storage, one after another, within the per-file
 * and per-order limits, and keeps only allowed types. All or nothing: when one file is refused,
 * the ones already stored by this request are removed too, so the caller records none.
 */
export async function receiveUploads(
  request: FastifyRequest,
  storage: Storage,
  limits: UploadLimits,
): Promise<ReceivedFile[]> {
  if (!request.isMultipart()) throw new HttpError(400, orderMessages.noFile);
  const received: ReceivedFile[] = [];
  try {
    const parts = request.files()[Symbol.asyncIterator]();
    for (;;) {
      let next: IteratorResult<MultipartFile>;
      try {
        next = await parts.next();
      } catch (err) {
        throw bodyError(err, limits);
      }
      if (next.done) break;
      const used = limits.usedBytes + received.reduce((sum, f) => sum + f.size, 0);
      received.push(await receiveOne(next.value, storage, { ...limits, usedBytes: used }));
    }
  } catch (err) {
    // Settled, not all: a removal that fails too (the storage is what failed) must not hide the
    // answer the client should get.
    await Promise.allSettled(received.map((f) => storage.remove(f.storedName)));
    throw err;
  }
  if (received.length === 0) throw new HttpError(400, orderMessages.noFile);
  return received;
}
