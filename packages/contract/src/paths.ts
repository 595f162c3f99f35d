/** Every API path of spec §7 that exists so far, trailing slashes included. */
export const api = {
  auth: {
    login: '/api/client/auth/login/',
    loginVerify: '/api/client/auth/login/verify/',
    logout: '/api/client/auth/logout/',
    passwordChange: '/api/client/auth/password_change/',
    passwordChangeById: (id: string) => `/api/client/auth/password_change/${encodeURIComponent(id)}/`,
    refresh: '/api/client/auth/token/refresh/',
    autoLogin: '/api/client/auth/al/',
    socialLinks: '/client/api/socials/links/',
    socialProfile: '/client/api/socials/profile/',
    changeEmail: '/client/api/change-email/request-change/',
  },
  profile: {
    root: '/api/client/profile/',
    status: '/api/client/profile/status/',
  },
} as const;

/**
 * The one list of endpoints a visitor may call without an access token.
 * Anything not listed here requires a valid bearer token.
 */
export const PUBLIC_ENDPOINTS: ReadonlyArray<{ method: string; path: string }> = [
  { method: 'POST', path: api.auth.login },
  { method: 'POST', path: api.auth.loginVerify },
  { method: 'POST', path: api.auth.logout },
  { method: 'POST', path: api.auth.passwordChange },
  { method: 'PATCH', path: '/api/client/auth/password_change/:id/' },
  { method: 'POST', path: api.auth.refresh },
  { method: 'POST', path: api.auth.autoLogin },
  { method: 'GET', path: api.auth.socialLinks },
  { method: 'POST', path: api.auth.socialProfile },
  { method: 'POST', path: api.profile.root },
];
