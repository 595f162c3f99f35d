import { contentMessages, type Banner, type FaqItem, type Space } from '@cabinet/contract';
import { HttpError } from '../../plugins/errors';
import type { ContentRepo } from './repo';

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

  async banners(): Promise<{ results: Banner[] }> {
    return { results: await this.repo.banners() };
  }
}
