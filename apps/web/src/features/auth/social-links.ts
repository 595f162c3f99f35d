import type { SocialLink } from '@cabinet/contract';

/**
 * The social links answer checked by hand, with exactly the result of the contract's
 * `SocialLinksResponseSchema` (extra keys dropped, anything else rejected; the test holds the
 * two together). The links are read by /login on its first paint, and zod would be a large part
 * of that screen's scripts only for this check.
 */
export function parseSocialLinks(body: unknown): SocialLink[] {
  if (!Array.isArray(body)) throw new TypeError('Список соцсетей: ожидался массив');
  return body.map((item: unknown) => {
    const { link, network_name } = (item ?? {}) as Record<string, unknown>;
    if (
      typeof item !== 'object' ||
      item === null ||
      typeof link !== 'string' ||
      typeof network_name !== 'string'
    ) {
      throw new TypeError('Список соцсетей: неверная ссылка');
    }
    return { link, network_name };
  });
}
