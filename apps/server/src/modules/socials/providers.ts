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

export function isSocialNetwork(value: string): value is SocialNetwork {
  return (SOCIAL_NETWORKS as readonly string[]).includes(value);
}

const id = z.union([z.string().min(1), z.number()]).transform(String);
const text = z.string().optional().catch(undefined);
/** Providers answer `email_verified` as a boolean or as the string "true"/"false". */
const verified = z
  .union([z.boolean(), z.string()])
  .optional()
  .catch(undefined)
  .transform((v) => v !== false && v !== 'false');

function cleanEmail(email: string | undefined): string | null {
  const r = EmailSchema.safeParse(email ?? '');
  return r.success ? r.data : null;
}

const OidcInfo = z.object({ sub: id, email: text, name: text, email_verified: verified });
const YandexInfo = z.object({ id, default_email: text, real_name: text, display_name: text });
const VkInfo = z.object({
  user: z.object({ user_id: id, email: text, first_name: text, last_name: text }),
});

/** The generic OpenID Connect shape; an address the provider says is unverified is not trusted. */
function fromOidc(data: unknown): SocialIdentity | null {
  const r = OidcInfo.safeParse(data);
  if (!r.success) return null;
  return {
    subject: r.data.sub,
    email: r.data.email_verified ? cleanEmail(r.data.email) : null,
    name: r.data.name ?? '',
  };
}

const mappers: Record<SocialNetwork, (data: unknown) => SocialIdentity | null> = {
  google: fromOidc,
  yandex(data) {
    const r = YandexInfo.safeParse(data);
    if (!r.success) return fromOidc(data);
    return {
      subject: r.data.id,
      email: cleanEmail(r.data.default_email),
      name: r.data.real_name ?? r.data.display_name ?? '',
    };
  },
  vk(data) {
    const r = VkInfo.safeParse(data);
    if (!r.success) return fromOidc(data);
    const { user } = r.data;
    return {
      subject: user.user_id,
      email: cleanEmail(user.email),
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
