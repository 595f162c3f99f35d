import { describe, expect, it, vi } from 'vitest';
import { ApiError } from '../api/errors';
import { applyServerErrors } from './form-errors';

type Form = { email: string; password: string };

describe('applyServerErrors', () => {
  it('puts field errors on known fields, focusing the first, and returns the detail for the alert', () => {
    const setError = vi.fn();
    const err = ApiError.fromResponse(400, {
      detail: 'Проверьте поля',
      errors: { email: ['Занят', 'второе'], password: ['Слишком короткий'] },
    });
    expect(applyServerErrors<keyof Form>(err, setError, ['email', 'password'])).toBe('Проверьте поля');
    expect(setError).toHaveBeenCalledWith(
      'email',
      { type: 'server', message: 'Занят' },
      { shouldFocus: true },
    );
    expect(setError).toHaveBeenCalledWith(
      'password',
      { type: 'server', message: 'Слишком короткий' },
      { shouldFocus: false },
    );
  });

  it('returns nothing for the alert when every error landed on a field', () => {
    const err = ApiError.fromResponse(400, { errors: { email: ['Занят'] } });
    expect(applyServerErrors<keyof Form>(err, vi.fn(), ['email'])).toBeNull();
  });

  it('does not repeat in the alert a detail that a field already shows', () => {
    const err = ApiError.fromResponse(400, { detail: 'Занят', errors: { email: ['Занят'] } });
    expect(applyServerErrors<keyof Form>(err, vi.fn(), ['email'])).toBeNull();
  });

  it('moves errors of fields the form does not have into the alert', () => {
    const setError = vi.fn();
    const err = ApiError.fromResponse(400, { errors: { token: ['Ссылка устарела'] } });
    expect(applyServerErrors<keyof Form>(err, setError, ['email'])).toBe('Ссылка устарела');
    expect(setError).not.toHaveBeenCalled();
  });

  it('falls back to the error message (no answer) or a generic text (not an ApiError)', () => {
    expect(applyServerErrors<keyof Form>(ApiError.noResponse(), vi.fn(), ['email'])).toBe(
      'Сервер не отвечает',
    );
    expect(applyServerErrors<keyof Form>(new TypeError('boom'), vi.fn(), ['email'])).toBe(
      'Не удалось выполнить запрос. Попробуйте ещё раз.',
    );
  });
});
