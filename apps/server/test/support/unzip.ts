import { crc32 } from 'node:zlib';
import yauzl from 'yauzl';

/** Every entry of a zip (read with yauzl): its name and bytes, checked against the CRC it recorded. */
export function unzip(zip: Buffer): Promise<Map<string, Buffer>> {
  return new Promise((resolve, reject) => {
    yauzl.fromBuffer(zip, { lazyEntries: true }, (err, file) => {
      if (err) return reject(err);
      const entries = new Map<string, Buffer>();
      file.on('entry', (entry: yauzl.Entry) => {
        file.openReadStream(entry, (e, stream) => {
          if (e) return reject(e);
          const chunks: Buffer[] = [];
          stream.on('data', (c: Buffer) => chunks.push(c));
          stream.on('end', () => {
            const bytes = Buffer.concat(chunks);
            // The checksum the archive recorded is that of the bytes (yauzl does not check it).
            if (crc32(bytes) !== entry.crc32) return reject(new Error(`bad CRC of ${entry.fileName}`));
            entries.set(entry.fileName, bytes);
            file.readEntry();
          });
        });
      });
      file.on('end', () => resolve(entries));
      file.on('error', reject);
      file.readEntry();
    });
  });
}
