import { z } from './zod';

/** Body of every 4xx/5xx answer: a Russian `detail` and, for invalid input, field-level messages. */
export const ErrorBodySchema = z.object({
  detail: z.string().optional(),
  errors: z.record(z.string(), z.array(z.string())).optional(),
});
export type ErrorBody = z.infer<typeof ErrorBodySchema>;

/**
 * A bad or expired social token is answered as `{token: [message]}` without `detail`,
 * so that the client's rule (detail, else first token error, else status) has all three cases.
 */
export const TokenErrorBodySchema = z.object({ token: z.array(z.string()) });
export type TokenErrorBody = z.infer<typeof TokenErrorBodySchema>;

export const OkSchema = z.object({ detail: z.string() });
export type Ok = z.infer<typeof OkSchema>;
