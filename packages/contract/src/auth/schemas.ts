import { z } from 'zod';
import { PasswordSchema } from './password';

export const authMessages = {
  emailRequired: 'Введите e-mail',
  emailInvalid: 'Введите корректный e-mail, например name@example.com',
  emailTaken: 'Пользователь с таким e-mail уже зарегистрирован',
  agreeRequired: 'Нужно согласие с пользовательским соглашением и политикой конфиденциальности',
  badCredentials: 'Неверный e-mail или пароль',
  codeInvalid: 'Неверный или устаревший код. Запросите новый код',
  codeFormat: 'Код — 6 цифр из письма',
  codeSent: 'Если такой e-mail зарегистрирован, мы отправили на него код для входа',
  restoreSent: 'Если такой e-mail зарегистрирован, мы отправили на него ссылку для смены пароля',
  linkInvalid: 'Ссылка недействительна или устарела. Запросите новую',
  passwordChanged: 'Пароль изменён. Войдите с новым паролем',
  tokenInvalid: 'Ссылка для входа недействительна или устарела',
  socialTokenInvalid: 'Срок действия входа через соцсеть истёк. Попробуйте войти ещё раз',
  notAuthorized: 'not authorized',
  tooManyAttempts: 'Слишком много попыток. Попробуйте позже',
  crossSite: 'Запрос с другого сайта отклонён',
  emailChangeSent: 'Мы отправили письмо со ссылкой для подтверждения на новый e-mail',
  phoneInvalid: 'Введите телефон в формате +7 999 123-45-67',
  fioTooLong: 'Слишком длинное имя',
  loggedOut: 'Вы вышли из кабинета',
  emailSame: 'Это ваш текущий e-mail',
  emailChanged: 'Готово: e-mail в профиле изменён',
  socialFailed: 'Не удалось войти через соцсеть. Попробуйте ещё раз',
  socialEmailTaken:
    'Этот e-mail уже зарегистрирован. Войдите по паролю или коду из письма — соцсеть можно будет привязать в профиле',
} as const;

export const EmailSchema = z
  .string({ error: authMessages.emailRequired })
  .trim()
  .min(1, authMessages.emailRequired)
  .max(254, authMessages.emailInvalid)
  .pipe(z.email({ error: authMessages.emailInvalid }))
  .transform((e) => e.toLowerCase());

export const PhoneSchema = z
  .string()
  .trim()
  .regex(/^\+?[0-9 ()-]{10,20}$/, authMessages.phoneInvalid);

export const TokensSchema = z.object({
  access: z.string(),
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
  password: z.string().min(1, 'Введите пароль').max(1024).optional(),
});
export type LoginRequest = z.infer<typeof LoginRequestSchema>;

export const CodeSentResponseSchema = z.object({ detail: z.string(), code_sent: z.literal(true) });

export const LoginVerifyRequestSchema = z.object({
  email: EmailSchema,
  code: z
    .string()
    .trim()
    .regex(/^\d{6}$/, authMessages.codeFormat),
});
export type LoginVerifyRequest = z.infer<typeof LoginVerifyRequestSchema>;

export const RegistrationRequestSchema = z.object({
  email: EmailSchema,
  fio: z.string().trim().max(150, authMessages.fioTooLong).optional(),
  phone: z.union([PhoneSchema, z.literal('')]).optional(),
  password: PasswordSchema.optional(),
  agree: z.literal(true, { error: authMessages.agreeRequired }),
});
export type RegistrationRequest = z.infer<typeof RegistrationRequestSchema>;

export const RestoreRequestSchema = z.object({ email: EmailSchema });
export type RestoreRequest = z.infer<typeof RestoreRequestSchema>;

export const NewPasswordRequestSchema = z.object({ password: PasswordSchema });
export type NewPasswordRequest = z.infer<typeof NewPasswordRequestSchema>;

export const AutoLoginRequestSchema = z.object({ token: z.string().min(1).max(512) });
export type AutoLoginRequest = z.infer<typeof AutoLoginRequestSchema>;

/** Default networks in the order the login screen shows them (spec §3). */
export const SOCIAL_NETWORKS = ['vk', 'google', 'yandex'] as const;
export type SocialNetwork = (typeof SOCIAL_NETWORKS)[number];

/** `link` is empty when the network is not configured: the button is shown disabled. */
export const SocialLinkSchema = z.object({ link: z.string(), network_name: z.string() });
export const SocialLinksResponseSchema = z.array(SocialLinkSchema);
export type SocialLink = z.infer<typeof SocialLinkSchema>;

export const SocialProfileRequestSchema = z.object({
  token: z.string().min(1).max(512),
  email: EmailSchema,
});
export type SocialProfileRequest = z.infer<typeof SocialProfileRequestSchema>;

export const ChangeEmailRequestSchema = z.object({ email: EmailSchema });
export type ChangeEmailRequest = z.infer<typeof ChangeEmailRequestSchema>;
