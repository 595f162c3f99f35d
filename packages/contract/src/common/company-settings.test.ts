import { describe, expect, it } from 'vitest';
import { supportPhoneLink } from './company-settings';

describe('supportPhoneLink', () => {
  it('gives the label as configured and a digits-only tel: link', () => {
    expect(supportPhoneLink(' +7 495 123-45-67 ')).toEqual({
      label: '+7 495 123-45-67',
      href: 'tel:+74951234567',
    });
    expect(supportPhoneLink('8 (800) 555-35-35')).toEqual({
      label: '8 (800) 555-35-35',
      href: 'tel:88005553535',
    });
  });

  // Spec §9: the data store keeps `{phone}` until a number is configured.
  it.each(['{phone}', ' {phone} ', '', '   ', 'звоните нам', null, undefined])(
    'shows nothing for %s',
    (value) => expect(supportPhoneLink(value)).toBeNull(),
  );
});
