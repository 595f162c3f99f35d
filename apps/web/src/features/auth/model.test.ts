import { describe, expect, it } from 'vitest';
import { ApiError } from '../../shared/api/errors';
import { continueRegistrationError } from './model';

describe('continueRegistrationError (spec §5/§8)', () => {
  it('shows the server detail first', () => {
    const err = ApiError.fromResponse(400, { detail: 'Почта занята', token: ['Истёк'] });
    expect(continueRegistrationError(err)).toBe('Почта занята');
  });

  it('else the first token error', () => {
    const err = ApiError.fromResponse(400, { token: ['Срок входа истёк', 'второе'] });
    expect(continueRegistrationError(err)).toBe('Срок входа истёк');
  });

  it('else the status', () => {
    expect(continueRegistrationError(ApiError.fromResponse(502, undefined))).toBe('Ошибка 502');
  });

  it('a missing answer says so', () => {
    expect(continueRegistrationError(ApiError.noResponse())).toBe('Сервер не отвечает');
  });
});
