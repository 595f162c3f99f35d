import type { FastifyInstance } from 'fastify';

// Seam for issue 11: filled in by its part of the work (see index.ts).
export default async function routes(_app: FastifyInstance): Promise<void> {}
