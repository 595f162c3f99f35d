import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A local Telegram Bot API, written from its documentation (core.telegram.org/bots/api): requests
 * `POST /bot<token>/<method>` with a JSON body, answers `{ ok: true, result }` or
 * `{ ok: false, error_code, description, parameters? }`. It knows what the cabinet's bot calls —
 * getMe, sendMessage, setWebhook — and records every call. `refuseNext` makes the next
 * sendMessage calls fail as Telegram would (403 when the user blocked the bot, 429 with
 * retry_after, 500).
 */

export interface SentMessage {
  chat_id: string;
  text: string;
}

export interface FakeTelegram {
  /** For TELEGRAM_API_ROOT. */
  url: string;
  token: string;
  username: string;
  sent: SentMessage[];
  calls: Array<{ method: string; body: Record<string, unknown> }>;
  /** The next `count` sendMessage calls answer `code`. */
  refuseNext(code: 403 | 429 | 500, count?: number): void;
  /** Resolves once `count` messages have been sent to the chat (or rejects after `timeoutMs`). */
  waitFor(chatId: string, count: number, timeoutMs?: number): Promise<SentMessage[]>;
  close(): Promise<void>;
}

const DESCRIPTIONS: Record<number, string> = {
  403: 'Forbidden: bot was blocked by the user',
  429: 'Too Many Requests: retry after 1',
  500: 'Internal Server Error',
};

export async function startFakeTelegram(): Promise<FakeTelegram> {
  const token = '123456789:TEST-token_abcdefghijklmnopqrstuvwxyz';
  const username = 'cabinet_test_bot';
  const sent: SentMessage[] = [];
  const calls: FakeTelegram['calls'] = [];
  const refusals: number[] = [];
  let nextMessageId = 1;
  const waiters: Array<() => void> = [];

  function answer(res: ServerResponse, status: number, body: unknown) {
    res.writeHead(status, { 'Content-Type': 'application/json' });
    res.end(JSON.stringify(body));
  }

  async function handle(req: IncomingMessage, res: ServerResponse) {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const match = /^\/bot([^/]+)\/([A-Za-z]+)$/.exec(req.url ?? '');
    if (req.method !== 'POST' || !match)
      return answer(res, 404, { ok: false, error_code: 404, description: 'Not Found' });
    if (match[1] !== token)
      return answer(res, 401, { ok: false, error_code: 401, description: 'Unauthorized' });
    const method = match[2] ?? '';
    const raw = Buffer.concat(chunks).toString('utf8');
    const body = (raw ? JSON.parse(raw) : {}) as Record<string, unknown>;
    calls.push({ method, body });
    switch (method) {
      case 'getMe':
        return answer(res, 200, {
          ok: true,
          result: { id: 123456789, is_bot: true, first_name: 'Кабинет', username, can_join_groups: false },
        });
      case 'setWebhook':
        return answer(res, 200, { ok: true, result: true, description: 'Webhook was set' });
      case 'sendMessage': {
        const refusal = refusals.shift();
        if (refusal !== undefined) {
          return answer(res, refusal, {
            ok: false,
            error_code: refusal,
            description: DESCRIPTIONS[refusal],
            ...(refusal === 429 ? { parameters: { retry_after: 1 } } : {}),
          });
        }
        const chatId = String(body.chat_id);
        const text = String(body.text ?? '');
        if (!text)
          return answer(res, 400, {
            ok: false,
            error_code: 400,
            description: 'Bad Request: message text is empty',
          });
        sent.push({ chat_id: chatId, text });
        for (const wake of waiters.splice(0)) wake();
        return answer(res, 200, {
          ok: true,
          result: {
            message_id: nextMessageId++,
            date: Math.floor(Date.now() / 1000),
            chat: { id: Number(chatId), type: 'private' },
            text,
          },
        });
      }
      default:
        return answer(res, 404, { ok: false, error_code: 404, description: 'Not Found: method not found' });
    }
  }

  const server = createServer((req, res) => {
    handle(req, res).catch((err: unknown) =>
      answer(res, 500, { ok: false, error_code: 500, description: String(err) }),
    );
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;

  return {
    url: `http://127.0.0.1:${port}`,
    token,
    username,
    sent,
    calls,
    refuseNext(code, count = 1) {
      for (let i = 0; i < count; i += 1) refusals.push(code);
    },
    async waitFor(chatId, count, timeoutMs = 5_000) {
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        const mine = sent.filter((m) => m.chat_id === chatId);
        if (mine.length >= count) return mine;
        const left = deadline - Date.now();
        if (left <= 0) throw new Error(`${mine.length} of ${count} messages reached chat ${chatId}`);
        await new Promise<void>((resolve) => {
          const timer = setTimeout(resolve, left);
          waiters.push(() => {
            clearTimeout(timer);
            resolve();
          });
        });
      }
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
