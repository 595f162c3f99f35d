import Fastify from 'fastify';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { runEvery } from './jobs';

const EVERY = 1_000;

/** A run that waits until the test lets it end, with how many things it did. */
function heldRuns() {
  const ends: Array<(count: number | Error) => void> = [];
  const run = vi.fn(
    () =>
      new Promise<number>((resolve, reject) =>
        ends.push((count) => (count instanceof Error ? reject(count) : resolve(count))),
      ),
  );
  return { run, end: (count: number | Error) => ends.shift()?.(count) };
}

describe('runEvery', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('runs on time, never twice at once, logs what a run did and what failed, and goes on', async () => {
    const app = Fastify();
    const info = vi.spyOn(app.log, 'info');
    const error = vi.spyOn(app.log, 'error');
    const { run, end } = heldRuns();
    runEvery(app, {
      name: 'sweep of things',
      everyMs: EVERY,
      run,
      done: { message: 'swept things', countKey: 'removed' },
    });

    expect(run).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(EVERY);
    expect(run).toHaveBeenCalledTimes(1);
    // Still running: the next ticks start nothing.
    await vi.advanceTimersByTimeAsync(3 * EVERY);
    expect(run).toHaveBeenCalledTimes(1);
    end(3);
    await vi.advanceTimersByTimeAsync(0);
    expect(info).toHaveBeenCalledWith({ removed: 3 }, 'swept things');

    await vi.advanceTimersByTimeAsync(EVERY);
    expect(run).toHaveBeenCalledTimes(2);
    end(new Error('disk gone'));
    await vi.advanceTimersByTimeAsync(0);
    expect(error).toHaveBeenCalledWith({ err: expect.any(Error) }, 'sweep of things failed');

    // A failure does not stop the job; a run that did nothing says nothing.
    await vi.advanceTimersByTimeAsync(EVERY);
    expect(run).toHaveBeenCalledTimes(3);
    end(0);
    await vi.advanceTimersByTimeAsync(0);
    expect(info).toHaveBeenCalledTimes(1);
    await app.close();
  });

  it('lets a close wait for the run under way, and runs nothing after it', async () => {
    const app = Fastify();
    const { run, end } = heldRuns();
    runEvery(app, { name: 'job', everyMs: EVERY, run, done: { message: 'done', countKey: 'n' } });
    await app.ready();
    await vi.advanceTimersByTimeAsync(EVERY);
    let closed = false;
    const closing = app.close().then(() => (closed = true));
    await vi.advanceTimersByTimeAsync(0);
    expect(closed).toBe(false);
    end(1);
    await closing;
    expect(closed).toBe(true);
    await vi.advanceTimersByTimeAsync(5 * EVERY);
    expect(run).toHaveBeenCalledTimes(1);
  });
});
