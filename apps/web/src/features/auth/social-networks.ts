import type { SocialNetwork } from '@cabinet/contract';

/**
 * The contract's `SOCIAL_NETWORKS`, in its order (a test holds the two together). The contract
 * keeps that list in the module of its auth schemas, and /login would download zod for it.
 */
export const SOCIAL_NETWORKS: readonly SocialNetwork[] = ['vk', 'google', 'yandex'];
