import type { FastifyInstance } from 'fastify';
import avatarRoutes from './avatar-routes';
import profileRoutes from './routes';
import { ProfileService } from './service';

/** The customer's profile (spec §7 "Profile"): registration, the profile itself, the avatar. */
export default async function profileModule(app: FastifyInstance) {
  await app.register(profileRoutes, { profiles: new ProfileService(app.authService) });
  await app.register(avatarRoutes);
}
