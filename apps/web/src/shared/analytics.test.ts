import { describe, expect, it, vi } from 'vitest';
import { addAnalyticsSink, goal, hit } from './analytics';

describe('analytics', () => {
  it('passes hits and goals to every registered sink until it is removed', () => {
    const sink = { hit: vi.fn(), goal: vi.fn() };
    const remove = addAnalyticsSink(sink);
    hit('/home/active?x=1');
    goal('welcome');
    expect(sink.hit).toHaveBeenCalledWith('/home/active?x=1');
    expect(sink.goal).toHaveBeenCalledWith('welcome');

    remove();
    hit('/profile');
    expect(sink.hit).toHaveBeenCalledTimes(1);
  });
});
