// The fixed-rate load of bench/load.ts: requests arriving independently at a rate, over Node's own
// keep-alive agents (ADR 043).
import { Agent as HttpAgent, request as httpRequest } from 'node:http';
import { Agent as HttpsAgent, request as httpsRequest } from 'node:https';
import { percentile, sleep } from './chat-support';

export interface Request {
  method?: string;
  path?: string;
  headers?: Record<string, string>;
  body?: string;
}

/** A route's figures: requests a second, p50/p99 in ms, answers that were not 2xx. */
export interface RouteFigures {
  route: string;
  rps: number;
  p50: number;
  p99: number;
  bad: number;
}

/**
 * Requests arriving at `rate` a second, as people's do: independently (Poisson arrivals), each
 * sent at its time whatever the ones before are waiting for (an open loop), its latency counted
 * from that time to the answer's last byte. autocannon's fixed rate sends each connection's
 * requests for a second back to back at the second's start, and its correction for coordinated
 * omission then takes 1 ms as the interval between requests (`Math.ceil(1 / rate)` in its
 * run.js) and adds made-up slow samples: both raise its p99 at a fixed rate far above what a
 * steady stream meets, so the fixed rate is measured here instead (ADR 043).
 */
export async function openLoop(
  url: string,
  rate: number,
  durationS: number,
  next: () => [string, Request],
): Promise<RouteFigures[]> {
  const base = new URL(url);
  const tls = base.protocol === 'https:';
  const agent = tls
    ? new HttpsAgent({ keepAlive: true, maxSockets: 512, rejectUnauthorized: false })
    : new HttpAgent({ keepAlive: true, maxSockets: 512 });
  const send = tls ? httpsRequest : httpRequest;
  const latencies = new Map<string, number[]>();
  const bad = new Map<string, number>();
  const pending: Array<Promise<void>> = [];
  const fire = (at: number) => {
    const [route, req] = next();
    const body = req.body ? Buffer.from(req.body) : undefined;
    pending.push(
      new Promise<void>((done) => {
        const failed = () => {
          bad.set(route, (bad.get(route) ?? 0) + 1);
          done();
        };
        const r = send(
          {
            agent,
            host: base.hostname,
            port: base.port,
            method: req.method ?? 'GET',
            path: req.path ?? '/',
            headers: { ...req.headers, ...(body ? { 'content-length': String(body.length) } : {}) },
          },
          (res) => {
            res.resume();
            res.on('end', () => {
              if ((res.statusCode ?? 0) >= 300) failed();
              else {
                if (!latencies.has(route)) latencies.set(route, []);
                latencies.get(route)?.push(performance.now() - at);
                done();
              }
            });
            res.on('error', failed);
          },
        );
        r.on('error', failed);
        r.end(body);
      }),
    );
  };
  const started = performance.now();
  const end = started + durationS * 1000;
  let at = started;
  for (;;) {
    at += (-Math.log(1 - Math.random()) * 1000) / rate;
    if (at >= end) break;
    while (performance.now() < at) await sleep(Math.min(1, at - performance.now()));
    fire(at);
  }
  await Promise.all(pending);
  agent.destroy();
  const seconds = durationS;
  return [...new Set([...latencies.keys(), ...bad.keys()])].map((route) => {
    const sorted = Float64Array.from(latencies.get(route) ?? []).sort();
    return {
      route,
      rps: (sorted.length + (bad.get(route) ?? 0)) / seconds,
      p50: Math.round(percentile(sorted, 50) * 10) / 10,
      p99: Math.round(percentile(sorted, 99) * 10) / 10,
      bad: bad.get(route) ?? 0,
    };
  });
}
