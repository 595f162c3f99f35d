// archiver 8 is ESM-only and ships no types (@types/archiver describes the CommonJS API of 7):
// the part of its API the order zip uses.
declare module 'archiver' {
  import type { Readable, Transform } from 'node:stream';
  import type { ZlibOptions } from 'node:zlib';

  export interface EntryData {
    name: string;
    date?: Date | string;
    mode?: number;
    /** Zip: store this entry without compression. */
    store?: boolean;
  }

  export class Archiver extends Transform {
    append(source: Readable | Buffer | string, data: EntryData): this;
    finalize(): Promise<void>;
    abort(): this;
    pointer(): number;
    on(event: 'entry', listener: (entry: EntryData) => void): this;
    on(event: 'warning' | 'error', listener: (err: Error) => void): this;
    on(event: string | symbol, listener: (...args: unknown[]) => void): this;
  }

  export class ZipArchive extends Archiver {
    constructor(options?: { zlib?: ZlibOptions; store?: boolean; forceZip64?: boolean; comment?: string });
  }
}
