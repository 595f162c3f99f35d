/**
 * Answers the prerendered cabinet shell's head script (public/cabinet-init.js) asked for before the
 * app's code had arrived: the first GETs of the address, with the token stored then (ADR 029).
 */
interface Preload {
  token: string;
  at: number;
  answers: Record<string, Promise<Response> | undefined>;
}

/** Past this, an answer not taken yet is left alone and the app asks again. */
const FRESH_MS = 30_000;

/** The preloaded answer to `GET path` with `token`, once; null when there is none to use. */
export function takePreloaded(path: string, token: string): Promise<Response> | null {
  const preload = (globalThis as { __cabinetPreload?: Preload }).__cabinetPreload;
  const answer = preload?.answers[path];
  if (!preload || !answer) return null;
  delete preload.answers[path];
  return preload.token === token && Date.now() - preload.at < FRESH_MS ? answer : null;
}
