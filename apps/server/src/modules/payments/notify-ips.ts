import { BlockList, isIP } from 'node:net';

/** Addresses a provider's notifications may come from. */
export interface AddressRanges {
  has(address: string): boolean;
}

/**
 * YOOKASSA_NOTIFY_IPS (its published ranges) as a BlockList: single addresses and CIDRs, IPv4
 * and IPv6. An IPv4 client seen through an IPv6 socket (`::ffff:185.71.76.1`) matches its IPv4
 * range. A malformed entry throws, so a typo stops the server instead of opening or closing the
 * door silently.
 */
export function parseAddressRanges(
  entries: readonly string[],
  setting = 'YOOKASSA_NOTIFY_IPS',
): AddressRanges {
  const list = new BlockList();
  for (const entry of entries) {
    const [address = '', prefix, ...rest] = entry.trim().split('/');
    const family = isIP(address);
    const max = family === 4 ? 32 : 128;
    const bits = prefix === undefined ? max : /^\d{1,3}$/.test(prefix) ? Number(prefix) : -1;
    if (family === 0 || rest.length > 0 || bits < 0 || bits > max) {
      throw new Error(`${setting}: «${entry}» is neither an address nor a CIDR`);
    }
    const type = family === 4 ? 'ipv4' : 'ipv6';
    if (bits === max) list.addAddress(address, type);
    else list.addSubnet(address, bits, type);
  }
  return {
    has(candidate: string) {
      const family = isIP(candidate);
      if (family === 0) return false;
      return list.check(candidate, family === 4 ? 'ipv4' : 'ipv6');
    },
  };
}
