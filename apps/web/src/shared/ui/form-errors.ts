import { ApiError } from '../api/errors';
import { commonMessages } from '../messages';

/** How a form takes an error onto one of its fields. */
export type SetFieldError<Name extends string> = (
  name: Name,
  error: { type: string; message: string },
  options?: { shouldFocus: boolean },
) => void;

/**
 * Puts a failed request's field errors on the form's own fields and returns the text for the
 * form-level alert: the server's `detail` (unless a field already shows it), else field errors the form has no field for, else the
 * error's own message (e.g. «Сервер не отвечает»). Returns null when every problem landed on a field.
 */
export function applyServerErrors<Name extends string>(
  err: unknown,
  setError: SetFieldError<Name>,
  fields: readonly Name[],
): string | null {
  if (!(err instanceof ApiError)) return commonMessages.unexpectedError;

  const unplaced: string[] = [];
  const placedMessages = new Set<string>();
  let placed = 0;
  for (const [field, messages] of Object.entries(err.fieldErrors ?? {})) {
    const first = messages[0];
    if (!first) continue;
    if ((fields as readonly string[]).includes(field)) {
      setError(field as Name, { type: 'server', message: first }, { shouldFocus: placed === 0 });
      placed += 1;
      placedMessages.add(first);
    } else {
      unplaced.push(first);
    }
  }

  // The server's detail repeats the first field error: said once, on its field, is enough.
  if (err.detail && !placedMessages.has(err.detail)) return err.detail;
  if (unplaced.length > 0) return unplaced.join(' ');
  if (placed > 0) return null;
  return err.message || commonMessages.unexpectedError;
}
