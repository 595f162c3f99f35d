import { SOCIAL_NETWORKS as CONTRACT_SOCIAL_NETWORKS } from '@cabinet/contract';
import { expect, it } from 'vitest';
import { SOCIAL_NETWORKS } from './social-networks';

it('lists the contract social networks in the contract order', () => {
  expect(SOCIAL_NETWORKS).toEqual(CONTRACT_SOCIAL_NETWORKS);
});
