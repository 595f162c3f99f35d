import { defineProject } from 'vitest/config';

export default defineProject({
  test: {
    name: 'server',
    environment: 'node',
    include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
    testTimeout: 20_000,
    hookTimeout: 30_000,
    // One module graph per worker instead of one per file: every file imports the whole app, and
    // re-importing it for each of 120 files cost 280 of the project's 480 s of worker time. The
    // files share no module state that matters: each builds its own app and database, spies are
    // restored where they are made, fake timers are put back after each test. A run with
    // `--sequence.shuffle` checks that the order of files does not matter.
    isolate: false,
  },
});
