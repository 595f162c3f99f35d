import { CHAT_CLOSE } from '@cabinet/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TestSocket, listenForSockets } from './chat-socket-client';
import { buildTestApp, registerCustomer, type TestApp } from './helpers';

/** The port the configuration names; the test server itself listens on a free one. */
const PORT = '4000';

/** Opens a socket from a page of this origin: `ready` when let in, else the close code. */
async function answerTo(base: string, token: string, origin: string): Promise<'ready' | number> {
  const s = await TestSocket.open(base, token, { origin });
  try {
    const outcome = await Promise.race([
      s.waitFor('ready').then(() => 'ready' as const),
      s.closed.then((c) => c.code),
    ]);
    return outcome;
  } finally {
    s.close();
  }
}

describe('the chat socket’s Origin check on a local run without PUBLIC_URL', () => {
  let t: TestApp;
  let base: string;
  let token: string;
  beforeAll(async () => {
    // PUBLIC_URL empty: unset, so it follows PORT.
    t = await buildTestApp({ NODE_ENV: 'development', PORT, PUBLIC_URL: '', SEED_DEMO: '0' });
    base = await listenForSockets(t.app);
    token = (await registerCustomer(t.app)).access;
  });
  afterAll(() => t?.close());

  it('takes PUBLIC_URL from PORT', () => {
    expect(t.config.PUBLIC_URL).toBe(`http://localhost:${PORT}`);
  });

  it.each([`http://localhost:${PORT}`, `http://127.0.0.1:${PORT}`, `http://[::1]:${PORT}`])(
    'lets in a page of %s: the same server under another name of this machine',
    async (origin) => {
      expect(await answerTo(base, token, origin)).toBe('ready');
    },
  );

  it.each([
    'https://evil.example',
    'http://127.0.0.1:3000',
    `http://127.0.0.1:${Number(PORT) + 1}`,
    `https://localhost:${PORT}`,
    `http://localhost.evil.example:${PORT}`,
  ])('closes a socket opened by a page of %s: 4403', async (origin) => {
    expect(await answerTo(base, token, origin)).toBe(CHAT_CLOSE.forbiddenOrigin);
  });
});

describe('the chat socket’s Origin check in production', () => {
  let t: TestApp;
  let base: string;
  let token: string;
  beforeAll(async () => {
    t = await buildTestApp({
      NODE_ENV: 'production',
      JWT_SECRET: 'p'.repeat(40),
      PUBLIC_URL: `http://localhost:${PORT}`,
    });
    base = await listenForSockets(t.app);
    token = (await registerCustomer(t.app)).access;
  });
  afterAll(() => t?.close());

  it('takes PUBLIC_URL’s origin only, not the other names of the machine', async () => {
    expect(await answerTo(base, token, `http://localhost:${PORT}`)).toBe('ready');
    expect(await answerTo(base, token, `http://127.0.0.1:${PORT}`)).toBe(CHAT_CLOSE.forbiddenOrigin);
  });
});
