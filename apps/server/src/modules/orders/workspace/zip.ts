import type { FileGroup } from '@cabinet/contract';
import { ZipArchive } from 'archiver';
import crc32 from 'crc-32';
import type { Readable } from 'node:stream';
import { crc32 as nativeCrc32 } from 'node:zlib';
import type { Storage } from '../../../plugins/storage';

/**
 * An order's files as one zip, streamed while it is built (archiver): one folder per group, the
 * original names, duplicates told apart as «name (2).ext». Files are read one at a time — the next
 * storage stream opens only when the previous entry is written — and the archive waits for the
 * client (it is piped with backpressure), so memory stays flat whatever the order holds.
 */

export const ZIP_FOLDERS: Record<FileGroup, string> = {
  customer: 'Мои файлы',
  without_qc: 'Без проверки',
  intermediate: 'Промежуточные',
  final: 'Готовая работа',
  report: 'Отчёт об оригинальности',
};

/**
 * Types that are compressed already (images, PDF, Office Open XML and other zips, rar, 7z): stored
 * as they are, since deflating them again costs CPU for a percent or two. Anything else (DOC, RTF,
 * text) is deflated at level 1: on text it keeps 14 % of the bytes against level 6's 9 %, for an
 * eighth of the CPU (209 against 27 MB per CPU second, measured for ADR 015) — a download is worth
 * more than the last few percent.
 */
const ALREADY_COMPRESSED =
  /^(image\/|application\/(pdf|zip|vnd\.rar|x-7z-compressed|vnd\.openxmlformats|vnd\.oasis))/;
export const ZIP_DEFLATE_LEVEL = 1;
/**
 * Bytes per read of a stored file: 1 MB chunks (the archive's own buffer is 1 MB too) halve the
 * CPU per megabyte against the file system's 64 KB default (bench/README.md, zip), for one such
 * buffer per download in flight. 256 KB to 4 MB measured alike; 4 MB slightly worse, a chunk no
 * longer staying in L2 between the read, the CRC and the socket copy.
 */
const READ_CHUNK = 1024 * 1024;

export function isStored(mime: string): boolean {
  return ALREADY_COMPRESSED.test(mime);
}

/**
 * Entry names unique within the archive: a repeated name (compared case-insensitively, as Windows
 * and macOS unpack) becomes «name (2).ext», «name (3).ext»…, never clashing with a real one.
 */
export function uniqueEntryNames(paths: readonly string[]): string[] {
  const taken = new Set<string>();
  return paths.map((path) => {
    const slash = path.lastIndexOf('/');
    const dir = path.slice(0, slash + 1);
    const file = path.slice(slash + 1);
    const dot = file.lastIndexOf('.');
    const [stem, ext] = dot > 0 ? [file.slice(0, dot), file.slice(dot)] : [file, ''];
    let name = path;
    for (let n = 2; taken.has(name.toLowerCase()); n += 1) name = `${dir}${stem} (${n})${ext}`;
    taken.add(name.toLowerCase());
    return name;
  });
}

/**
 * archiver checksums every byte with `crc-32` (its CRC-32 stream's dependency), in JavaScript:
 * half the CPU a stored entry costs (bench/README.md, zip). Node's zlib computes the same CRC
 * natively since 20.15, with the same running value (crc-32's seed is the previous checksum, as
 * zlib's is), so its `buf` is pointed there once. The zip test checks every entry's CRC against
 * its bytes.
 */
const crc = crc32 as { buf: (data: Uint8Array, seed?: number) => number };
crc.buf = (data, seed = 0) => nativeCrc32(data, seed >>> 0) | 0;

export interface ZipEntry {
  group: FileGroup;
  name: string;
  storedName: string;
  mime: string;
  createdAt: string;
}

export interface OrderZip {
  /** The zip's bytes, to pipe to the response. */
  stream: Readable;
  /** Stops building it and closes the storage stream being read (the client went away). */
  abort(): void;
}

export function orderZip(storage: Storage, entries: readonly ZipEntry[]): OrderZip {
  const archive = new ZipArchive({ zlib: { level: ZIP_DEFLATE_LEVEL } });
  const names = uniqueEntryNames(entries.map((e) => `${ZIP_FOLDERS[e.group]}/${e.name}`));
  let current: Readable | null = null;
  let next = 0;
  let aborted = false;

  const appendNext = () => {
    if (aborted) return;
    const entry = entries[next];
    if (!entry) {
      void archive.finalize();
      return;
    }
    const name = names[next] as string;
    next += 1;
    current = storage.open(entry.storedName, { highWaterMark: READ_CHUNK });
    // archiver does not listen for a source's error: a stored file that is gone was an unhandled
    // error event, and the archive waited for the entry for ever. The archive fails instead (the
    // route logs it and aborts, and the answer is cut).
    current.once('error', (err) => {
      if (!aborted) archive.emit('error', err);
    });
    archive.append(current, { name, date: new Date(entry.createdAt), store: isStored(entry.mime) });
  };
  // The next file opens once the previous one is in the archive.
  archive.on('entry', () => {
    current = null;
    appendNext();
  });
  appendNext();

  return {
    stream: archive,
    abort() {
      if (aborted) return;
      aborted = true;
      current?.destroy();
      current = null;
      archive.abort();
    },
  };
}
