import { text } from '../common/input';
import { z } from '../common/zod';

/** The default social networks (spec §3), in the order the login screen shows them. */
export const SOCIAL_NETWORKS = ['vk', 'google', 'yandex'] as const;
export type SocialNetwork = (typeof SOCIAL_NETWORKS)[number];

/** `link` is empty when the network is not configured: the button is shown disabled. */
export const SocialLinkSchema = z.object({ link: text(), network_name: text() });
export const SocialLinksResponseSchema = z.array(SocialLinkSchema);
export type SocialLink = z.infer<typeof SocialLinkSchema>;
