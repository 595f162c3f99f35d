import { text } from '../common/input';
import { COMMON_PASSWORDS } from './common-passwords';

export const PASSWORD_MIN = 8;
export const PASSWORD_MAX = 128;

export const passwordMessages = {
  tooShort: `Пароль должен быть не короче ${PASSWORD_MIN} символов`,
  tooLong: `Пароль должен быть не длиннее ${PASSWORD_MAX} символов`,
  tooCommon: 'Этот пароль слишком распространён — придумайте другой',
} as const;

function isCommonPassword(password: string): boolean {
  return COMMON_PASSWORDS.has(password.toLowerCase());
}

export const PasswordSchema = text({ error: 'Введите пароль' })
  .min(PASSWORD_MIN, passwordMessages.tooShort)
  .max(PASSWORD_MAX, passwordMessages.tooLong)
  .refine((p) => !isCommonPassword(p), passwordMessages.tooCommon);
