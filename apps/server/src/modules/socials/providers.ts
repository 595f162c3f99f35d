import { EmailSchema, SOCIAL_NETWORKS, type SocialNetwork } from '@cabinet/contract';
import { z } from 'zod';
import type { Config } from '../../config';

export interface ProviderEndpoints {
  clientId: string;
  clientSecret: string;
  authUrl: string;
  tokenUrl: string;
  userInfoUrl: string;
  scopes: string[];
}

/** What we keep from a provider's user info. */
export interface SocialIdentity {
  subject: string;
  email: string | null;
  /** The provider asserted that the person owns `email`; only then may it find an existing account. */
  emailVerified: boolean;
  name: string;
}

export function providerConfig(config: Config, network: SocialNetwork): ProviderEndpoints {
  switch (network) {
    case 'vk':
      return {
        clientId: config.OAUTH_VK_CLIENT_ID,
        clientSecret: config.OAUTH_VK_CLIENT_SECRET,
        authUrl: config.OAUTH_VK_AUTH_URL,
        tokenUrl: config.OAUTH_VK_TOKEN_URL,
        userInfoUrl: config.OAUTH_VK_USERINFO_URL,
        scopes: ['email'],
      };
    case 'google':
      return {
        clientId: config.OAUTH_GOOGLE_CLIENT_ID,
        clientSecret: config.OAUTH_GOOGLE_CLIENT_SECRET,
        authUrl: config.OAUTH_GOOGLE_AUTH_URL,
        tokenUrl: config.OAUTH_GOOGLE_TOKEN_URL,
        userInfoUrl: config.OAUTH_GOOGLE_USERINFO_URL,
        scopes: ['openid', 'email', 'profile'],
      };
    case 'yandex':
      return {
        clientId: config.OAUTH_YANDEX_CLIENT_ID,
        clientSecret: config.OAUTH_YANDEX_CLIENT_SECRET,
        authUrl: config.OAUTH_YANDEX_AUTH_URL,
        tokenUrl: config.OAUTH_YANDEX_TOKEN_URL,
        userInfoUrl: config.OAUTH_YANDEX_USERINFO_URL,
        scopes: ['login:email', 'login:info'],
      };
  }
}

/** How the e-mails name a network. */
export const NETWORK_TITLES: Record<SocialNetwork, string> = { vk: 'VK', google: 'Google', yandex: 'Яндекс' };

export function isSocialNetwork(value: string): value is SocialNetwork {
  return (SOCIAL_NETWORKS as readonly string[]).includes(value);
}

const id = z.union([z.string().min(1), z.number()]).transform(String);
const text = z.string().optional().catch(undefined);
/**
 * Providers answer `email_verified` as a boolean or as the string "true"/"false". Only an explicit
 * yes counts: a provider that says nothing has vouched for nothing.
 */
const verified = z
  .union([z.boolean(), z.string()])
  .optional()
  .catch(undefined)
  .transform((v) => v === true || v === 'true');

function cleanEmail(email: string | undefined): string | null {
  const r = EmailSchema.safeParse(email ?? '');
  return r.success ? r.data : null;
}

const OidcInfo = z.object({ sub: id, email: text, name: text, email_verified: verified });
const YandexInfo = z.object({ id, default_email: text, real_name: text, display_name: text });
const VkInfo = z.object({
  user: z.object({ user_id: id, email: text, first_name: text, last_name: text }),
});

/** The generic OpenID Connect shape. */
function fromOidc(data: unknown): SocialIdentity | null {
  const r = OidcInfo.safeParse(data);
  if (!r.success) return null;
  const email = cleanEmail(r.data.email);
  return {
    subject: r.data.sub,
    email,
    emailVerified: email !== null && r.data.email_verified,
    name: r.data.name ?? '',
  };
}

/**
 * VK ID and Yandex ID give an address without saying whether its owner proved it (nor do they
 * document that they check), so theirs never counts as verified, whatever their answer claims.
 */
const unverified = (identity: SocialIdentity | null): SocialIdentity | null =>
  identity && { ...identity, emailVerified: false };

const mappers: Record<SocialNetwork, (data: unknown) => SocialIdentity | null> = {
  google: fromOidc,
  yandex(data) {
    const r = YandexInfo.safeParse(data);
    if (!r.success) return unverified(fromOidc(data));
    return {
      subject: r.data.id,
      email: cleanEmail(r.data.default_email),
      emailVerified: false,
      name: r.data.real_name ?? r.data.display_name ?? '',
    };
  },
  vk(data) {
    const r = VkInfo.safeParse(data);
    if (!r.success) return unverified(fromOidc(data));
    const { user } = r.data;
    return {
      subject: user.user_id,
      email: cleanEmail(user.email),
      emailVerified: false,
      name: [user.first_name, user.last_name].filter(Boolean).join(' '),
    };
  },
};

export function mapUserInfo(network: SocialNetwork, data: unknown): SocialIdentity | null {
  return mappers[network](data);
}

/** Each provider wants the access token in its own way. */
export async function fetchUserInfo(
  network: SocialNetwork,
  endpoints: ProviderEndpoints,
  accessToken: string,
): Promise<unknown> {
  const init: RequestInit =
    network === 'vk'
      ? {
          method: 'POST',
          headers: { 'content-type': 'application/x-www-form-urlencoded' },
          body: new URLSearchParams({ client_id: endpoints.clientId, access_token: accessToken }),
        }
      : {
          headers: { authorization: `${network === 'yandex' ? 'OAuth' : 'Bearer'} ${accessToken}` },
        };
  const res = await fetch(endpoints.userInfoUrl, { ...init, signal: AbortSignal.timeout(10_000) });
  if (!res.ok) throw new Error(`user info answered ${res.status}`);
  return res.json();
}
