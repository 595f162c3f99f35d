import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { onOrdersPaid } from '../payments/purposes';
import { BONUS_SWEEP_MS, sweepExpiredBonuses } from './expiry';
import { creditReferralReward } from './reward';
import routes from './routes';

// A friend's first fully paid order brings the referral bonus to both: payments tells when.
onOrdersPaid(creditReferralReward);

/** Bonuses and friends: referral codes, invites, referral rewards, the bonus screen. */
export default fp(
  async function referralsModule(app: FastifyInstance) {
    await app.register(routes);

    // Every instance sweeps expired bonuses (safe at once: expiry.ts); the timer never holds the
    // process up, and a close waits for a sweep under way, which needs the database.
    let sweeping: Promise<void> | null = null;
    const timer = setInterval(() => {
      sweeping ??= sweepExpiredBonuses(app.database.db, app.config.BONUS_TTL_DAYS)
        .then((expired) => {
          if (expired > 0) app.log.info({ expired }, 'expired bonuses taken away');
        })
        .catch((err: unknown) => app.log.error({ err }, 'sweep of expired bonuses failed'))
        .finally(() => {
          sweeping = null;
        });
    }, BONUS_SWEEP_MS);
    timer.unref();
    app.addHook('onClose', async () => {
      clearInterval(timer);
      await sweeping;
    });
  },
  { name: 'referrals-module', dependencies: ['db', 'auth', 'mailer'] },
);
