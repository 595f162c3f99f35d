import { afterEach, vi } from 'vitest';

// A console.error in a test is a bug the test did not catch: fail loudly.
afterEach(() => {
  vi.restoreAllMocks();
});
const originalError = console.error;
console.error = (...args: unknown[]) => {
  originalError(...args);
  throw new Error(`console.error in test: ${args.map(String).join(' ')}`);
};
