import { StaffTokenSchema, type StaffLoginRequest, staffApi } from '@cabinet/contract';
import { staffFetch } from '../../shared/staff/client';
import { clearStaffCache } from '../../shared/staff/query-client';
import { endStaffSession, storeStaffSession } from '../../shared/staff/session';

/** `POST /api/staff/auth/login/`: the access token for the tab, the refresh token in its cookie. */
export async function staffLogin(credentials: StaffLoginRequest): Promise<void> {
  const answer = StaffTokenSchema.parse(
    await staffFetch(staffApi.login, { method: 'POST', body: credentials, auth: false }),
  );
  storeStaffSession(answer.access, answer.staff);
}

/** Ends the session here even when the server cannot be told (its cookie then just expires). */
export async function staffLogout(): Promise<void> {
  try {
    await staffFetch(staffApi.logout, { method: 'POST', auth: false });
  } finally {
    endStaffSession();
    clearStaffCache();
  }
}
