/**
 * Runs `run` once the browser is idle — within `timeoutMs` at the latest when given — or, where it
 * cannot tell (no requestIdleCallback), after `fallbackMs`. Returns what cancels it.
 */
export function whenIdle(
  run: () => void,
  options: { fallbackMs?: number; timeoutMs?: number } = {},
  win: Window = window,
): () => void {
  if (typeof win.requestIdleCallback === 'function') {
    const id = win.requestIdleCallback(
      run,
      options.timeoutMs === undefined ? undefined : { timeout: options.timeoutMs },
    );
    return () => win.cancelIdleCallback(id);
  }
  const id = win.setTimeout(run, options.fallbackMs ?? 1);
  return () => win.clearTimeout(id);
}
