import { text } from '../common/input';
import { z } from '../common/zod';

// Apart from networks.ts, which the sign-in screen in the app's entry imports: a schema there would
// bring zod into every first visit.

/** `link` is empty when the network is not configured: the button is shown disabled. */
export const SocialLinkSchema = z.object({ link: text(), network_name: text() });
export const SocialLinksResponseSchema = z.array(SocialLinkSchema);
export type SocialLink = z.infer<typeof SocialLinkSchema>;
