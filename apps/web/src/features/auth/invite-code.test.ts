import { beforeEach, describe, expect, it } from 'vitest';
import { forgetInviteCode, INVITE_STORAGE_KEY, inviteCodeFrom } from './invite-code';

describe('the referral code of the registration link', () => {
  beforeEach(() => sessionStorage.clear());

  it('takes ?invite=, normalised, and keeps it for the session', () => {
    expect(inviteCodeFrom('?invite=abcd-efgh')).toBe('ABCDEFGH');
    expect(sessionStorage.getItem(INVITE_STORAGE_KEY)).toBe('ABCDEFGH');
    // Back from /login without the parameter: still there.
    expect(inviteCodeFrom('')).toBe('ABCDEFGH');
    forgetInviteCode();
    expect(inviteCodeFrom('')).toBeNull();
  });

  it('ignores what is not a code, keeping an earlier one', () => {
    expect(inviteCodeFrom('?invite=%3Cscript%3E')).toBeNull();
    expect(inviteCodeFrom('?invite=SHORT')).toBeNull();
    inviteCodeFrom('?invite=0123ABCD');
    expect(inviteCodeFrom('?invite=UUUUUUUU')).toBe('0123ABCD');
    sessionStorage.setItem(INVITE_STORAGE_KEY, 'bad');
    expect(inviteCodeFrom('')).toBeNull();
  });
});
