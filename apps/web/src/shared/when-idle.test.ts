import { afterEach, describe, expect, it, vi } from 'vitest';
import { whenIdle } from './when-idle';

afterEach(() => vi.useRealTimers());

describe('whenIdle', () => {
  it('asks the browser for an idle moment, with the deadline given, and can take it back', () => {
    const requestIdleCallback = vi.fn(() => 7);
    const cancelIdleCallback = vi.fn();
    const win = { requestIdleCallback, cancelIdleCallback } as unknown as Window;
    const run = vi.fn();
    const cancel = whenIdle(run, { timeoutMs: 3000, fallbackMs: 50 }, win);
    expect(requestIdleCallback).toHaveBeenCalledWith(run, { timeout: 3000 });
    cancel();
    expect(cancelIdleCallback).toHaveBeenCalledWith(7);
  });

  it('waits fallbackMs where the browser cannot tell, and runs nothing once cancelled', () => {
    vi.useFakeTimers();
    const win = { setTimeout, clearTimeout } as unknown as Window;
    const run = vi.fn();
    whenIdle(run, { fallbackMs: 200 }, win);
    vi.advanceTimersByTime(199);
    expect(run).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(run).toHaveBeenCalledTimes(1);
    const other = vi.fn();
    whenIdle(other, { fallbackMs: 200 }, win)();
    vi.advanceTimersByTime(500);
    expect(other).not.toHaveBeenCalled();
  });
});
