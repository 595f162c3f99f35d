import type { FastifyInstance } from 'fastify';
import { EmailConfirmation } from '../auth';
import socialRoutes from './routes';
import { SocialService } from './service';
import unlinkRoutes from './unlink';

/** Sign-in through social networks (spec §7 "Socials"): the OAuth flow, the address step, unlinking. */
export default async function socialsModule(app: FastifyInstance) {
  await app.register(socialRoutes, {
    socials: new SocialService(app.authService),
    confirmation: new EmailConfirmation(app.authService),
  });
  await app.register(unlinkRoutes);
}
