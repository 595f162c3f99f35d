import { describe, expect, it } from 'vitest';
import { parseAddressRanges } from './notify-ips';

/** YooKassa's published ranges, as .env.example has them. */
const PUBLISHED = [
  '185.71.76.0/27',
  '185.71.77.0/27',
  '77.75.153.0/25',
  '77.75.156.11',
  '77.75.156.35',
  '77.75.154.128/25',
  '2a02:5180::/32',
];

describe('the addresses notifications may come from', () => {
  const ranges = parseAddressRanges(PUBLISHED);

  it('takes IPv4 addresses inside the CIDRs and the single addresses, up to the edges', () => {
    for (const ip of [
      '185.71.76.0',
      '185.71.76.31',
      '185.71.77.17',
      '77.75.153.127',
      '77.75.156.11',
      '77.75.156.35',
      '77.75.154.128',
      '77.75.154.255',
    ]) {
      expect(ranges.has(ip), ip).toBe(true);
    }
  });

  it('refuses IPv4 addresses just outside them', () => {
    for (const ip of [
      '185.71.76.32',
      '185.71.75.255',
      '77.75.153.128',
      '77.75.156.12',
      '77.75.154.127',
      '127.0.0.1',
      '10.0.0.1',
    ]) {
      expect(ranges.has(ip), ip).toBe(false);
    }
  });

  it('takes IPv6 addresses inside 2a02:5180::/32 and refuses the rest', () => {
    for (const ip of [
      '2a02:5180::',
      '2a02:5180::1',
      '2a02:5180:ffff:ffff:ffff:ffff:ffff:ffff',
      '2A02:5180:0:1::5',
    ]) {
      expect(ranges.has(ip), ip).toBe(true);
    }
    for (const ip of ['2a02:5181::1', '2a02:517f:ffff::1', '::1', 'fe80::1', '::']) {
      expect(ranges.has(ip), ip).toBe(false);
    }
  });

  it('matches an IPv4 client seen through an IPv6 socket by its IPv4 range', () => {
    expect(ranges.has('::ffff:185.71.76.5')).toBe(true);
    expect(ranges.has('::ffff:127.0.0.1')).toBe(false);
  });

  it('refuses what is not an address at all', () => {
    for (const ip of ['', 'unknown', '185.71.76', '185.71.76.0/27', 'localhost']) {
      expect(ranges.has(ip), ip).toBe(false);
    }
  });

  it('takes IPv6 single addresses and loopback when configured', () => {
    const local = parseAddressRanges(['127.0.0.1', '::1', '10.0.0.0/8']);
    expect(local.has('127.0.0.1')).toBe(true);
    expect(local.has('::1')).toBe(true);
    expect(local.has('10.255.0.1')).toBe(true);
    expect(local.has('127.0.0.2')).toBe(false);
    expect(parseAddressRanges([]).has('127.0.0.1')).toBe(false);
  });

  it('refuses a malformed entry by name, so a typo stops the server', () => {
    for (const bad of [
      '185.71.76.0/33',
      '2a02:5180::/129',
      '185.71.76/27',
      '1.2.3.4/8/1',
      'yookassa.ru',
      '1.2.3.4/',
      '1.2.3.4/x',
    ]) {
      expect(() => parseAddressRanges([bad]), bad).toThrow(/YOOKASSA_NOTIFY_IPS: «.*» is neither/);
    }
  });
});
