import ipaddr from 'ipaddr.js';

/**
 * The ranges behind the names Fastify's proxy-addr (`@fastify/proxy-addr`) takes in a trust list;
 * the same table as its own.
 */
const NAMED_RANGES: Record<string, readonly string[]> = {
  linklocal: ['169.254.0.0/16', 'fe80::/10'],
  loopback: ['127.0.0.1/8', '::1/128'],
  uniquelocal: ['10.0.0.0/8', '172.16.0.0/12', '192.168.0.0/16', 'fc00::/7'],
};

export const PROXY_NAMES = Object.keys(NAMED_RANGES);

/** The IPv4-mapped block `::ffff:0:0/96`: proxy-addr judges its addresses as IPv4. */
const MAPPED_START = 0xffffn << 32n;
const MAPPED_END = MAPPED_START + (1n << 32n) - 1n;

type Interval = readonly [start: bigint, end: bigint];

function toBigInt(bytes: readonly number[]): bigint {
  return bytes.reduce((n, byte) => (n << 8n) | BigInt(byte), 0n);
}

/** Every address of a prefix as an interval: its first and last address, `bits` wide. */
function interval(address: bigint, prefix: number, bits: number): Interval {
  const hostBits = BigInt(bits - prefix);
  const start = (address >> hostBits) << hostBits;
  return [start, start + (1n << hostBits) - 1n];
}

/** Whether the intervals together cover 0 … 2^bits − 1. */
function coversAll(intervals: Interval[], bits: number): boolean {
  const last = (1n << BigInt(bits)) - 1n;
  let next = 0n;
  for (const [start, end] of [...intervals].sort((a, b) => (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : 0))) {
    if (start > next) return false;
    if (end >= next) next = end + 1n;
    if (next > last) return true;
  }
  return false;
}

/**
 * Which address families a trust list (addresses, CIDRs, proxy-addr's names; already checked to
 * be well-formed) trusts wholesale: then every client of that family could write its own
 * X-Forwarded-For, as with `true`. It counts as proxy-addr matches: an IPv4 client is judged by
 * the IPv4 ranges and by IPv4-mapped IPv6 ones of /96 or longer; an IPv6 client (never a mapped
 * one, which is judged as IPv4) by the other IPv6 ranges.
 */
export function familiesTrustedWholesale(entries: readonly string[]): Array<'IPv4' | 'IPv6'> {
  const v4: Interval[] = [];
  // The mapped block holds no IPv6 client of its own: it counts as covered.
  const v6: Interval[] = [[MAPPED_START, MAPPED_END]];
  for (const entry of entries.flatMap((e) => NAMED_RANGES[e] ?? [e])) {
    const [address, prefix] = entry.includes('/')
      ? ipaddr.parseCIDR(entry)
      : ([ipaddr.parse(entry), undefined] as const);
    if (address.kind() === 'ipv4') {
      v4.push(interval(toBigInt(address.toByteArray()), prefix ?? 32, 32));
      continue;
    }
    const v6address = address as ipaddr.IPv6;
    const bits = prefix ?? 128;
    if (v6address.isIPv4MappedAddress()) {
      // A mapped range shorter than /96 matches no IPv4 client (nor an IPv6 one).
      if (bits >= 96) v4.push(interval(toBigInt(v6address.toIPv4Address().toByteArray()), bits - 96, 32));
      continue;
    }
    v6.push(interval(toBigInt(v6address.toByteArray()), bits, 128));
  }
  const families: Array<'IPv4' | 'IPv6'> = [];
  if (coversAll(v4, 32)) families.push('IPv4');
  if (coversAll(v6, 128)) families.push('IPv6');
  return families;
}
