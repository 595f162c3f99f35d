import { ListObjectsV2Command } from '@aws-sdk/client-s3';
import { createHash, randomBytes } from 'node:crypto';
import { mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLocalStorage, type Storage } from '../src/plugins/storage';
import { createS3Storage } from '../src/plugins/storage-s3';
import { startS3, type TestS3 } from './support/s3';

const MB = 1024 * 1024;

/** What a storage under test is, and how a test sees what it holds behind its back. */
interface Subject {
  storage: Storage;
  /** The stored names it holds now. */
  held(): Promise<string[]>;
  /** Makes `check` fail from now on. */
  breakIt(): Promise<void>;
  close(): Promise<void>;
}

/** `total` bytes, deterministic, in chunks of `chunk` (as a customer's upload arrives). */
function bytesOf(total: number, seed: string): Buffer {
  const out = Buffer.alloc(total);
  let block = createHash('sha256').update(seed).digest();
  for (let at = 0; at < total; at += block.length) {
    block.copy(out, at);
    block = createHash('sha256').update(block).digest();
  }
  return out;
}

function chunked(data: Buffer, chunk = 64 * 1024): Readable {
  return Readable.from(
    (function* () {
      for (let at = 0; at < data.length; at += chunk) yield data.subarray(at, at + chunk);
    })(),
  );
}

/** Sends `bytes` bytes, then fails with `error`. */
function failingAfter(bytes: number, error: Error): Readable {
  return Readable.from(
    (async function* () {
      yield* chunked(bytesOf(bytes, 'before the failure'));
      throw error;
    })(),
  );
}

async function readAll(stream: Readable): Promise<{ data: Buffer; chunks: number }> {
  const parts: Buffer[] = [];
  for await (const chunk of stream) parts.push(chunk as Buffer);
  return { data: Buffer.concat(parts), chunks: parts.length };
}

/** The error a stream fails with (none: resolves with null). */
function streamError(stream: Readable): Promise<NodeJS.ErrnoException | null> {
  return new Promise((resolve) => {
    stream.once('error', (err) => resolve(err));
    stream.once('end', () => resolve(null));
    stream.resume();
  });
}

async function localSubject(): Promise<Subject> {
  const root = mkdtempSync(join(tmpdir(), 'cabinet-storage-'));
  const dir = join(root, 'files');
  return {
    storage: createLocalStorage(dir),
    async held() {
      let fanOut: string[];
      try {
        fanOut = readdirSync(dir);
      } catch {
        return [];
      }
      return fanOut.flatMap((d) => readdirSync(join(dir, d)));
    },
    async breakIt() {
      // A file where the directory should be.
      rmSync(dir, { recursive: true, force: true });
      writeFileSync(dir, 'x');
    },
    async close() {
      rmSync(root, { recursive: true, force: true });
    },
  };
}

let s3: TestS3;

async function s3Subject(): Promise<Subject> {
  s3 = await startS3();
  const { storage, close } = createS3Storage(s3.settings);
  return {
    storage,
    async held() {
      const listed = await s3.client.send(new ListObjectsV2Command({ Bucket: s3.settings.bucket }));
      return (listed.Contents ?? []).map((o) => o.Key ?? '');
    },
    breakIt: () => s3.stop(),
    async close() {
      close();
      await s3.close();
    },
  };
}

