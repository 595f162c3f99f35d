import {
  StaffMeSchema,
  WorkspaceFileListSchema,
  type StaffMe,
  type StaffFileKind,
  type WorkspaceFile,
  staffApi,
} from '@cabinet/contract';
import { downloadBlob } from '../api/blob';
import { apiFetch, renewTokens, type ApiInit, type TokenSource } from '../api/client';
import { uploadFiles, type UploadOptions } from '../api/upload';
import { currentLocation, navigateTo } from '../navigation';
import { paths } from '../paths';
import { clearStaffCache } from './query-client';
import { endStaffSession, getStaffMe, getStaffToken, storeStaffSession } from './session';

/** A 401 from these is the server's answer (wrong password, no cookie), not an expired token. */
const NO_REFRESH_PATHS: ReadonlySet<string> = new Set([staffApi.login, staffApi.refresh]);

let refreshInFlight: Promise<string> | null = null;

/** Spec: a refused refresh ends the staff session and leads to the staff sign-in, with the way back. */
function forceStaffLogout(): void {
  endStaffSession();
  // Nothing one staff member loaded may stay on screen for the next one.
  clearStaffCache();
  const { pathname, search } = currentLocation();
  if (pathname === paths.staff.login.path) return;
  navigateTo(paths.staff.login.getHref(pathname + search));
}

function meOf(body: unknown): StaffMe | undefined {
  const holder = typeof body === 'object' && body !== null ? (body as { staff?: unknown }).staff : undefined;
  const parsed = StaffMeSchema.safeParse(holder);
  return parsed.success ? parsed.data : undefined;
}

async function renew(onRefused: () => void): Promise<string> {
  const { tokens, body } = await renewTokens(staffApi.refresh, onRefused);
  storeStaffSession(tokens.access, meOf(body));
  return tokens.access;
}

/**
 * Single-flight in this tab: the staff token lives in sessionStorage, so no other tab shares it.
 * A token that changed since the 401 was renewed by a parallel call already.
 */
function refreshStaffToken(staleToken: string | null): Promise<string> {
  refreshInFlight ??= (async () => {
    const current = getStaffToken();
    if (current && current !== staleToken) return current;
    return renew(forceStaffLogout);
  })().finally(() => {
    refreshInFlight = null;
  });
  return refreshInFlight;
}

export const staffTokens: TokenSource = {
  getToken: getStaffToken,
  refresh: refreshStaffToken,
  noRefreshPaths: NO_REFRESH_PATHS,
};

/** The one API client (shared/api/client.ts) with the staff member's token. */
export function staffFetch<T>(path: string, init: Omit<ApiInit, 'tokens'> = {}): Promise<T> {
  return apiFetch<T>(path, { ...init, tokens: staffTokens });
}

/** The shared XHR upload (progress, cancel) with the staff member's token. */
export function staffUpload<T>(path: string, files: File[], options: Omit<UploadOptions, 'tokens'> = {}) {
  return uploadFiles<T>(path, files, { ...options, tokens: staffTokens });
}

/**
 * A tab without a staff token tries the refresh cookie once (a new tab of a signed-in manager);
 * false when there is no staff session to renew. Nothing is navigated on failure: the guard decides.
 */
let restoring: Promise<boolean> | null = null;
/** When the cookie last said «no session»: the redirect to the sign-in need not ask again at once. */
let refusedAt = 0;
const REFUSAL_KEPT_MS = 10_000;

export function restoreStaffSession(): Promise<boolean> {
  if (getStaffToken()) return Promise.resolve(true);
  if (Date.now() - refusedAt < REFUSAL_KEPT_MS) return Promise.resolve(false);
  // The layout's guard and its screen's run together: one request for both.
  restoring ??= renew(() => endStaffSession())
    .then(
      () => true,
      () => {
        refusedAt = Date.now();
        return false;
      },
    )
    .finally(() => {
      restoring = null;
    });
  return restoring;
}

let loadingMe: Promise<void> | null = null;

/** The name and role come with the sign-in; a session renewed without them asks once. */
export function ensureStaffMe(): Promise<void> {
  if (getStaffMe()) return Promise.resolve();
  loadingMe ??= staffFetch(staffApi.me)
    .then((body) => {
      const token = getStaffToken();
      if (token) storeStaffSession(token, StaffMeSchema.parse(body));
    })
    .finally(() => {
      loadingMe = null;
    });
  return loadingMe;
}

/** A file saved under its own name, fetched with the staff token (shared/api/blob.ts). */
export function staffDownload(path: string, name: string): Promise<void> {
  return downloadBlob(path, name, staffTokens);
}

/**
 * A file of an order uploaded by staff (`POST {id}/files/?kind=…`), one per request so that each
 * has its own progress and cancel and fails alone; the answer is the files stored.
 */
export async function uploadStaffFile(
  orderId: number | string,
  kind: StaffFileKind,
  file: File,
  options: Omit<UploadOptions, 'tokens'>,
  /** The originality an originality report (kind `report`) measured, %. */
  percent?: number,
): Promise<WorkspaceFile[]> {
  const query = percent === undefined ? `kind=${kind}` : `kind=${kind}&percent=${percent}`;
  return WorkspaceFileListSchema.parse(
    await staffUpload(`${staffApi.files(orderId)}?${query}`, [file], options),
  );
}
