import { defineConfig } from 'vitest/config';
import { OUTCOME_TIMEOUT_MS, POLL_INTERVAL_MS } from './support/waits';

export default defineConfig({
  test: {
    name: 'e2e',
    root: new URL('.', import.meta.url).pathname,
    include: ['**/*.spec.ts'],
    globalSetup: ['support/global-setup.ts'],
    testTimeout: 60_000,
    hookTimeout: 60_000,
    // Vitest's own default gives a poll 1 s, which a loaded machine misses (support/waits.ts).
    expect: { poll: { timeout: OUTCOME_TIMEOUT_MS, interval: POLL_INTERVAL_MS } },
    // One Chromium per file; two files at a time is what two cores sustain.
    maxWorkers: 2,
    fileParallelism: true,
  },
});
