import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { author, customer, expectedAnswer, frameText, makeHub, manager } from './hub-fixtures';

describe('the hub’s frame handling, for any text', () => {
  it('answers every frame the schema rejects with one error frame, and the socket stays open', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(customer(10), author(20), manager(30)),
        fc.array(frameText, { minLength: 1, maxLength: 20 }),
        async (principal, texts) => {
          const { hub, connect } = makeHub({ frameRate: { perSecond: 1_000, burst: 1_000 } });
          const { ws, conn } = connect(principal);
          for (const text of texts) {
            const before = ws.sent.length;
            await hub.handleMessage(conn, text);
            const answers = ws.sent.slice(before);
            const expected = expectedAnswer(text);
            if (expected.valid) {
              // A valid frame is never called broken (it may be not_found, or get no answer at all).
              for (const a of answers) {
                if (a.type === 'error') expect(['not_found']).toContain(a.payload.code);
              }
            } else {
              expect(answers).toHaveLength(1);
              const answer = answers[0];
              expect(answer?.type).toBe('error');
              if (answer?.type !== 'error') return;
              expect(answer.payload.code).toBe(expected.code);
              expect(answer.id).toBe(expected.id);
            }
            expect(ws.closed).toBeNull();
          }
          // Still answering after whatever came before.
          await hub.handleMessage(conn, '{"type":"ping","id":"last"}');
          expect(ws.sent.at(-1)).toEqual({ type: 'pong', id: 'last', payload: {} });
        },
      ),
      { numRuns: 300 },
    );
  });
});
