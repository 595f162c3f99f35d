import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { seedDemo } from '../db/seed';

/**
 * Seeds the demo customer and the demo staff at start in development; tests opt in with SEED_DEMO=1 so their data
 * stays their own. Never in production, whatever SEED_DEMO says: its password is in the README.
 */
export default fp(
  async function seedPlugin(app: FastifyInstance) {
    const { SEED_DEMO, NODE_ENV } = app.config;
    if (NODE_ENV === 'production') {
      if (SEED_DEMO === '1') app.log.warn('SEED_DEMO=1 ignored: no demo data in production');
      return;
    }
    if (SEED_DEMO === '0') return;
    if (NODE_ENV === 'test' && SEED_DEMO !== '1') return;
    const seeded = await seedDemo(app.database, SEED_DEMO === '1' ? 'force' : 'auto', app.storage);
    if (seeded) {
      app.log.info(
        'demo seeded: customer demo@example.com / demo12345, manager manager@example.com / manager12345, ' +
          'authors performer@example.com and performer2@example.com / performer12345',
      );
    }
  },
  { name: 'seed', dependencies: ['db', 'storage'] },
);
