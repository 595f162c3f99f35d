import {
  foldForSearch,
  OrderStatusId,
  SpaceBlockSchema,
  type Banner,
  type FaqItem,
  type Space,
} from '@cabinet/contract';
import { sql, type Kysely } from 'kysely';
import { z } from 'zod';
import type { DB } from '../../db/types';

const BlocksSchema = z.array(SpaceBlockSchema);

/** `%`, `_` and the escape itself are literal in what the customer typed. */
function likePattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/** Queries of the content module: spaces, FAQ, banners. */
export class ContentRepo {
  constructor(private readonly db: Kysely<DB>) {}

  /** By numeric id or by slug. */
  async space(x: string): Promise<Space | undefined> {
    const query = this.db.selectFrom('content_spaces').select(['id', 'slug', 'title', 'blocks']);
    const row = /^\d{1,9}$/.test(x)
      ? await query.where('id', '=', Number(x)).executeTakeFirst()
      : await query.where('slug', '=', x).executeTakeFirst();
    if (!row) return undefined;
    return {
      id: row.id,
      slug: row.slug,
      title: row.title,
      blocks: BlocksSchema.parse(JSON.parse(row.blocks)),
    };
  }

  /** Every item whose folded question or answer holds every folded word of `query`, in their order. */
  async faq(query: string): Promise<FaqItem[]> {
    const words = foldForSearch(query).split(' ').filter(Boolean);
    let q = this.db
      .selectFrom('faq_items')
      .select(['id', 'question', 'answer'])
      .orderBy('position')
      .orderBy('id');
    for (const word of words) q = q.where(sql<boolean>`search_text like ${likePattern(word)} escape '\\'`);
    return q.execute();
  }

  async banners(): Promise<Banner[]> {
    const rows = await this.db
      .selectFrom('banners')
      .select(['id', 'title', 'text', 'image', 'href'])
      .orderBy('position')
      .orderBy('id')
      .execute();
    return rows.map(({ image, ...rest }) => (image ? { ...rest, image } : rest));
  }

  /** The customer has an order whose work they accepted (status 7), in the trash afterwards too. */
  async hasCompletedOrder(userId: number): Promise<boolean> {
    const row = await this.db
      .selectFrom('orders')
      .select('id')
      .where('user_id', '=', userId)
      .where('is_fake', '=', 0)
      .where((eb) =>
        eb.or([
          eb('status_id', '=', OrderStatusId.completed),
          eb.and([
            eb('status_id', '=', OrderStatusId.trashed),
            eb('trashed_from_status', '=', OrderStatusId.completed),
          ]),
        ]),
      )
      .limit(1)
      .executeTakeFirst();
    return row !== undefined;
  }
}
