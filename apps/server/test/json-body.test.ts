import { CHAT_FRAME_MAX_BYTES, JSON_MAX_DEPTH, api, inputMessages, staffApi } from '@cabinet/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { customer, makeHub } from '../src/modules/chat/hub-fixtures';
import { jsonDeeperThan } from '../src/plugins/json-body';
import { bearer, buildTestApp, registerCustomer, type TestApp } from './helpers';

/** A JSON value nesting `levels` arrays and objects in turn, the innermost holding `leaf`. */
function nested(levels: number, leaf = '0'): string {
  let text = leaf;
  for (let i = 0; i < levels; i += 1) text = i % 2 === 0 ? `[${text}]` : `{"a":${text}}`;
  return text;
}

describe('JSON bodies nesting deeper than JSON_MAX_DEPTH', () => {
  let t: TestApp;
  let customer: { authorization: string };

  beforeAll(async () => {
    t = await buildTestApp();
    customer = bearer((await registerCustomer(t.app)).access);
  });
  afterAll(() => t.close());

  const post = (
    method: 'POST' | 'PATCH',
    url: string,
    payload: string,
    headers: Record<string, string> = {},
  ) => t.app.inject({ method, url, headers: { ...headers, 'content-type': 'application/json' }, payload });

  const routes: Array<
    [string, 'POST' | 'PATCH', string, (inner: string) => string, () => Record<string, string>]
  > = [
    ['a public route (sign-in)', 'POST', api.auth.login, (v) => `{"email":${v},"password":"x"}`, () => ({})],
    ['a staff sign-in', 'POST', staffApi.login, (v) => `{"email":${v}}`, () => ({})],
    ['an authenticated route (profile)', 'PATCH', api.profile.root, (v) => `{"fio":${v}}`, () => customer],
    // The session store keeps any JSON value: the body that answered 500 from JSON.stringify.
    ['the UI session store', 'POST', api.profile.session, (v) => `{"a":${v}}`, () => customer],
  ];

  it.each(routes)(
    'refuses 5 000 levels on %s with 400, and the server still answers',
    async (_name, method, url, body, auth) => {
      const res = await post(method, url, body(nested(5_000)), auth());
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json()).toEqual({ detail: inputMessages.tooDeep });
      const health = await t.app.inject({ method: 'GET', url: api.health });
      expect(health.statusCode).toBe(200);
    },
  );

  it('refuses a body one level past the limit and stores nothing of it', async () => {
    const over = await post('POST', api.profile.session, nested(JSON_MAX_DEPTH, '{"a":1}'), customer);
    expect(over.statusCode, over.body).toBe(400);
    expect(over.json()).toEqual({ detail: inputMessages.tooDeep });
    const stored = await t.app.inject({ method: 'GET', url: api.profile.session, headers: customer });
    expect(stored.json()).toEqual({});
  });

  it('takes a body at the limit and ordinary bodies as before', async () => {
    // The top-level object is level 1, the session key's value the rest.
    const atLimit = await post(
      'POST',
      api.profile.session,
      `{"deep":${nested(JSON_MAX_DEPTH - 1)}}`,
      customer,
    );
    expect(atLimit.statusCode, atLimit.body).toBe(200);
    const ordinary = await post(
      'POST',
      api.profile.session,
      JSON.stringify({ 'orders.tab': 'archive', hints: ['a'] }),
      customer,
    );
    expect(ordinary.statusCode, ordinary.body).toBe(200);
    expect(ordinary.json()).toMatchObject({ 'orders.tab': 'archive', hints: ['a'] });
    const login = await post(
      'POST',
      api.auth.login,
      JSON.stringify({ email: 'nobody@example.com', password: 'x' }),
    );
    expect(login.statusCode).not.toBe(500);
    expect(login.json()).not.toEqual({ detail: inputMessages.tooDeep });
  });

  it('still refuses malformed JSON and prototype poisoning as Fastify did', async () => {
    const broken = await post('POST', api.auth.login, '{"email": ');
    expect(broken.statusCode).toBe(400);
    expect(broken.json()).toEqual({ detail: 'Некорректный формат запроса' });
    const poisoned = await post('POST', api.profile.session, '{"__proto__":{"admin":true}}', customer);
    expect(poisoned.statusCode).toBe(400);
  });
});

describe('jsonDeeperThan', () => {
  it.each([
    ['0', 0, false],
    ['{}', 1, false],
    ['{}', 0, true],
    ['[[1],[2,[3]]]', 3, false],
    ['[[1],[2,[3]]]', 2, true],
    // Brackets inside strings, escaped quotes included, are text.
    ['{"a":"[[[[\\"[[[["}', 1, false],
    ['["\\\\",[1]]', 2, false],
    ['["\\\\",[1]]', 1, true],
  ])('%s deeper than %d: %s', (text, limit, expected) => {
    expect(jsonDeeperThan(text, limit)).toBe(expected);
  });
});

describe('socket frames nesting thousands of levels', () => {
  it('are answered like any other frame, and the socket stays open', async () => {
    const { hub, connect } = makeHub();
    const { ws, conn } = connect(customer(10));
    const deep = `${'['.repeat(7_000)}${']'.repeat(7_000)}`;
    // Under the 16 KB frame limit: what a client could send.
    expect(deep.length).toBeLessThan(CHAT_FRAME_MAX_BYTES);
    await hub.handleMessage(conn, `{"type":"ping","id":"deep","payload":{"a":${deep}}}`);
    expect(ws.sent.at(-1)).toEqual({ type: 'pong', id: 'deep', payload: {} });
    await hub.handleMessage(conn, `{"type":"subscribe","id":"sub","payload":${deep}}`);
    expect(ws.sent.at(-1)).toMatchObject({ type: 'error', id: 'sub', payload: { code: 'invalid_frame' } });
    await hub.handleMessage(conn, deep);
    expect(ws.sent.at(-1)).toMatchObject({ type: 'error', payload: { code: 'invalid_frame' } });
    expect(ws.closed).toBeNull();
  });
});
