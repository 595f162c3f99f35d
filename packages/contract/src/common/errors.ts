import { z } from './zod';
import { text } from './input';

/** Body of every 4xx/5xx answer: a Russian `detail` and, for invalid input, field-level messages. */
export const ErrorBodySchema = z.object({
  detail: text().optional(),
  errors: z.record(text(), z.array(text())).optional(),
});
export type ErrorBody = z.infer<typeof ErrorBodySchema>;

/**
 * A bad or expired social token is answered as `{token: [message]}` without `detail`,
 * so that the client's rule (detail, else first token error, else status) has all three cases.
 */
export const TokenErrorBodySchema = z.object({ token: z.array(text()) });
export type TokenErrorBody = z.infer<typeof TokenErrorBodySchema>;

export const OkSchema = z.object({ detail: text() });
export type Ok = z.infer<typeof OkSchema>;

/** A generated file (title page, certificate) that the server could not prepare in time, or not now. */
export const documentMessages = {
  failed: 'Не удалось подготовить файл, попробуйте ещё раз',
  busy: 'Сейчас готовится слишком много файлов: попробуйте через минуту',
} as const;
