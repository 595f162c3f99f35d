/** Every screen a visitor can open without a session (spec §2), with sample ids and tokens. */
export const VISITOR_SCREENS = [
  '/login',
  '/registration',
  '/restore',
  '/change-password/some-id/',
  '/socials-email-auth?token=abc',
  '/documents/user-agreement',
  '/documents/service-contract',
  '/documents/privacy-policy',
  '/404',
  '/429',
] as const;
