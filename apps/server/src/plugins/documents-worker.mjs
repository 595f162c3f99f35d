// A thread of the document pool (plugins/documents.ts, ADR 024). Plain JavaScript so that Node
// loads it as it is, from the sources and from a compiled build alike; the renderers it runs are
// TypeScript when the server runs from its sources, and then tsx's loader is registered in this
// thread first (the parent's `--import tsx` does not reach a worker thread on Node 20).
import { workerData } from 'node:worker_threads';

let typescript;
/** Registers tsx's loader in this thread once, before the first TypeScript renderer. */
function loaderFor(url) {
  if (!url.endsWith('.ts')) return undefined;
  typescript ??= import('tsx/esm/api').then(({ register }) => {
    register();
  });
  return typescript;
}

/** Imports a renderer (cached by the module loader) and gives back its default export. */
async function rendererAt(url) {
  await loaderFor(url);
  const module = await import(url);
  if (typeof module.default !== 'function') throw new Error(`${url} has no default export to render with`);
  return module.default;
}

// The renderers the server declared are loaded before the thread reports ready, so that the first
// file a customer asks for does not pay for loading pdf-lib, fontkit and docx.
await Promise.all((workerData?.preload ?? []).map(rendererAt));

/** One job: the renderer's file URL and its input; answers the bytes of the file. */
export default async function render({ renderer, input }) {
  return (await rendererAt(renderer))(input);
}
