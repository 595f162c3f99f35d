// The baseline of bench/chat.ts: a bare `ws` relay through Redis, as little as a cross-instance
// chat push can be. A client connects with `?key=<participant>`; a frame it sends
// (`{"to": key, "from": key, …}`) is published as is on one Redis channel; every relay parses what
// arrives on the channel and pushes the text to its own sockets of `to` and of `from` (the sender's
// other tabs, as the app does). No database, no auth, no schemas.
//
// Run by bench/chat.ts: `node --import tsx bench/chat-relay.ts` with PORT, REDIS_URL and
// BENCH_RELAY_CHANNEL; prints `ready` once listening and subscribed.
import { Redis } from 'ioredis';
import { type WebSocket, WebSocketServer } from 'ws';

const channel = process.env.BENCH_RELAY_CHANNEL ?? 'bench:relay';
const redisUrl = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';
const pub = new Redis(redisUrl);
const sub = new Redis(redisUrl);
const sockets = new Map<string, WebSocket>();

sub.on('message', (_channel: string, text: string) => {
  const { to, from } = JSON.parse(text) as { to: string; from: string };
  sockets.get(to)?.send(text);
  sockets.get(from)?.send(text);
});
await sub.subscribe(channel);

const wss = new WebSocketServer({ port: Number(process.env.PORT), host: '127.0.0.1' });
wss.on('connection', (ws, request) => {
  const key = new URL(request.url ?? '/', 'http://relay').searchParams.get('key') ?? '';
  sockets.set(key, ws);
  ws.on('message', (data) => {
    void pub.publish(channel, data.toString());
  });
  ws.on('close', () => {
    if (sockets.get(key) === ws) sockets.delete(key);
  });
});
await new Promise((r) => wss.once('listening', r));
console.log('ready');

process.on('SIGTERM', () => {
  wss.close();
  for (const ws of wss.clients) ws.terminate();
  pub.disconnect();
  sub.disconnect();
  process.exit(0);
});
