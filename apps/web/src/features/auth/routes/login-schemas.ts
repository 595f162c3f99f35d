import { LoginRequestSchema, LoginVerifyRequestSchema } from '@cabinet/contract';

/** The /login form checks, loaded on demand by the login screen (see shared/lazy-schema). */
export const passwordLoginSchema = LoginRequestSchema;
export const codeEmailSchema = LoginVerifyRequestSchema.pick({ email: true });
export const codeSchema = LoginVerifyRequestSchema.pick({ code: true });
