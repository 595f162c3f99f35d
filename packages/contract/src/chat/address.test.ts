import { describe, expect, it } from 'vitest';
import { isLocalHost, socketUrl, type PageLocation } from './address';

const at = (protocol: string, host: string): PageLocation => {
  const hostname = host.startsWith('[') ? host.slice(0, host.indexOf(']') + 1) : host.split(':')[0]!;
  return { protocol, hostname, host };
};

describe('socketUrl, spec rule (behind the production nginx)', () => {
  it.each([
    ['localhost', 'ws://localhost:81/channels/ws/'],
    ['127.0.0.1', 'ws://127.0.0.1:81/channels/ws/'],
    ['127.4.5.6', 'ws://127.4.5.6:81/channels/ws/'],
    ['[::1]', 'ws://[::1]:81/channels/ws/'],
    ['cabinet.localhost', 'ws://cabinet.localhost:81/channels/ws/'],
    ['0.0.0.0', 'ws://0.0.0.0:81/channels/ws/'],
  ])('opens ws on port 81 for the local host %s', (host, url) => {
    expect(socketUrl(at('http:', `${host}:5173`), 't', 'spec')).toBe(`${url}?authorization=t`);
  });

  it.each(['cabinet.example.ru', '128.0.0.1', '10.0.0.7', 'localhost.example.com', '127.0.0.1.nip.io'])(
    'opens wss on port 8443 for the remote host %s, whatever the page port or scheme',
    (host) => {
      expect(socketUrl(at('http:', `${host}:8080`), 't', 'spec')).toBe(
        `wss://${host}:8443/channels/ws/?authorization=t`,
      );
    },
  );

  it('brackets a bare IPv6 hostname', () => {
    expect(
      socketUrl({ protocol: 'https:', hostname: '2001:db8::1', host: '[2001:db8::1]' }, 't', 'spec'),
    ).toBe('wss://[2001:db8::1]:8443/channels/ws/?authorization=t');
  });
});

describe('socketUrl, origin rule (one process)', () => {
  it('uses the page origin, ws for http and wss for https, port included', () => {
    expect(socketUrl(at('http:', 'localhost:3000'), 't')).toBe(
      'ws://localhost:3000/channels/ws/?authorization=t',
    );
    expect(socketUrl(at('https:', 'cabinet.example.ru'), 't', 'origin')).toBe(
      'wss://cabinet.example.ru/channels/ws/?authorization=t',
    );
  });
});

describe('the token', () => {
  it('is URL-encoded in the query', () => {
    const url = socketUrl(at('https:', 'cabinet.example.ru'), 'a+b/c=d&e f', 'spec');
    expect(url).toBe('wss://cabinet.example.ru:8443/channels/ws/?authorization=a%2Bb%2Fc%3Dd%26e%20f');
    expect(new URL(url).searchParams.get('authorization')).toBe('a+b/c=d&e f');
  });
});

describe('isLocalHost', () => {
  it('knows loopback names and addresses, case-insensitively', () => {
    expect(['LOCALHOST', '127.0.0.1', '::1', '[::1]', 'a.b.localhost'].every(isLocalHost)).toBe(true);
    expect(['localhost.evil.com', '127.0.0', 'example.com', '192.168.0.1'].some(isLocalHost)).toBe(false);
  });
});
