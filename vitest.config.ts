import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    projects: ['packages/contract', 'apps/server', 'apps/web'],
    // Vitest's default is one worker fewer than the cores: a single one on a two-core machine,
    // where the second core then idles. Two: each file still has its own process and database.
    maxWorkers: 2,
  },
});
