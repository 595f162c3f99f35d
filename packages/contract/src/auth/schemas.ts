import { ErrorBodySchema } from '../common/errors';
import { canonicalPhone } from '../common/phone';
import { z } from '../common/zod';
import { text } from '../common/input';
import { authMessages } from './messages';
import { PasswordSchema } from './password';

export const EmailSchema = text({ error: authMessages.emailRequired })
  .trim()
  .min(1, authMessages.emailRequired)
  .max(254, authMessages.emailInvalid)
  .pipe(z.email({ error: authMessages.emailInvalid }))
  .transform((e) => e.toLowerCase());

/**
 * A whole Russian number in any usual spelling (8 916…, +7 916…), written as the field shows it,
 * +7 (916) 123-45-67; an empty field is no phone (''). The server stores it as E.164, +79161234567
 * (normalizeProfilePhone, the profile's rule: ADR 023), and refuses a +7 number of no operator.
 */
export const PhoneSchema = text().transform((value, ctx) => {
  if (value.trim() === '') return '';
  const phone = canonicalPhone(value);
  if (phone !== null) return phone;
  ctx.addIssue({ code: 'custom', message: authMessages.phoneInvalid });
  return z.NEVER;
});

export const TokensSchema = z.object({
  access: text(),
  /** Lifetime of the access token in seconds. */
  expires_in: z.number().int().positive(),
});
export type Tokens = z.infer<typeof TokensSchema>;

/** Login, registration, code verification, auto-login and social profile answer with tokens nested. */
export const TokensResponseSchema = z.object({ tokens: TokensSchema });
export type TokensResponse = z.infer<typeof TokensResponseSchema>;

/** Refresh answers with the tokens at the top level (spec §3: the client accepts both shapes). */
export const RefreshResponseSchema = TokensSchema;

/** Password login; `password` omitted → a one-time code is e-mailed instead. */
export const LoginRequestSchema = z.object({
  email: EmailSchema,
  password: text().min(1, 'Введите пароль').max(1024).optional(),
});
export type LoginRequest = z.infer<typeof LoginRequestSchema>;

/**
 * A refused sign-in (a wrong password, or a wrong or spent code): the usual error body plus
 * `attempts_left`, how many more failures the brute-force limits allow (per e-mail and address,
 * or per device for a browser that has signed in to the account before) until the next attempt is
 * answered 429 with Retry-After. 1 is the last try before the lockout; 0 means the next attempt is
 * refused. A known and an unknown e-mail get the same count, so it reveals no account.
 */
export const SignInFailureBodySchema = ErrorBodySchema.extend({
  attempts_left: z.number().int().min(0),
});
export type SignInFailureBody = z.infer<typeof SignInFailureBodySchema>;

export const CodeSentResponseSchema = z.object({ detail: text(), code_sent: z.literal(true) });

export const LoginVerifyRequestSchema = z.object({
  email: EmailSchema,
  code: text()
    .trim()
    .regex(/^\d{6}$/, authMessages.codeFormat),
});
export type LoginVerifyRequest = z.infer<typeof LoginVerifyRequestSchema>;

export const RegistrationRequestSchema = z.object({
  email: EmailSchema,
  fio: text().trim().max(150, authMessages.fioTooLong).optional(),
  phone: PhoneSchema.optional(),
  password: PasswordSchema.optional(),
  agree: z.literal(true, { error: authMessages.agreeRequired }),
  /** A friend's referral code (`/registration?invite=CODE`): an unknown one is ignored, never refused. */
  invite: text().max(64).optional().catch(undefined),
  /**
   * Consent to advertising mail (the «Получать письма с акциями и советами» box, unticked until the
   * customer ticks it): the law on advertising wants it asked first, so no answer is a no.
   */
  newsletter: z.boolean().optional().default(false),
});
export type RegistrationRequest = z.infer<typeof RegistrationRequestSchema>;
/** The request as a client sends it (optional fields may be left out). */
export type RegistrationRequestBody = z.input<typeof RegistrationRequestSchema>;

export const RestoreRequestSchema = z.object({ email: EmailSchema });
export type RestoreRequest = z.infer<typeof RestoreRequestSchema>;

export const NewPasswordRequestSchema = z.object({ password: PasswordSchema });
export type NewPasswordRequest = z.infer<typeof NewPasswordRequestSchema>;

export const AutoLoginRequestSchema = z.object({ token: text().min(1).max(512) });
export type AutoLoginRequest = z.infer<typeof AutoLoginRequestSchema>;

export const SocialProfileRequestSchema = z.object({
  token: text().min(1).max(512),
  email: EmailSchema,
});
export type SocialProfileRequest = z.infer<typeof SocialProfileRequestSchema>;

/**
 * The current password proves the request comes from the owner, not from a session left open.
 * Left empty by a customer who has none (social sign-in only): the answer then explains how to set one.
 */
export const ChangeEmailRequestSchema = z.object({
  email: EmailSchema,
  password: text().max(1024).optional(),
});
export type ChangeEmailRequest = z.infer<typeof ChangeEmailRequestSchema>;

/** The one-time token of an e-mailed link: confirming an address, or stopping an e-mail change. */
export const EmailLinkRequestSchema = z.object({ token: text().min(1).max(512) });
export type EmailLinkRequest = z.infer<typeof EmailLinkRequestSchema>;

/** A confirmed social sign-in also signs the person in: then `tokens` is there. */
export const EmailConfirmResponseSchema = z.object({ detail: text(), tokens: TokensSchema.optional() });
export type EmailConfirmResponse = z.infer<typeof EmailConfirmResponseSchema>;
