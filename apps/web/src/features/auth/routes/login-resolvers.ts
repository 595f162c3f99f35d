import { zodResolver } from '@hookform/resolvers/zod';
import { LoginRequestSchema, LoginVerifyRequestSchema } from '@cabinet/contract';

/** The /login form checks, loaded on demand by the login screen (see shared/lazy-resolver). */
export const passwordLoginResolver = zodResolver(LoginRequestSchema);
export const codeEmailResolver = zodResolver(LoginVerifyRequestSchema.pick({ email: true }));
export const codeResolver = zodResolver(LoginVerifyRequestSchema.pick({ code: true }));
