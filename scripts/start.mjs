// `npm start`: build the web app if needed, then start the server (it migrates and seeds).
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
// A NODE_ENV from the shell or from .env wins; without one, `npm start` is a local run. The server
// itself takes an unset NODE_ENV for production.
if (existsSync(join(root, '.env'))) process.loadEnvFile(join(root, '.env'));
const env = { ...process.env, NODE_ENV: process.env.NODE_ENV || 'development' };
await import('./ensure-web-build.mjs');
const child = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/server.ts'], {
  cwd: root,
  stdio: 'inherit',
  env,
});
for (const sig of ['SIGINT', 'SIGTERM']) process.on(sig, () => child.kill(sig));
child.on('exit', (code) => process.exit(code ?? 0));
