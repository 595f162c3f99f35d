import { z } from 'zod';
import { russianZodErrors } from './zod-russian';

// Every schema is built from this `z`, so a check in the browser or on the server speaks Russian
// wherever the schema sets no message of its own. The package is `sideEffects: false` but for this
// file (package.json): a bundler drops the line below otherwise, even from a bundle that uses `z`,
// and keeps it in every bundle holding a schema. common/zod.test.ts bundles to prove both.
z.config({ localeError: russianZodErrors });

export { z };
