// What the chat bench (bench/chat.ts) prints of a window of its load: delivery latency, CPU per
// message, memory per socket, and the counts behind them.
import { loadavg } from 'node:os';
import type { Ledger, Sent } from './chat-load';
import { type CpuMeter, latencyLine, rssMb, sleep } from './chat-support';

/** The CPU meters of a run: the servers, Redis, and PostgreSQL's backends when it is there. */
export interface Meters {
  servers: CpuMeter;
  redis: CpuMeter;
  postgres?: CpuMeter;
}

export interface Window {
  /** Messages written in the window. */
  messages: number;
  /** Messages the server accepted in the window: CPU per message is per one of these. */
  accepted: number;
  servers: number;
  redis: number;
  postgres: number;
  loadgen: number;
  lag: number;
  /** The messages first sent in the window: their latencies are read once they have arrived. */
  steady: Sent[];
  wall: number;
  /** The servers' CPU seconds per second with every socket open and no messages (heartbeats, timers). */
  idle: number;
}

/** Medians of RSS samples over a second: one sample lands on either side of a collection. */
export async function rssSettled(pids: number[]): Promise<number[]> {
  const samples: number[][] = pids.map(() => []);
  for (let i = 0; i < 11; i += 1) {
    pids.forEach((pid, j) => samples[j]!.push(rssMb(pid)));
    await sleep(100);
  }
  return samples.map((s) => s.sort((a, b) => a - b)[5] as number);
}

export function latenciesOf(sent: Sent[]): number[] {
  return sent.filter((s) => s.latency !== undefined).map((s) => s.latency as number);
}

function perMessage(seconds: number, messages: number): string {
  return `${((seconds / messages) * 1e6).toFixed(0)} µs`;
}

export function windowLines(name: string, w: Window, serverName: string): string[] {
  const lat = latencyLine(latenciesOf(w.steady));
  return [
    `${name}: ${w.messages} messages written in ${w.wall.toFixed(1)} s (${(w.messages / w.wall).toFixed(0)} msg/s), ${w.accepted} accepted by the server (${(w.accepted / w.wall).toFixed(0)} msg/s)`,
    `  latency, send → the other party's socket on the other instance: ${lat.text}`,
    `  CPU per message accepted: ${serverName} ${perMessage(w.servers, w.accepted)} (${w.servers.toFixed(1)} s of ${(2 * w.wall).toFixed(0)} s on 2 cores); Redis ${perMessage(w.redis, w.accepted)}` +
      (w.postgres > 0 ? `; PostgreSQL backends ${perMessage(w.postgres, w.accepted)}` : '') +
      `; load generator ${perMessage(w.loadgen, w.accepted)}`,
    `  ${serverName} idle with every socket open: ${(w.idle * 100).toFixed(1)} % of a core; CPU per message net of it ${perMessage(w.servers - w.idle * w.wall, w.accepted)}`,
    `  machine: load average ${loadavg()[0]?.toFixed(1)}; the load generator's event-loop delay p99 ${w.lag.toFixed(1)} ms`,
  ];
}

export function countsLine(ledger: Ledger): string {
  const types = [...ledger.counts.framesByType].map(([k, v]) => `${k} ${v}`).join(', ');
  const closes = [...ledger.counts.closes].map(([k, v]) => `${k}×${v}`).join(', ') || 'none';
  const failures = [...ledger.counts.postFailures].map(([k, v]) => `${k}×${v}`).join(', ') || 'none';
  return `  frames received ${ledger.counts.frames} (${types}); socket closes ${closes}; send failures ${failures}`;
}
