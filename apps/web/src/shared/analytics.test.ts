import { describe, expect, it, vi } from 'vitest';
import { addAnalyticsSink, goal, hit, redactUrl } from './analytics';

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

  it('hands a sink the address with its secrets already taken out', () => {
    const sink = { hit: vi.fn(), goal: vi.fn() };
    const remove = addAnalyticsSink(sink);
    hit('/change-password/Mg-c1a2b3/?al=sesame');
    remove();
    expect(sink.hit).toHaveBeenCalledWith('/change-password/redacted/?al=redacted');
    expect(JSON.stringify(sink.hit.mock.calls)).not.toMatch(/Mg-c1a2b3|sesame/);
  });
});

describe('redactUrl', () => {
  it.each([
    ['/home/active?x=1', '/home/active?x=1'],
    ['/login?redirect=%2Fpayments%2Fhistory&msg=hi', '/login?redirect=%2Fpayments%2Fhistory&msg=hi'],
    ['/change-password/Mg-c1a2b3/', '/change-password/redacted/'],
    ['/change-password/Mg-c1a2b3', '/change-password/redacted'],
    ['/socials-email-auth?token=abc.def', '/socials-email-auth?token=redacted'],
    ['/home/active?al=sesame&tab=1', '/home/active?al=redacted&tab=1'],
    ['/profile?token=a&token=b', '/profile?token=redacted&token=redacted'],
    // A secret may ride inside the way back after sign-in.
    ['/login?redirect=%2Fchange-password%2FMg-c1%2F', '/login?redirect=%2Fchange-password%2Fredacted%2F'],
    [
      `/login?redirect=${encodeURIComponent('/order/5/chat?al=sesame&x=1')}`,
      `/login?redirect=${encodeURIComponent('/order/5/chat?al=redacted&x=1')}`,
    ],
    ['/login?redirect=https%3A%2F%2Fevil.example%2F', '/login?redirect=https%3A%2F%2Fevil.example%2F'],
  ])('%s → %s', (input, expected) => {
    expect(redactUrl(input)).toBe(expected);
  });
});
