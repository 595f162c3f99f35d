import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { onOrdersPaid } from '../payments';
import { BONUS_SWEEP_MS, sweepExpiredBonuses } from './expiry';
import { creditReferralReward } from './reward';
import routes from './routes';
import { runEvery } from '../../plugins/jobs';

// A friend's first fully paid order brings the referral bonus to both: payments tells when.
onOrdersPaid(creditReferralReward);

/** Bonuses and friends: referral codes, invites, referral rewards, the bonus screen. */
export default fp(
  async function referralsModule(app: FastifyInstance) {
    await app.register(routes);

    // Safe on several instances at once: expiry.ts.
    runEvery(app, {
      name: 'sweep of expired bonuses',
      everyMs: BONUS_SWEEP_MS,
      run: () => sweepExpiredBonuses(app.database.db, app.config.BONUS_TTL_DAYS),
      done: { message: 'expired bonuses taken away', countKey: 'expired' },
    });
  },
  { name: 'referrals-module', dependencies: ['db', 'auth', 'mailer'] },
);
