import { staffMessages } from '@cabinet/contract';
import type { onRequestHookHandler } from 'fastify';
import { HttpError } from '../../plugins/errors';

/**
 * A route's own onRequest hook for what only managers do; it runs after the auth plugin's
 * `requireStaff`, which every /api/staff/ route gets first.
 */
export const requireManager: onRequestHookHandler = function requireManager(request, _reply, done) {
  done(request.staff?.role === 'manager' ? undefined : new HttpError(403, staffMessages.managerOnly));
};

/** The staff member of a guarded route (the hook has run, so it is set). */
export function staffOf(request: { staff: { id: number; role: 'manager' | 'performer' } | null }) {
  const staff = request.staff;
  if (!staff) throw new Error('staff route without requireStaff');
  return staff;
}
