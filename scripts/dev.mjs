// `npm run dev`: the server restarting on change, and Vite with the API proxied to it.
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
// The server runs in apps/server, where it would not find the root .env: read it here. A NODE_ENV
// from the shell or from .env wins; without one this is development.
if (existsSync(join(root, '.env'))) process.loadEnvFile(join(root, '.env'));
const env = { ...process.env, NODE_ENV: process.env.NODE_ENV || 'development', WEB_DIST: 'none' };
// Without a key the server makes up one per process; one per `npm run dev` keeps sessions and
// login codes across the watcher's restarts. Production still has to bring its own.
if (!env.JWT_SECRET && env.NODE_ENV !== 'production') env.JWT_SECRET = randomBytes(32).toString('base64url');
// The page is Vite's (port 5173) and its proxy passes the browser's Origin on to the socket: the
// server accepts only its own port's pages unless told of this one.
if (!env.SOCKET_ALLOWED_ORIGINS) env.SOCKET_ALLOWED_ORIGINS = 'http://localhost:5173,http://127.0.0.1:5173';

const children = [
  spawn('npm', ['run', 'dev', '-w', 'apps/server'], { stdio: 'inherit', env }),
  spawn('npm', ['run', 'dev', '-w', 'apps/web'], { stdio: 'inherit' }),
];
const stop = () => children.forEach((c) => c.kill('SIGTERM'));
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
children.forEach((c) =>
  c.on('exit', (code) => {
    stop();
    process.exit(code ?? 0);
  }),
);
