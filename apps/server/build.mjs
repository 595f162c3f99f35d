// `npm run build -w apps/server`: the server compiled to plain JavaScript for `npm run start:prod`
// (ADR 037). Every source file becomes a file of its own at the same place under the output
// directory, so that what a file finds beside itself through `import.meta.url` (the document pool's
// worker and renderers, plugins/documents.ts; the scripts' repository root) is found there too. The
// contract, TypeScript source that Node cannot load, is compiled in with it; every other package is
// left to node_modules, as the native ones (argon2, better-sqlite3, sharp) must be. Types are not
// checked here: `npm run typecheck` does that.
//
// node build.mjs [outDir]   (default: dist, beside this file; a relative outDir is taken from here)
import { copyFileSync, readdirSync, rmSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'rolldown';

const here = import.meta.dirname;

/** Bare imports stay imports of node_modules, but for the workspace's own packages (TypeScript). */
const external = (id) => !/^[./\0]/.test(id) && !id.startsWith('@cabinet/');

/**
 * The entry points: the server, the command-line scripts and every module's document renderer
 * (`render.ts`), which the document pool loads by URL, so that no import leads to it.
 */
function entries() {
  const src = join(here, 'src');
  const input = { server: join(src, 'server.ts') };
  for (const name of readdirSync(join(src, 'scripts'))) {
    if (name.endsWith('.ts') && !name.endsWith('.test.ts')) {
      input[`scripts/${name.slice(0, -3)}`] = join(src, 'scripts', name);
    }
  }
  for (const module of readdirSync(join(src, 'modules'), { withFileTypes: true })) {
    if (!module.isDirectory()) continue;
    if (readdirSync(join(src, 'modules', module.name)).includes('render.ts')) {
      input[`modules/${module.name}/render`] = join(src, 'modules', module.name, 'render.ts');
    }
  }
  return input;
}

/** Compiles the server into `outDir` (emptied first); resolves with the milliseconds it took. */
export async function buildServer(outDir = join(here, 'dist')) {
  const started = performance.now();
  rmSync(outDir, { recursive: true, force: true });
  await build({
    cwd: here,
    input: entries(),
    platform: 'node',
    external,
    transform: { target: 'node20' },
    logLevel: 'warn',
    output: {
      dir: outDir,
      format: 'esm',
      preserveModules: true,
      preserveModulesRoot: join(here, 'src'),
      sourcemap: true,
    },
  });
  // Plain JavaScript, loaded by Node as it is (plugins/documents-worker.mjs says why).
  copyFileSync(join(here, 'src/plugins/documents-worker.mjs'), join(outDir, 'plugins/documents-worker.mjs'));
  return performance.now() - started;
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const outDir = resolve(here, process.argv[2] ?? 'dist');
  const ms = await buildServer(outDir);
  console.log(`server compiled to ${relative(process.cwd(), outDir) || '.'} in ${Math.round(ms)} ms`);
}
