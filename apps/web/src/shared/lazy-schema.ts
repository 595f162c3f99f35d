import { markChunkLoadFailed } from './chunk-load';

/** What a form needs of a zod schema (kept structural, so this module does not pull zod in). */
export interface FormSchema<T> {
  safeParse(
    values: unknown,
  ):
    | { success: true; data: T }
    | { success: false; error: { issues: ReadonlyArray<{ path: PropertyKey[]; message: string }> } };
}

export type Validation<T> =
  | { ok: true; values: T }
  | { ok: false; errors: Record<string, string> }
  /** The schema's chunk failed to download: the reload modal is open. */
  | { ok: false; errors: null };

export interface LazySchema<T> {
  validate(values: unknown): Promise<Validation<T>>;
  /** Starts the download (call it when the user starts on the form). */
  preload(): void;
}

/** The first problem of each field or of a path within one, keyed `field` or `links.0.value`. */
function fieldErrors(issues: ReadonlyArray<{ path: PropertyKey[]; message: string }>) {
  const errors: Record<string, string> = {};
  for (const issue of issues) {
    errors[issue.path.map(String).join('.')] ??= issue.message;
  }
  return errors;
}

/**
 * A form's check whose schema is downloaded on first use. The schemas come from the contract and
 * need zod, which is large; a first screen can paint and take input without it. A failed download
 * opens the reload modal and blocks the submit.
 */
export function lazySchema<T>(load: () => Promise<FormSchema<T>>): LazySchema<T> {
  let loading: Promise<FormSchema<T> | null> | undefined;
  const get = () => {
    loading ??= load().then(
      // Vite resolves a dynamic import whose chunk failed with `undefined` once the failure was handled.
      (schema) => schema ?? null,
      () => null,
    );
    return loading;
  };
  return {
    preload: () => void get(),
    async validate(values) {
      const schema = await get();
      if (!schema) {
        loading = undefined;
        markChunkLoadFailed();
        return { ok: false, errors: null };
      }
      const result = schema.safeParse(values);
      return result.success
        ? { ok: true, values: result.data }
        : { ok: false, errors: fieldErrors(result.error.issues) };
    },
  };
}

/** A schema already at hand (a screen that loads zod anyway), in the same shape. */
export function eagerSchema<T>(schema: FormSchema<T>): LazySchema<T> {
  return lazySchema(() => Promise.resolve(schema));
}
