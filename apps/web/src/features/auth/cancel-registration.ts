import { api } from '@cabinet/contract';
import { apiFetch } from '../../shared/api/client';

/**
 * The registration mail's «not me» token: deletes an account whose address nobody proved. Apart
 * from api.ts: only its lazy screen needs it, so a first visit to /login downloads none of it.
 */
export async function cancelRegistration(token: string): Promise<string> {
  const body = await apiFetch<{ detail?: unknown }>(api.auth.registrationCancel, {
    method: 'POST',
    body: { token },
    auth: false,
  });
  return typeof body.detail === 'string' ? body.detail : '';
}
