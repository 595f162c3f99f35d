import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

/** Gift certificates: purchase, list, PDF, redemption (issue 13). */
export default fp(
  async function certificatesModule(_app: FastifyInstance) {
    // routes registered here by issue 13
  },
  { name: 'certificates-module', dependencies: ['db', 'auth'] },
);
