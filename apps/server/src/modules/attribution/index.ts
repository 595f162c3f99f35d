import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

/** Marketing attribution and the staff report (issue 13). */
export default fp(
  async function attributionModule(_app: FastifyInstance) {
    // routes registered here by issue 13
  },
  { name: 'attribution-module', dependencies: ['db', 'auth'] },
);