describe.each([
  ['the local disk', localSubject],
  ['S3-compatible storage (s3rver)', s3Subject],
])('the storage contract: %s', (name, make) => {
  let subject: Subject;
  let storage: Storage;
  beforeAll(async () => {
    subject = await make();
    storage = subject.storage;
  });
  afterAll(() => subject.close());

  it('answers check while it can be used', async () => {
    await expect(storage.check()).resolves.toBeUndefined();
  });

  it('saves a stream under a new random name and opens the same bytes', async () => {
    const data = bytesOf(100_000, 'small');
    const saved = await storage.save(chunked(data, 10_000));
    expect(saved.storedName).toMatch(/^[0-9a-f]{32}$/);
    expect(saved.size).toBe(data.length);
    const again = await storage.save(chunked(data));
    expect(again.storedName).not.toBe(saved.storedName);
    expect((await readAll(storage.open(saved.storedName))).data.equals(data)).toBe(true);
    expect(await subject.held()).toEqual(expect.arrayContaining([saved.storedName, again.storedName]));
  });

  it('saves an empty stream as an empty object', async () => {
    const saved = await storage.save(Readable.from([]));
    expect(saved.size).toBe(0);
    expect((await readAll(storage.open(saved.storedName))).data.length).toBe(0);
  });

  it('removes an object, quietly when it is gone already', async () => {
    const { storedName } = await storage.save(chunked(Buffer.from('to be removed')));
    await storage.remove(storedName);
    expect(await subject.held()).not.toContain(storedName);
    await expect(storage.remove(storedName)).resolves.toBeUndefined();
  });

  it('fails the opened stream with ENOENT for a name it does not hold, as the file system does', async () => {
    const stream = storage.open('e'.repeat(32));
    const err = await streamError(stream);
    expect(err?.code).toBe('ENOENT');
    expect(stream.destroyed).toBe(true);
  });

  it('refuses a name it did not make, at once', () => {
    expect(() => storage.open('../etc/passwd')).toThrow('not a stored name');
  });

  it.each([
    ['in its first bytes', 1000],
    ['past the first part of a multipart upload', 6 * MB + 123],
  ])(
    'rejects with the source’s own error and keeps nothing when the source fails %s',
    async (_when, bytes) => {
      const before = await subject.held();
      const failure = new Error('the customer went away');
      await expect(storage.save(failingAfter(bytes, failure))).rejects.toBe(failure);
      expect(await subject.held()).toEqual(before);
    },
  );

  it('streams a large file both ways in chunks, never as one buffer', async () => {
    const data = bytesOf(12 * MB + 7, 'large');
    const saved = await storage.save(chunked(data));
    expect(saved.size).toBe(data.length);
    const { data: read, chunks } = await readAll(storage.open(saved.storedName, { highWaterMark: MB }));
    expect(chunks).toBeGreaterThanOrEqual(12);
    expect(createHash('sha256').update(read).digest('hex')).toBe(
      createHash('sha256').update(data).digest('hex'),
    );
  });

  it('lets a reader stop early without an error', async () => {
    const { storedName } = await storage.save(chunked(bytesOf(3 * MB, 'stop early')));
    const stream = storage.open(storedName, { highWaterMark: 64 * 1024 });
    const first = await new Promise<Buffer>((resolve) => stream.once('data', resolve));
    expect(first.length).toBeGreaterThan(0);
    const errors: Error[] = [];
    stream.on('error', (e) => errors.push(e));
    stream.destroy();
    await new Promise((r) => setTimeout(r, 50));
    expect(errors).toEqual([]);
    // The storage still serves the object to the next reader.
    expect((await readAll(storage.open(storedName))).data.length).toBe(3 * MB);
  });

  it(`fails check once it cannot be used (${name})`, async () => {
    await subject.breakIt();
    await expect(storage.check()).rejects.toThrow();
  });
});

describe('S3-compatible storage: the calls it makes', () => {
  let t: TestS3;
  let storage: Storage;
  let close: () => void;
  beforeAll(async () => {
    t = await startS3('calls');
    ({ storage, close } = createS3Storage(t.settings));
  });
  afterAll(async () => {
    close();
    await t.close();
  });

  const since = (mark: number) => t.requests.slice(mark);

  it('sends a file under a part’s size in one PutObject', async () => {
    const mark = t.requests.length;
    const { storedName } = await storage.save(chunked(randomBytes(300_000)));
    expect(since(mark)).toEqual([`PUT /calls/${storedName}?x-id=PutObject`]);
  });

  it('sends a larger one as a multipart upload of 5 MB parts', async () => {
    const mark = t.requests.length;
    const { storedName } = await storage.save(chunked(bytesOf(11 * MB, 'parts')));
    const calls = since(mark).map((r) => r.replace(/uploadId=[^&]+/, 'uploadId=…'));
    expect(calls[0]).toBe(`POST /calls/${storedName}?uploads=`);
    expect(calls.filter((c) => c.includes('x-id=UploadPart'))).toHaveLength(3);
    expect(calls.at(-1)).toBe(`POST /calls/${storedName}?uploadId=…`);
  });

  it('aborts the multipart upload when the source fails, then deletes the key for good measure', async () => {
    const mark = t.requests.length;
    const failure = new Error('cut');
    await expect(storage.save(failingAfter(7 * MB, failure))).rejects.toBe(failure);
    const calls = since(mark).map((r) =>
      r.replace(/\/calls\/[0-9a-f]{32}/, '/calls/KEY').replace(/uploadId=[^&]+/, 'uploadId=…'),
    );
    expect(calls).toEqual([
      'POST /calls/KEY?uploads=',
      'PUT /calls/KEY?partNumber=1&uploadId=…&x-id=UploadPart',
      'DELETE /calls/KEY?uploadId=…&x-id=AbortMultipartUpload',
      'DELETE /calls/KEY?x-id=DeleteObject',
    ]);
  });
});
