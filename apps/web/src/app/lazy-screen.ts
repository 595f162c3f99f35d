import type { ComponentType } from 'react';
import type { ActionFunction } from 'react-router';
import { markChunkLoadFailed } from '../shared/chunk-load';

/** A screen, and the action of its route when it has one (kept out of the first visit's script). */
type ScreenModule = { default: ComponentType; action?: ActionFunction };

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
      const module = await load();
      return module.action
        ? { Component: module.default, action: module.action }
        : { Component: module.default };
    } catch {
      markChunkLoadFailed();
      return { Component: ChunkLoadFailed };
    }
  };
}
