import type { Kysely } from 'kysely';
import type { Config } from '../../../config';
import type { DB } from '../../../db/types';
import { TestProvider } from './test';
import type { PaymentProvider } from './types';
import { YookassaProvider } from './yookassa';

/** The provider `PAYMENTS_PROVIDER` names. */
export function createProvider(config: Config, db: Kysely<DB>): PaymentProvider {
  if (config.PAYMENTS_PROVIDER === 'yookassa') {
    return new YookassaProvider({
      shopId: config.YOOKASSA_SHOP_ID,
      secretKey: config.YOOKASSA_SECRET_KEY,
      apiUrl: config.YOOKASSA_API_URL,
      payoutAgentId: config.YOOKASSA_PAYOUT_AGENT_ID,
      payoutSecretKey: config.YOOKASSA_PAYOUT_SECRET_KEY,
    });
  }
  return new TestProvider(db, config.PUBLIC_URL);
}
