import { api, authMessages, type SocialNetwork } from '@cabinet/contract';
import { CodeChallengeMethod, OAuth2Client, generateCodeVerifier, generateState } from 'arctic';
import type { Kysely } from 'kysely';
import { nowIso } from '../../db/index';
import type { DB } from '../../db/types';
import { HttpError, badRequest } from '../../plugins/errors';
import type { AuthService, Session } from '../auth/service';
import { findUserByEmail, insertUser } from '../users/repo';
import { fetchUserInfo, isSocialNetwork, mapUserInfo, providerConfig } from './providers';

const SOCIAL_PENDING_TTL_MS = 60 * 60_000;

/** Where the callback sends the browser next. */
type CallbackOutcome = { autoLoginToken: string } | { pendingToken: string };

const socialTokenInvalid = () =>
  new HttpError(400, authMessages.socialTokenInvalid, undefined, undefined, {
    token: [authMessages.socialTokenInvalid],
  });

export class SocialService {
  constructor(private readonly auth: AuthService) {}

  private get config() {
    return this.auth.deps.config;
  }

  isConfigured(network: SocialNetwork): boolean {
    return providerConfig(this.config, network).clientId !== '';
  }

  redirectUri(network: SocialNetwork): string {
    return `${this.auth.publicUrl}${api.auth.socialCallback(network)}`;
  }

  private client(network: SocialNetwork) {
    const p = providerConfig(this.config, network);
    return { p, client: new OAuth2Client(p.clientId, p.clientSecret || null, this.redirectUri(network)) };
  }

  /** The provider's authorization URL and the state + PKCE verifier to keep in a cookie. */
  start(network: SocialNetwork): { url: URL; state: string; verifier: string } {
    const { p, client } = this.client(network);
    const state = generateState();
    const verifier = generateCodeVerifier();
    const url = client.createAuthorizationURLWithPKCE(
      p.authUrl,
      state,
      CodeChallengeMethod.S256,
      verifier,
      p.scopes,
    );
    return { url, state, verifier };
  }

  /** Exchanges the code and decides: a known or e-mailed person signs in, others add an e-mail. */
  async finishCallback(network: SocialNetwork, code: string, verifier: string): Promise<CallbackOutcome> {
    const { p, client } = this.client(network);
    const tokens = await client.validateAuthorizationCode(p.tokenUrl, code, verifier);
    const identity = mapUserInfo(network, await fetchUserInfo(network, p, tokens.accessToken()));
    if (!identity) throw new Error(`unexpected user info from ${network}`);

    return this.auth.db.transaction().execute(async (trx) => {
      const linked = await this.linkedUser(trx, network, identity.subject);
      if (linked !== null) return { autoLoginToken: await this.auth.createAutoLoginToken(linked, trx) };
      if (identity.email) {
        const userId = await this.findOrCreateUser(trx, identity.email, identity.name);
        await this.link(trx, userId, network, identity.subject);
        return { autoLoginToken: await this.auth.createAutoLoginToken(userId, trx) };
      }
      const payload: PendingPayload = { network, subject: identity.subject, name: identity.name };
      const pendingToken = await this.auth.createOneTimeToken(
        'social_pending',
        null,
        JSON.stringify(payload),
        SOCIAL_PENDING_TTL_MS,
        trx,
      );
      return { pendingToken };
    });
  }

  /**
   * Finishes a sign-in whose provider gave no e-mail. A new address creates the account; an
   * address that already has an account is refused: typing someone's e-mail must not be
   * enough to enter their cabinet.
   */
  async finishWithEmail(token: string, email: string): Promise<Session> {
    const userId = await this.auth.db.transaction().execute(async (trx) => {
      const row = await this.auth.consumeOneTimeToken('social_pending', token, trx);
      const pending = row?.payload ? parsePending(row.payload) : null;
      if (!pending) throw socialTokenInvalid();
      const linked = await this.linkedUser(trx, pending.network, pending.subject);
      if (linked !== null) return linked;
      if (await findUserByEmail(trx, email)) throw badRequest('email', authMessages.socialEmailTaken);
      const id = await this.findOrCreateUser(trx, email, pending.name);
      await this.link(trx, id, pending.network, pending.subject);
      return id;
    });
    return this.auth.startSession(userId);
  }

  private async linkedUser(db: Kysely<DB>, network: string, subject: string): Promise<number | null> {
    const row = await db
      .selectFrom('social_accounts')
      .select('user_id')
      .where('network', '=', network)
      .where('subject', '=', subject)
      .executeTakeFirst();
    return row?.user_id ?? null;
  }

  private async findOrCreateUser(db: Kysely<DB>, email: string, name: string): Promise<number> {
    const existing = await findUserByEmail(db, email);
    if (existing) return existing.id;
    // No password: the person signs in through the network, by code, or sets one via restore.
    return insertUser(db, { email, password_hash: null, fio: name.slice(0, 150), created_at: nowIso() });
  }

  private async link(db: Kysely<DB>, userId: number, network: string, subject: string): Promise<void> {
    await db
      .insertInto('social_accounts')
      .values({ user_id: userId, network, subject, created_at: nowIso() })
      .execute();
  }
}

interface PendingPayload {
  network: SocialNetwork;
  subject: string;
  name: string;
}

function parsePending(payload: string): PendingPayload | null {
  try {
    const p = JSON.parse(payload) as Partial<PendingPayload>;
    return typeof p.network === 'string' && isSocialNetwork(p.network) && typeof p.subject === 'string'
      ? { network: p.network, subject: p.subject, name: typeof p.name === 'string' ? p.name : '' }
      : null;
  } catch {
    return null;
  }
}
