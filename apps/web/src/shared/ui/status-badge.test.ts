import { ORDER_STATUS_IDS } from '@cabinet/contract';
import { describe, expect, it } from 'vitest';
import { statusBadgeLook } from './status-badge';

describe('status badge', () => {
  it('colours a status by whose move it is: the customer’s, the service’s, done or closed', () => {
    const colours = Object.fromEntries(ORDER_STATUS_IDS.map((id) => [id, statusBadgeLook(id).color]));
    expect(colours).toEqual({
      1: 'brand.7',
      2: 'yellow.4',
      3: 'brand.7',
      4: 'brand.7',
      5: 'yellow.4',
      6: 'brand.7',
      7: '#1f6b30',
      8: 'gray.7',
      9: 'brand.7',
      16: 'gray.7',
    });
    // Dark text on the yellow, white on the rest.
    expect(statusBadgeLook(2).autoContrast).toBe(true);
    expect(statusBadgeLook(4).autoContrast).toBe(false);
    expect(statusBadgeLook(999).color).toBe('gray.7');
  });
});
