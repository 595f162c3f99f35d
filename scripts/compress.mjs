// Writes .br and .gz next to every compressible file of a build, for pre-compressed serving.
import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

const dir = process.argv[2];
if (!dir) throw new Error('usage: compress.mjs <dir>');
const compressible = /\.(js|mjs|css|html|svg|json|txt|woff)$/;

function walk(path) {
  for (const name of readdirSync(path)) {
    const full = join(path, name);
    if (statSync(full).isDirectory()) walk(full);
    else if (compressible.test(name) && statSync(full).size > 512) {
      const data = readFileSync(full);
      writeFileSync(
        `${full}.br`,
        brotliCompressSync(data, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }),
      );
      writeFileSync(`${full}.gz`, gzipSync(data, { level: 9 }));
    }
  }
}
walk(dir);
