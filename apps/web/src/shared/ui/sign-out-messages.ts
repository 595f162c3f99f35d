// Apart from shared/messages.ts, which every screen (the first visit's /login too) downloads:
// only the sign-out question (shared/ui/sign-out-screen.tsx) needs these.
/** What the sign-out question says on both sides; each side adds its own lead and way back. */
export const signOutMessages = {
  title: 'Выйти из кабинета?',
  confirm: 'Выйти',
};
