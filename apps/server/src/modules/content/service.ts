import { contentMessages, type Banner, type FaqItem, type Space } from '@cabinet/contract';
import { HttpError } from '../../plugins/errors';
import type { ContentRepo } from './repo';

/**
 * Banners for customers who have had a work accepted, by where they lead: the diploma at half
 * price is an offer to those who already ordered from us («Уже заказывали у нас?»), and to anyone
 * else it reads as a promise the service would not keep. The banners table has no audience column;
 * the offer's space is the one such banner.
 */
export const RETURNING_CUSTOMER_BANNERS: ReadonlySet<string> = new Set(['/space/diplom-half-price']);

/** Spaces, FAQ and banners: read-only for the customer. */
export class ContentService {
  constructor(private readonly repo: ContentRepo) {}

  async space(x: string): Promise<Space> {
    const space = await this.repo.space(x);
    if (!space) throw new HttpError(404, contentMessages.spaceNotFound);
    return space;
  }

  async faq(query: string | undefined): Promise<{ results: FaqItem[] }> {
    return { results: await this.repo.faq(query ?? '') };
  }

  /** The carousel's banners for this customer: the returning customers' offers only to those with a completed order. */
  async banners(userId: number): Promise<{ results: Banner[] }> {
    const [banners, returning] = await Promise.all([
      this.repo.banners(),
      this.repo.hasCompletedOrder(userId),
    ]);
    return {
      results: returning ? banners : banners.filter((b) => !RETURNING_CUSTOMER_BANNERS.has(b.href)),
    };
  }
}
