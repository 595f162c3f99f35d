import { isReferralCode, normalizeReferralCode, REFERRAL_QUERY_PARAM } from '@cabinet/contract';

/** Where the registration page keeps a friend's code while the visitor wanders (to /login and back). */
export const INVITE_STORAGE_KEY = 'cabinet_referral_invite';

function storage(): Storage | null {
  try {
    return window.sessionStorage;
  } catch {
    return null;
  }
}

/**
 * The friend's referral code for the registration: from `?invite=` when the page was opened with
 * one (and remembered for the tab's session), else the one remembered. Null when there is none or
 * it is not a code at all.
 */
export function inviteCodeFrom(search: string): string | null {
  const fromUrl = new URLSearchParams(search).get(REFERRAL_QUERY_PARAM);
  if (fromUrl) {
    const code = normalizeReferralCode(fromUrl);
    if (isReferralCode(code)) {
      storage()?.setItem(INVITE_STORAGE_KEY, code);
      return code;
    }
  }
  const kept = storage()?.getItem(INVITE_STORAGE_KEY) ?? null;
  return kept && isReferralCode(kept) ? kept : null;
}

/** After the registration: the code has done its work. */
export function forgetInviteCode(): void {
  storage()?.removeItem(INVITE_STORAGE_KEY);
}
