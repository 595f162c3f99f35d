import type { ComponentType } from 'react';
import { markChunkLoadFailed } from '../shared/chunk-load';

type ScreenModule = { default: ComponentType };

/** What a route renders when its chunk failed to load: nothing, the reload modal says it all. */
function ChunkLoadFailed() {
  return null;
}

/**
 * A code-split screen for a route's `lazy`. A failed dynamic import (usually a deploy removed the
 * old chunks) sets the flag and opens the reload modal instead of throwing into the error page.
 */
export function lazyScreen(load: () => Promise<ScreenModule>) {
  return async () => {
    try {
      return { Component: (await load()).default };
    } catch {
      markChunkLoadFailed();
      return { Component: ChunkLoadFailed };
    }
  };
}
