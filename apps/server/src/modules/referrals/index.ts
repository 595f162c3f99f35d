import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

/** Bonuses and friends: referral codes, invites, referral rewards, the bonus screen (issue 13). */
export default fp(
  async function referralsModule(_app: FastifyInstance) {
    // routes registered here by issue 13
  },
  { name: 'referrals-module', dependencies: ['db', 'auth'] },
);
