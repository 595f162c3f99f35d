import { text } from '../common/input';

/**
 * The link rule of spec §5, checked in the browser and again on the server: an http, https or
 * ftp URL whose host is a domain name or a public IPv4 address. The check is syntactic and
 * resolves no names, so it says nothing about where a domain points; it only keeps people from
 * pasting addresses of private networks, of the machine itself or with credentials inside.
 */

export const LINK_MAX_LENGTH = 2048;

export const linkMessages = {
  invalid: 'Укажите ссылку http, https или ftp на общедоступный сайт',
} as const;

const SCHEME = /^(?:https?|ftp):\/\//i;

/** Ranges that are not the public internet (RFC 6890 and friends): [first octets, prefix length]. */
const NON_PUBLIC_V4: ReadonlyArray<readonly [string, number]> = [
  ['0.0.0.0', 8], // "this network"
  ['10.0.0.0', 8], // private
  ['100.64.0.0', 10], // carrier-grade NAT
  ['127.0.0.0', 8], // loopback
  ['169.254.0.0', 16], // link-local
  ['172.16.0.0', 12], // private
  ['192.0.0.0', 24], // IETF protocol assignments
  ['192.0.2.0', 24], // documentation (TEST-NET-1)
  ['192.168.0.0', 16], // private
  ['198.18.0.0', 15], // benchmarking
  ['198.51.100.0', 24], // documentation (TEST-NET-2)
  ['203.0.113.0', 24], // documentation (TEST-NET-3)
  ['224.0.0.0', 4], // multicast
  ['240.0.0.0', 4], // reserved, including the broadcast address
];

/** Names that never leave the local network (RFC 6761, RFC 6762, ICANN's .internal). */
const LOCAL_NAMES = ['localhost'];
const LOCAL_SUFFIXES = ['.localhost', '.local', '.internal'];

const DOTTED_QUAD = /^(25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)(?:\.(25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)){3}$/;
const LABEL = /^[\p{L}\p{N}](?:[\p{L}\p{N}-]{0,61}[\p{L}\p{N}])?$/u;
const TLD = /^(?:\p{L}{2,63}|xn--[a-z0-9-]{1,59})$/u;

function ipv4ToInt(ip: string): number {
  return ip.split('.').reduce((n, octet) => n * 256 + Number(octet), 0);
}

const RANGES = NON_PUBLIC_V4.map(([base, bits]) => ({ base: ipv4ToInt(base), size: 2 ** (32 - bits) }));

/** True for a dotted-quad IPv4 address on the public internet. */
export function isPublicIpv4(ip: string): boolean {
  if (!DOTTED_QUAD.test(ip)) return false;
  const n = ipv4ToInt(ip);
  return !RANGES.some((r) => n >= r.base && n < r.base + r.size);
}

function isPublicDomain(host: string): boolean {
  const name = host.endsWith('.') ? host.slice(0, -1) : host;
  if (name.length === 0 || name.length > 253) return false;
  if (LOCAL_NAMES.includes(name) || LOCAL_SUFFIXES.some((s) => name.endsWith(s))) return false;
  const labels = name.split('.');
  const tld = labels.at(-1) ?? '';
  return labels.length >= 2 && labels.every((l) => LABEL.test(l)) && TLD.test(tld);
}

/** Looks like an attempt at an IP address: digits, dots and hex only (127.1, 0x7f.1, 2130706433). */
const NUMERIC_HOST = /^(?:0x[0-9a-f]*|\d+)(?:\.(?:0x[0-9a-f]*|\d*))*$/i;

export function isAllowedLink(url: string): boolean {
  const text = url.trim();
  if (text.length === 0 || text.length > LINK_MAX_LENGTH) return false;
  // Browsers silently drop tabs and line breaks inside URLs; a link with any such character is not one.
  if (/[\s\p{Cc}\\]/u.test(text) || !SCHEME.test(text)) return false;

  const rest = text.slice(text.indexOf('://') + 3);
  const authority = rest.split(/[/?#]/, 1)[0] ?? '';
  if (authority.includes('@') || authority.startsWith('[')) return false;
  const portAt = authority.lastIndexOf(':');
  const host = (portAt === -1 ? authority : authority.slice(0, portAt)).toLowerCase();
  if (portAt !== -1 && !/^\d{1,5}$/.test(authority.slice(portAt + 1))) return false;

  let parsed: URL;
  try {
    parsed = new URL(text);
  } catch {
    return false;
  }
  if (parsed.username || parsed.password) return false;

  if (NUMERIC_HOST.test(host)) {
    // Only the plain dotted form: shorthand, octal and hex forms of an address hide where it points.
    return DOTTED_QUAD.test(host) && isPublicIpv4(host) && parsed.hostname === host;
  }
  // The parser maps some Unicode look-alikes to ASCII; what it ends up with must still be a domain.
  return isPublicDomain(host) && !DOTTED_QUAD.test(parsed.hostname) && !parsed.hostname.startsWith('[');
}

/** One link to materials in the order form. */
export const LinkSchema = text({ error: linkMessages.invalid })
  .trim()
  .max(LINK_MAX_LENGTH, linkMessages.invalid)
  .refine(isAllowedLink, { message: linkMessages.invalid });
