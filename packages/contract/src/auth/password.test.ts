import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { PASSWORD_MAX, PASSWORD_MIN, PasswordSchema, passwordMessages } from './password';

describe('PasswordSchema', () => {
  it('refuses short, long and common passwords with Russian messages', () => {
    expect(PasswordSchema.safeParse('short').error?.issues[0]?.message).toBe(passwordMessages.tooShort);
    expect(PasswordSchema.safeParse('x'.repeat(PASSWORD_MAX + 1)).error?.issues[0]?.message).toBe(
      passwordMessages.tooLong,
    );
    expect(PasswordSchema.safeParse('Password1').error?.issues[0]?.message).toBe(passwordMessages.tooCommon);
    expect(PasswordSchema.safeParse('qwerty123').success).toBe(false);
  });

  it('accepts any uncommon password within the bounds', () => {
    fc.assert(
      fc.property(fc.string({ minLength: PASSWORD_MIN, maxLength: PASSWORD_MAX }), (p) => {
        const r = PasswordSchema.safeParse(`${p}Ж9`.slice(0, PASSWORD_MAX));
        return r.success || r.error.issues.every((i) => i.message === passwordMessages.tooCommon);
      }),
    );
  });
});
