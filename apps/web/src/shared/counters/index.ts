import { countersApi, type Counters } from '@cabinet/contract';
import { addAnalyticsSink, type AnalyticsSink } from '../analytics';
import { whenIdle } from '../when-idle';

type Call = { kind: 'hit' | 'goal'; value: string };

/** Longest queue kept before the counters' settings arrive (a stuck request must not grow it). */
const MAX_QUEUED = 50;

export interface CountersDeps {
  win?: Window;
  /** The counters' ids (GET countersApi). */
  load?: () => Promise<Counters>;
  /** Runs the start once the page has painted and the browser is idle. */
  whenIdle?: (run: () => void) => void;
}

async function loadCounters(): Promise<Counters> {
  const res = await fetch(countersApi, { headers: { accept: 'application/json' } });
  if (!res.ok) throw new Error(`counters: ${res.status}`);
  return (await res.json()) as Counters;
}

/** After the load event and then an idle moment: the counters never compete with the first screen. */
function afterFirstPaint(win: Window): (run: () => void) => void {
  return (run) => {
    const idle = () => void whenIdle(run, { timeoutMs: 3000 }, win);
    if (win.document.readyState === 'complete') idle();
    else win.addEventListener('load', idle, { once: true });
  };
}

/**
 * The two analytics counters of spec §1/§2, Yandex Metrika and Google Analytics 4, as sinks of
 * `analytics.ts`. From the start the page's hits and goals are queued; after the first paint the
 * ids are asked of the server: with none configured (or no answer) nothing is loaded and the
 * queue is dropped; otherwise each configured counter's tag is added and the queue is handed to it
 * (its own queue then holds the calls until its script has loaded). Never throws; the promise
 * settles when the counters are connected, or known to be none.
 */
export function startCounters(deps: CountersDeps = {}): Promise<void> {
  const win = deps.win ?? window;
  const queued: Call[] = [];
  const buffer: AnalyticsSink = {
    hit: (value) => void (queued.length < MAX_QUEUED && queued.push({ kind: 'hit', value })),
    goal: (value) => void (queued.length < MAX_QUEUED && queued.push({ kind: 'goal', value })),
  };
  const removeBuffer = addAnalyticsSink(buffer);
  return new Promise<void>((settled) => {
    (deps.whenIdle ?? afterFirstPaint(win))(() => {
      void connect().finally(settled);
    });
  });

  function connect(): Promise<void> {
    return (deps.load ?? loadCounters)()
      .then(async (ids) => {
        const sinks: AnalyticsSink[] = [];
        // The tags' code is fetched only where a counter is configured (not in the first download).
        if (ids.yandex_metrika_id || ids.ga4_measurement_id) {
          const tags = await import('./tags');
          if (ids.yandex_metrika_id) sinks.push(tags.metrikaSink(ids.yandex_metrika_id, win));
          if (ids.ga4_measurement_id) sinks.push(tags.ga4Sink(ids.ga4_measurement_id, win));
        }
        for (const sink of sinks) {
          for (const call of queued) sink[call.kind](call.value);
          addAnalyticsSink(sink);
        }
      })
      .catch((error: unknown) => console.info('counters: not connected', error))
      .finally(() => {
        removeBuffer();
        queued.length = 0;
      });
  }
}
