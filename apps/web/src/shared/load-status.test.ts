import type { FetchStatus, QueryStatus } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { toLoadStatus } from './load-status';

describe('toLoadStatus', () => {
  it.each<[QueryStatus, FetchStatus, string]>([
    ['pending', 'idle', 'empty'],
    ['pending', 'fetching', 'loading'],
    ['pending', 'paused', 'loading'],
    ['success', 'idle', 'success'],
    ['success', 'fetching', 'success'],
    ['error', 'idle', 'error'],
    ['error', 'fetching', 'loading'],
  ])('%s + %s → %s', (status, fetchStatus, expected) => {
    expect(toLoadStatus(status, fetchStatus)).toBe(expected);
  });
});
