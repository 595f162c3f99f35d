import { api, authMessages, type SocialNetwork } from '@cabinet/contract';
import { CodeChallengeMethod, OAuth2Client, generateCodeVerifier, generateState } from 'arctic';
import type { Kysely } from 'kysely';
import { nowIso } from '../../db/index';
import type { DB } from '../../db/types';
import { sha256 } from '../../lib/crypto';
import { HttpError } from '../../plugins/errors';
import { socialEmailConfirmMail } from '../../mail';
import type { Mail } from '../../plugins/mailer';
import { NO_ATTRIBUTION, saveUserAttribution, type Attribution } from '../attribution';
import type { AuthService, EmailConfirmation, Session } from '../auth';
import { findUserByEmail, insertUser } from '../users';
import { NETWORK_TITLES, fetchUserInfo, isSocialNetwork, mapUserInfo, providerConfig } from './providers';
import * as repo from './repo';

const SOCIAL_PENDING_TTL_MS = 60 * 60_000;
const SOCIAL_EMAIL_TTL_MS = 24 * 60 * 60_000;

/** Where the callback sends the browser next. */
type CallbackOutcome = { autoLoginToken: string } | { pendingToken: string };

const socialTokenInvalid = () =>
  new HttpError(400, authMessages.socialTokenInvalid, undefined, undefined, {
    token: [authMessages.socialTokenInvalid],
  });

/**
 * Asked before a sign-in through a network makes a new account: counts it against the client
 * address's accounts an hour (ADR 009), or refuses with 429. What it returns is given back when the
 * account is not made after all.
 */
export type NewAccountGuard = () => Promise<Reserved>;
interface Reserved {
  release(): Promise<void>;
}
const noGuard: NewAccountGuard = async () => ({ release: async () => undefined });

export class SocialService {
  private readonly confirmation: EmailConfirmation;

  constructor(private readonly auth: AuthService) {
    this.confirmation = auth.confirmation;
  }

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

