/**
 * The service's e-mails, in Russian: each has a plain-text part (with the bare link) and a small
 * HTML part. Pure functions from what happened to a `Mail`; the mailer (plugins/mailer.ts) sends them.
 */
export * from './account-mails';
export * from './author-mails';
export * from './chat-mails';
export { escapeHtml } from './layout';
export * from './order-mails';
