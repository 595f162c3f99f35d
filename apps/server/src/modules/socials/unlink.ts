import { OkSchema, SOCIAL_NETWORKS, api, authMessages, profileMessages, text } from '@cabinet/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Kysely } from 'kysely';
import { z } from 'zod';
import type { DB } from '../../db/types';
import { errorResponses } from '../../lib/openapi';
import { HttpError, notFound } from '../../plugins/errors';
import { findUserById } from '../users';
import { lockCustomer } from '../ledger';
import { deleteSocialAccounts, selectLinkedAccounts, selectLinkedNetworks } from './repo';

/** The route pattern under `api.profile.socialLink(network)`. */
const UNLINK = api.profile.socialLink.pattern;

/**
 * Unlinks a social network from the customer's account, unless it would leave no way to
 * sign in. A password is a way; so is another linked network; and so is the confirmed e-mail: the
 * service signs in by a code e-mailed to the address (`login` with a code), so once the customer
 * has proved the address, every network may go. Only an account with no password, no other
 * network and an unconfirmed e-mail is refused (409).
 */
export async function unlinkNetwork(db: Kysely<DB>, userId: number, network: string): Promise<void> {
  if (!(SOCIAL_NETWORKS as readonly string[]).includes(network))
    throw notFound(profileMessages.socialUnknown);
  await db.transaction().execute(async (trx) => {
    await lockCustomer(trx, userId);
    const user = await findUserById(trx, userId);
    if (!user) throw new HttpError(401, authMessages.notAuthorized);
    const linked = await selectLinkedAccounts(trx, userId);
    const mine = linked.filter((l) => l.network === network);
    if (mine.length === 0) throw notFound(profileMessages.socialUnknown);
    const otherNetwork = linked.some((l) => l.network !== network);
    if (!user.password_hash && !otherNetwork && !user.email_confirmed_at) {
      throw new HttpError(409, profileMessages.socialLastWay);
    }
    await deleteSocialAccounts(trx, userId, network);
  });
}

/**
 * The networks linked to the customer whose token the (public) links request carries, or null
 * without a valid customer token: the sign-in screen gets the plain list.
 */
export async function linkedNetworksOf(
  app: FastifyInstance,
  authorization: string | undefined,
): Promise<Set<string> | null> {
  const token = /^Bearer\s+(\S+)$/i.exec(authorization ?? '')?.[1];
  const userId = token ? app.accessTokens.verify(token) : null;
  if (userId === null) return null;
  const rows = await selectLinkedNetworks(app.database.db, userId);
  return new Set(rows.map((r) => r.network));
}

export default async function unlinkRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  app.delete(
    UNLINK,
    {
      schema: {
        tags: ['socials'],
        summary: 'Отвязать соцсеть; нельзя, если не останется способа войти (409)',
        security: [{ bearer: [] }],
        params: z.object({ network: text().max(32) }),
        response: { 200: OkSchema, ...errorResponses(401, 404, 409) },
      },
    },
    async (request) => {
      await unlinkNetwork(app.database.db, request.userId, request.params.network);
      return { detail: profileMessages.socialUnlinked };
    },
  );
}