  /**
   * Exchanges the code and decides: a linked account, or an e-mail the provider vouches for, signs
   * in; anyone else proves an address by e-mail first.
   */
  async finishCallback(
    network: SocialNetwork,
    code: string,
    verifier: string,
    attribution: Attribution = NO_ATTRIBUTION,
    newAccount: NewAccountGuard = noGuard,
  ): Promise<CallbackOutcome> {
    const { p, client } = this.client(network);
    const tokens = await client.validateAuthorizationCode(p.tokenUrl, code, verifier);
    const identity = mapUserInfo(network, await fetchUserInfo(network, p, tokens.accessToken()));
    if (!identity) throw new Error(`unexpected user info from ${network}`);

    const mails: Mail[] = [];
    let reserved: Reserved | null = null;
    const outcome = await this.auth.db
      .transaction()
      .execute(async (trx): Promise<CallbackOutcome> => {
        const linked = await repo.findLinkedUserId(trx, network, identity.subject);
        if (linked !== null) return { autoLoginToken: await this.auth.createAutoLoginToken(linked, trx) };
        if (identity.email && identity.emailVerified) {
          const sign = { network, subject: identity.subject, name: identity.name, email: identity.email };
          const userId = await this.joinProvedEmail(trx, sign, mails, attribution, async () => {
            reserved = await newAccount();
          });
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
      })
      .catch(async (err: unknown) => {
        // Nothing was made (a refusal of the guard included): the count is given back.
        await (reserved as Reserved | null)?.release();
        throw err;
      });
    for (const mail of mails) await this.auth.sendQuietly(mail);
    return outcome;
  }

  /**
   * The e-mail step of a sign-in whose provider vouched for no address: a link goes to the typed
   * address, and nothing is created or joined until it is followed. The answer is the same whether
   * the address has an account or not, and the pending token stays usable for a corrected address.
   */
  async requestEmailProof(token: string, email: string): Promise<void> {
    const row = await repo.findUsableOneTimeToken(this.auth.db, 'social_pending', sha256(token), nowIso());
    const pending = row?.payload ? parsePending(row.payload) : null;
    if (!pending) throw socialTokenInvalid();
    const proof: SocialEmailPayload = { ...pending, email };
    const raw = await this.auth.createOneTimeToken(
      'social_email',
      null,
      JSON.stringify(proof),
      SOCIAL_EMAIL_TTL_MS,
    );
    const mail = socialEmailConfirmMail(
      email,
      NETWORK_TITLES[pending.network],
      this.confirmation.screenLink(raw),
    );
    await this.auth.sendQuietly(mail);
  }

  /**
   * Follows the link of the e-mail step: the address is proved, so the social account joins the
   * account of that address (or a new one) and the person is signed in. Null when the token is no
   * such link, or is spent or expired.
   */
  async finishEmailProof(
    raw: string,
    attribution: Attribution = NO_ATTRIBUTION,
    newAccount: NewAccountGuard = noGuard,
  ): Promise<Session | null> {
    const mails: Mail[] = [];
    let reserved: Reserved | null = null;
    const userId = await this.auth.db
      .transaction()
      .execute(async (trx) => {
        const row = await this.auth.consumeOneTimeToken('social_email', raw, trx);
        const proof = row?.payload ? parseEmailProof(row.payload) : null;
        if (!proof) return null;
        const linked = await repo.findLinkedUserId(trx, proof.network, proof.subject);
        if (linked !== null) return linked;
        return this.joinProvedEmail(trx, proof, mails, attribution, async () => {
          reserved = await newAccount();
        });
      })
      .catch(async (err: unknown) => {
        // Nothing was made (a refusal of the guard included): the link stays good, the count is given back.
        await (reserved as Reserved | null)?.release();
        throw err;
      });
    if (userId === null) return null;
    for (const mail of mails) await this.auth.sendQuietly(mail);
    return this.auth.startSession(userId);
  }

  /**
   * Links the social account to the account of an address its holder has proved, creating one if
   * none. An account whose address nobody had proved may have been registered by someone else in
   * wait for its owner (pre-hijacking): the first proof takes away what was set before it, as every
   * proof by the mailbox does (EmailConfirmation.provedByMailbox, ADR 025), and the address is told.
   */
  private async joinProvedEmail(
    db: Kysely<DB>,
    sign: SocialEmailPayload,
    mails: Mail[],
    attribution: Attribution,
    beforeNewAccount: () => Promise<void>,
  ): Promise<number> {
    const now = nowIso();
    const existing = await findUserByEmail(db, sign.email);
    let userId: number;
    if (!existing) {
      await beforeNewAccount();
      userId = await insertUser(db, {
        email: sign.email,
        // No password: the person signs in through the network, by code, or sets one via restore.
        password_hash: null,
        fio: sign.name.slice(0, 150),
        created_at: now,
        email_confirmed_at: now,
        // No consent was asked on this path: not subscribed (the law on advertising).
        unisender_status_id: 0,
      });
      await saveUserAttribution(db, userId, attribution);
    } else {
      userId = existing.id;
      const mail = await this.confirmation.provedByMailbox(db, userId, existing.email, {
        kind: 'social',
        network: NETWORK_TITLES[sign.network],
      });
      if (mail) mails.push(mail);
    }
    await repo.insertSocialAccount(db, {
      user_id: userId,
      network: sign.network,
      subject: sign.subject,
      created_at: now,
    });
    return userId;
  }
}

interface PendingPayload {
  network: SocialNetwork;
  subject: string;
  name: string;
}

interface SocialEmailPayload extends PendingPayload {
  email: string;
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

function parseEmailProof(payload: string): SocialEmailPayload | null {
  const pending = parsePending(payload);
  if (!pending) return null;
  const { email } = JSON.parse(payload) as { email?: unknown };
  return typeof email === 'string' ? { ...pending, email } : null;
}
