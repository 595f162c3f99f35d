import { CHAT_CLOSE, CHAT_FRAME_MAX_BYTES, api } from '@cabinet/contract';
import websocket from '@fastify/websocket';
import type { FastifyInstance } from 'fastify';
import type { AccessTokens } from '../../plugins/auth';
import { Hub } from './hub';
import type { Presence } from './presence';
import type { Principal } from './types';

/** On shutdown, sockets get this long to finish the close handshake before they are cut. */
const CLOSE_GRACE_MS = 2_000;

/** The names of this machine a local run is opened at, either of which a browser may show. */
const LOOPBACK_HOSTS = ['localhost', '127.0.0.1', '[::1]'];

/**
 * The origins whose pages may open the socket: PUBLIC_URL's and those listed. A local run
 * (`local`: development, test) whose PUBLIC_URL names this machine also takes the other names of
 * it on the same port: http://localhost:3000 and http://127.0.0.1:3000 are one server to whoever
 * runs it.
 */
export function allowedOrigins(publicUrl: string, listed: readonly string[], local = false): Set<string> {
  const url = new URL(publicUrl);
  const origins = new Set([url.origin]);
  if (local && LOOPBACK_HOSTS.includes(url.hostname)) {
    for (const host of LOOPBACK_HOSTS) {
      url.hostname = host;
      origins.add(url.origin);
    }
  }
  for (const entry of listed) {
    try {
      origins.add(new URL(entry).origin);
    } catch {
      origins.add(entry);
    }
  }
  return origins;
}

/** Who a socket's access token names, and when it expires (ms); null when it is not a valid one. */
export function principalOf(
  tokens: AccessTokens,
  token: unknown,
): { principal: Principal; expiresAt: number } | null {
  if (typeof token !== 'string' || token.length === 0) return null;
  let principal: Principal;
  const userId = tokens.verify(token);
  if (userId !== null) principal = { kind: 'customer', userId };
  else {
    const staff = tokens.verifyStaff(token);
    if (!staff) return null;
    principal = { kind: 'staff', staffId: staff.id, role: staff.role };
  }
  // The signature and exp were checked just above; the claims are read only for the time.
  const claims = JSON.parse(Buffer.from(token.split('.')[1] ?? '', 'base64url').toString('utf8')) as {
    exp: number;
  };
  return { principal, expiresAt: claims.exp * 1000 };
}

/**
 * `GET /channels/ws/?authorization=<access token>` (spec §7 "Real-time socket"): a customer's or
 * a staff member's socket. The upgrade is always accepted, then a socket that may not stay is
 * closed with a code the client acts on: 4403 for a page of a foreign origin (no retry), 4401 for
 * a missing, bad or expired token (refresh and reconnect). What follows is the hub's.
 */
export default async function socketRoutes(app: FastifyInstance, { presence }: { presence: Presence }) {
  const { config } = app;
  const hub = new Hub({
    access: app.chatService,
    bus: app.chatBus,
    log: app.log,
    heartbeatMs: config.SOCKET_HEARTBEAT_SECONDS * 1000,
    maxBufferBytes: config.SOCKET_MAX_BUFFER_KB * 1024,
    onCustomer: (userId, online) => presence.changed(userId, online),
  });
  const origins = allowedOrigins(
    config.PUBLIC_URL,
    config.SOCKET_ALLOWED_ORIGINS,
    config.NODE_ENV !== 'production',
  );
  let closing = false;

  await app.register(websocket, {
    // A bigger frame closes the socket with 1009 (ws's own answer).
    options: { maxPayload: CHAT_FRAME_MAX_BYTES },
    // The plugin's own preClose closes sockets without a code (the client sees 1005 and cannot
    // tell a shutdown from a fault): here every socket is told 1001 and given a moment to go.
    preClose: async () => {
      closing = true;
      // Refuse new upgrades at once: a client reconnecting during the grace period would
      // otherwise keep the server open past SIGTERM.
      app.server.removeAllListeners('upgrade');
      await hub.closeAll(CHAT_CLOSE.goingAway, 'going away', CLOSE_GRACE_MS);
    },
    // A client's broken frame or dropped connection: ws has already closed or is closing the
    // socket with the right code (1009, 1002…); cutting it here would lose that close frame.
    errorHandler: (error, socket, request) => {
      request.log.info({ err: error }, 'chat socket: connection error');
      if (socket.readyState === socket.OPEN || socket.readyState === socket.CONNECTING) socket.terminate();
    },
  });

  const stopDelivery = app.chatBus.subscribe((deliveries) => hub.deliver(deliveries));
  // Shown on /metrics (plugins/metrics.ts): the sockets open here, the events fanned out to them.
  app.metrics.countSockets(() => hub.size);
  const stopCounting = app.chatBus.subscribe((deliveries) => app.metrics.chatEvents.inc(deliveries.length));
  hub.start();
  app.addHook('onClose', async () => {
    stopDelivery();
    stopCounting();
    hub.stop();
  });

  app.get(
    api.socket,
    // The URL carries the access token: no request log lines for this route.
    { websocket: true, logLevel: 'warn' },
    (socket, request) => {
      if (closing) {
        socket.close(CHAT_CLOSE.goingAway, 'going away');
        return;
      }
      const origin = request.headers.origin;
      if (origin !== undefined && !origins.has(origin)) {
        socket.close(CHAT_CLOSE.forbiddenOrigin, 'origin not allowed');
        return;
      }
      const who = principalOf(app.accessTokens, (request.query as Record<string, unknown>).authorization);
      if (!who) {
        socket.close(CHAT_CLOSE.unauthorized, 'unauthorized');
        return;
      }
      const conn = hub.add(socket, who.principal, who.expiresAt);
      socket.on('message', (data, isBinary) => void hub.handleMessage(conn, data as Buffer, isBinary));
      socket.on('pong', () => hub.pong(conn));
      socket.on('close', () => hub.remove(conn));
    },
  );
}
