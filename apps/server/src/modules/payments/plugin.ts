import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { createProvider } from './providers/index';
import type { PaymentProvider } from './providers/types';
import listRoutes from './routes-lists';
import notificationRoutes from './routes-notifications';
import payRoutes from './routes-pay';
import testBankRoutes from './routes-test-bank';
import staffClaimRoutes from './routes-staff-claims';
import verifyRoutes from './routes-verify';

declare module 'fastify' {
  interface FastifyInstance {
    paymentProvider: PaymentProvider;
  }
}

/**
 * Payments and money: paying (orders, packets, tips, top-ups) through a provider or the
 * balance, the ledger behind every movement, refunds and payouts after SMS verification, and the
 * providers' notifications. docs/decisions/018-ledger.md.
 */
export default fp(
  async function paymentsModule(app: FastifyInstance) {
    app.decorate('paymentProvider', createProvider(app.config, app.database.db));
    await app.register(payRoutes);
    await app.register(verifyRoutes);
    await app.register(staffClaimRoutes);
    await app.register(notificationRoutes);
    await app.register(listRoutes);
    await app.register(testBankRoutes);
  },
  { name: 'payments-module', dependencies: ['db', 'auth', 'mailer', 'orders-module'] },
);
