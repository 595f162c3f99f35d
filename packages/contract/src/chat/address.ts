/**
 * Where the browser opens the real-time socket (spec §7 "Real-time socket").
 *
 * - `spec` (the production layout behind nginx, `SOCKET_PORT_RULE=spec` at build time): local
 *   hosts → `ws://{hostname}:81/channels/ws/`, every other host → `wss://{hostname}:8443/channels/ws/`;
 * - `origin` (the default one-process run): the page's own origin, ws or wss by its protocol.
 *
 * Both carry the access token as the `authorization` query parameter.
 */
export const SOCKET_PATH = '/channels/ws/';
export type SocketPortRule = 'origin' | 'spec';

export interface PageLocation {
  protocol: string;
  hostname: string;
  /** hostname[:port] */
  host: string;
}

const LOCAL_HOSTS = new Set(['localhost', '127.0.0.1', '[::1]', '::1', '0.0.0.0']);

/** A local host: localhost (and its subdomains), loopback addresses, 0.0.0.0. */
export function isLocalHost(hostname: string): boolean {
  const h = hostname.toLowerCase();
  return LOCAL_HOSTS.has(h) || h.endsWith('.localhost') || /^127\.\d+\.\d+\.\d+$/.test(h);
}

export function socketUrl(location: PageLocation, token: string, rule: SocketPortRule = 'origin'): string {
  const query = `?authorization=${encodeURIComponent(token)}`;
  if (rule === 'spec') {
    const host =
      location.hostname.includes(':') && !location.hostname.startsWith('[')
        ? `[${location.hostname}]`
        : location.hostname;
    return isLocalHost(location.hostname)
      ? `ws://${host}:81${SOCKET_PATH}${query}`
      : `wss://${host}:8443${SOCKET_PATH}${query}`;
  }
  const scheme = location.protocol === 'https:' ? 'wss' : 'ws';
  return `${scheme}://${location.host}${SOCKET_PATH}${query}`;
}
