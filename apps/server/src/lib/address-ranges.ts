import { BlockList, isIP } from 'node:net';

/** A set of client addresses: single addresses and CIDRs, IPv4 and IPv6. */
export interface AddressRanges {
  has(address: string): boolean;
}

/** The prefix length of an address or CIDR entry, or null when it is neither. */
function parseEntry(entry: string): { address: string; family: 4 | 6; bits: number } | null {
  const [address = '', prefix, ...rest] = entry.trim().split('/');
  const family = isIP(address);
  if (family === 0 || rest.length > 0) return null;
  const max = family === 4 ? 32 : 128;
  const bits = prefix === undefined ? max : /^\d{1,3}$/.test(prefix) ? Number(prefix) : -1;
  if (bits < 0 || bits > max) return null;
  return { address, family: family === 4 ? 4 : 6, bits };
}

/** Whether an entry of a list is an IPv4 or IPv6 address, or a CIDR of one. */
export function isAddressOrCidr(entry: string): boolean {
  return parseEntry(entry) !== null;
}

/**
 * A list of addresses and CIDRs as a BlockList. An IPv4 client seen through an IPv6 socket
 * (`::ffff:127.0.0.1`) matches its IPv4 entry. A malformed entry throws, naming the setting.
 */
export function addressRanges(entries: readonly string[], setting: string): AddressRanges {
  const list = new BlockList();
  for (const entry of entries) {
    const parsed = parseEntry(entry);
    if (!parsed) throw new Error(`${setting}: «${entry}» is neither an address nor a CIDR`);
    const type = parsed.family === 4 ? 'ipv4' : 'ipv6';
    if (parsed.bits === (parsed.family === 4 ? 32 : 128)) list.addAddress(parsed.address, type);
    else list.addSubnet(parsed.address, parsed.bits, type);
  }
  return {
    has(candidate: string) {
      const family = isIP(candidate);
      if (family === 0) return false;
      return list.check(candidate, family === 4 ? 'ipv4' : 'ipv6');
    },
  };
}
