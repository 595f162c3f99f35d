import { SocialLinksResponseSchema } from '@cabinet/contract';
import { describe, expect, it } from 'vitest';
import { parseSocialLinks } from './social-links';

const parse = (body: unknown) => {
  try {
    return { ok: true, value: parseSocialLinks(body) };
  } catch {
    return { ok: false };
  }
};

const contract = (body: unknown) => {
  const result = SocialLinksResponseSchema.safeParse(body);
  return result.success ? { ok: true, value: result.data } : { ok: false };
};

describe('parseSocialLinks agrees with the contract schema', () => {
  it.each([
    [[]],
    [[{ link: 'https://vk.com/x', network_name: 'vk' }]],
    [
      [
        { link: '', network_name: 'google' },
        { link: 'https://ya.ru', network_name: 'yandex' },
      ],
    ],
    [[{ link: 'https://vk.com/x', network_name: 'vk', extra: 1 }]],
    [[{ link: 1, network_name: 'vk' }]],
    [[{ network_name: 'vk' }]],
    [[{ link: 'x' }]],
    [[null]],
    [['vk']],
    [[[]]],
    [{ link: 'x', network_name: 'vk' }],
    [null],
    [undefined],
    ['[]'],
  ])('%j', (body) => {
    expect(parse(body)).toEqual(contract(body));
  });
});
