import { useSyncExternalStore } from 'react';

/** sessionStorage flag of spec §4: a script chunk failed to load in this tab. */
const CHUNK_LOAD_FAILED_KEY = 'chunk_load_failed';
export const CHUNK_LOAD_FAILED_MESSAGE = 'Сайт загружен с ошибкой. Перезагрузите страницу.';

const listeners = new Set<() => void>();
let failed = false;

export function markChunkLoadFailed(): void {
  try {
    sessionStorage.setItem(CHUNK_LOAD_FAILED_KEY, '1');
  } catch {
    // The modal matters more than the flag; a blocked storage must not hide it.
  }
  if (failed) return;
  failed = true;
  for (const listener of listeners) listener();
}

/** A fresh page load starts clean: the flag only describes the page it was set on. */
export function clearChunkLoadFlag(): void {
  try {
    sessionStorage.removeItem(CHUNK_LOAD_FAILED_KEY);
  } catch {
    // Nothing to clear when storage is blocked.
  }
}

export function useChunkLoadFailed(): boolean {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => failed,
    // A prerendered page has loaded no chunk yet.
    () => false,
  );
}

/**
 * Vite fires `vite:preloadError` when a dynamic import's dependencies fail (usually a new deploy
 * removed the old chunks); handling it stops the error from being thrown at the importer.
 */
export function installChunkLoadErrorHandler(): void {
  window.addEventListener('vite:preloadError', (event) => {
    event.preventDefault();
    markChunkLoadFailed();
  });
}
