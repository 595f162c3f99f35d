import { fileURLToPath } from 'node:url';
import { runInNewContext } from 'node:vm';
import { build, type Rollup } from 'vite';
import { describe, expect, it } from 'vitest';
import { authMessages } from '../auth/messages';

/** The production bundle of one entry module, as the web build makes it (tree-shaken, `sideEffects` honoured). */
async function bundle(source: string): Promise<string> {
  const result = await build({
    configFile: false,
    logLevel: 'silent',
    root: fileURLToPath(new URL('../..', import.meta.url)),
    plugins: [
      {
        name: 'entry',
        resolveId: (id) => (id === 'entry' ? '\0entry' : null),
        load: (id) => (id === '\0entry' ? source : null),
      },
    ],
    build: {
      write: false,
      minify: true,
      rollupOptions: { input: 'entry', output: { format: 'iife' } },
    },
  });
  const outputs = (Array.isArray(result) ? result : [result]) as Rollup.RollupOutput[];
  return outputs
    .flatMap((o) => o.output.map((chunk) => (chunk.type === 'chunk' ? chunk.code : '')))
    .join('\n');
}

describe('the contract in a browser bundle', () => {
  it('answers in Russian from a schema whose field sets no message of its own', async () => {
    const code = await bundle(`
      import { AutoLoginRequestSchema } from '@cabinet/contract';
      globalThis.message = AutoLoginRequestSchema.safeParse({ token: '' }).error.issues[0].message;
    `);
    const sandbox: { message?: string } = {};

    runInNewContext(code, sandbox);

    expect(sandbox.message).toBe('Заполните это поле');
  }, 30_000);

  it('holds no zod for a screen that takes only messages from it', async () => {
    const code = await bundle(`
      import { authMessages } from '@cabinet/contract';
      globalThis.messages = authMessages;
    `);
    const sandbox: { messages?: unknown } = {};

    runInNewContext(code, sandbox);

    expect(sandbox.messages).toEqual(authMessages);
    expect(code).not.toContain('$ZodType');
  }, 30_000);
});
