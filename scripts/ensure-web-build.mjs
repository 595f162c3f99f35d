// Builds the web app when the build is missing or older than its sources.
import { execSync } from 'node:child_process';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { webBuildIsStale } from './lib.mjs';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
if (webBuildIsStale(root)) {
  console.log('Building the web app…');
  execSync('npm run build -w apps/web', { cwd: root, stdio: 'inherit' });
} else {
  console.log('Web build is up to date.');
}
