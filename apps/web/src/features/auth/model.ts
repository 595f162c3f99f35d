import { ApiError } from '../../shared/api/errors';

const UNKNOWN_ERROR = 'Не удалось завершить вход. Попробуйте ещё раз';

/**
 * Spec §5/§8: a continue-registration failure shows the server detail, else the first `token`
 * error, else the status.
 */
export function continueRegistrationError(err: unknown): string {
  if (!(err instanceof ApiError)) return UNKNOWN_ERROR;
  if (err.detail) return err.detail;
  const tokenError = err.fieldErrors.token?.[0];
  if (tokenError) return tokenError;
  return err.status === 0 ? err.message : `Ошибка ${err.status}`;
}
