import type { Counters } from '@cabinet/contract';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

type Win = Window & { ym?: { a?: unknown[][] }; dataLayer?: IArguments[]; gtag?: unknown };

const NONE: Counters = { yandex_metrika_id: null, ga4_measurement_id: null };
const BOTH: Counters = { yandex_metrika_id: '12345678', ga4_measurement_id: 'G-TEST1234' };

/** Fresh modules: the analytics sinks and the counters' globals are per page load. */
async function setup(ids: Counters | Error) {
  vi.resetModules();
  const analytics = await import('../analytics');
  const { startCounters } = await import('./index');
  let run: () => void = () => undefined;
  const load = vi.fn(() => (ids instanceof Error ? Promise.reject(ids) : Promise.resolve(ids)));
  const connected = startCounters({ load, whenIdle: (r) => (run = r) });
  const start = async () => {
    run();
    await connected;
  };
  return { ...analytics, start, load };
}

const scripts = () => [...document.head.querySelectorAll('script')].map((s) => s.src);
const ymCalls = () => ((window as Win).ym?.a ?? []).map((args) => [...args]);
const gtagCalls = () => ((window as Win).dataLayer ?? []).map((args) => [...args]);

beforeEach(() => {
  document.head.innerHTML = '';
  delete (window as Win).ym;
  delete (window as Win).dataLayer;
  delete (window as Win).gtag;
  vi.spyOn(console, 'info').mockImplementation(() => undefined);
});
afterEach(() => vi.restoreAllMocks());

describe('the analytics counters', () => {
  it('load nothing, and ask nothing, before the first paint', async () => {
    const { hit, load } = await setup(BOTH);
    hit('/login');
    expect(load).not.toHaveBeenCalled();
    expect(scripts()).toEqual([]);
  });

  it('load nothing when no counter is configured, and drop what was queued', async () => {
    const { hit, start } = await setup(NONE);
    hit('/login');
    await start();
    hit('/registration');
    expect(scripts()).toEqual([]);
    expect((window as Win).ym).toBeUndefined();
    expect((window as Win).dataLayer).toBeUndefined();
  });

  it('inject only the configured counter’s script', async () => {
    const { start } = await setup({ ...NONE, yandex_metrika_id: '42' });
    await start();
    expect(scripts()).toEqual(['https://mc.yandex.ru/metrika/tag.js']);
    expect((window as Win).dataLayer).toBeUndefined();

    const ga = await setup({ ...NONE, ga4_measurement_id: 'G-ABCD1234' });
    document.head.innerHTML = '';
    await ga.start();
    expect(scripts()).toEqual(['https://www.googletagmanager.com/gtag/js?id=G-ABCD1234']);
  });

  it('queue the hits and goals before the settings and hand them over, then send each at once', async () => {
    const { hit, goal, start, WELCOME_GOAL } = await setup(BOTH);
    hit('/login?al=secret');
    goal(WELCOME_GOAL);
    await start();
    hit('/home/active');

    const origin = window.location.origin;
    expect(ymCalls()).toEqual([
      [12345678, 'init', expect.objectContaining({ defer: true, webvisor: false })],
      [12345678, 'hit', `${origin}/login?al=redacted`, expect.any(Object)],
      [12345678, 'reachGoal', 'welcome'],
      [
        12345678,
        'hit',
        `${origin}/home/active`,
        expect.objectContaining({ referer: `${origin}/login?al=redacted` }),
      ],
    ]);
    const calls = gtagCalls();
    expect(calls[0]?.[0]).toBe('js');
    expect(calls.slice(1)).toEqual([
      ['config', 'G-TEST1234', { send_page_view: false, page_location: `${origin}/` }],
      ['event', 'page_view', expect.objectContaining({ page_location: `${origin}/login?al=redacted` })],
      ['event', 'welcome', { page_location: `${origin}/login?al=redacted` }],
      ['event', 'page_view', expect.objectContaining({ page_location: `${origin}/home/active` })],
    ]);
    // gtag.js reads Arguments objects out of dataLayer, as its snippet pushes them.
    expect(Object.prototype.toString.call((window as Win).dataLayer?.[0])).toBe('[object Arguments]');
    expect(JSON.stringify([ymCalls(), gtagCalls()])).not.toContain('secret');
  });

  it('never throw when the script fails to load or the settings cannot be read', async () => {
    const { hit, start } = await setup(BOTH);
    await start();
    for (const script of document.head.querySelectorAll('script')) {
      expect(() => script.dispatchEvent(new Event('error'))).not.toThrow();
    }
    expect(() => hit('/profile')).not.toThrow();

    const failing = await setup(new Error('offline'));
    failing.hit('/login');
    await expect(failing.start()).resolves.toBeUndefined();
    expect(() => failing.hit('/registration')).not.toThrow();
  });
});
