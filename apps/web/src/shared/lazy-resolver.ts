import type { Resolver } from 'react-hook-form';
import { markChunkLoadFailed } from './chunk-load';
import { commonMessages } from './messages';

/**
 * A form resolver whose schema check is downloaded on first use. The schemas come from the
 * contract and need zod, which is large; a first screen can paint and take input without it.
 * `preload` starts the download early (call it when the user starts on the form), so a submit
 * normally finds it loaded. A failed download opens the reload modal and blocks the submit.
 */
// `any`: a resolver's value types sit in parameter positions, so only `any` admits every form.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export function lazyResolver<R extends Resolver<any, any, any>>(
  load: () => Promise<R>,
): R & { preload(): void } {
  let loading: Promise<R | null> | undefined;
  const get = () => {
    loading ??= load().then(
      // Vite resolves a dynamic import whose chunk failed with `undefined` once the failure was handled.
      (resolver) => resolver ?? null,
      () => null,
    );
    return loading;
  };
  const resolver = (async (...args: Parameters<R>) => {
    const loaded = await get();
    if (loaded) return (loaded as unknown as (...forwarded: Parameters<R>) => ReturnType<R>)(...args);
    loading = undefined;
    markChunkLoadFailed();
    return { values: {}, errors: { root: { type: 'chunk', message: commonMessages.unexpectedError } } };
  }) as unknown as R;
  return Object.assign(resolver, { preload: () => void get() });
}
