/** The default social networks (spec §3), in the order the login screen shows them. */
export const SOCIAL_NETWORKS = ['vk', 'google', 'yandex'] as const;
export type SocialNetwork = (typeof SOCIAL_NETWORKS)[number];
