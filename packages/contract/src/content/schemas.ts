import { z } from '../common/zod';
import { text } from '../common/input';

/** Spaces, FAQ and banners: the cabinet's editorial content, authored in the database. */

export const contentMessages = {
  spaceNotFound: 'Страница не найдена',
} as const;

/** A space's content as structured blocks: the web app renders each as its own element, never as HTML. */
export const SpaceBlockSchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('heading'), text: text() }),
  z.object({ type: z.literal('text'), text: text() }),
  z.object({ type: z.literal('list'), items: z.array(text()) }),
  z.object({ type: z.literal('image'), src: text(), alt: text() }),
  z.object({ type: z.literal('cta'), text: text(), href: text() }),
]);
export type SpaceBlock = z.infer<typeof SpaceBlockSchema>;

/** `GET /client/api/landings/space/{x}/` (x: the id or the slug). */
export const SpaceSchema = z.object({
  id: z.number().int(),
  slug: text(),
  title: text(),
  blocks: z.array(SpaceBlockSchema),
});
export type Space = z.infer<typeof SpaceSchema>;

export const FAQ_QUERY_MAX = 200;

/** `?answer=`: the words to look for in questions and answers; empty lists every item. */
export const FaqQuerySchema = z.object({
  answer: text().max(FAQ_QUERY_MAX).optional(),
});

export const FaqItemSchema = z.object({
  id: z.number().int(),
  question: text(),
  answer: text(),
});
export type FaqItem = z.infer<typeof FaqItemSchema>;

export const FaqListSchema = z.object({ results: z.array(FaqItemSchema) });
export type FaqList = z.infer<typeof FaqListSchema>;

export const BannerSchema = z.object({
  id: z.number().int(),
  title: text(),
  text: text(),
  image: text().optional(),
  href: text(),
});
export type Banner = z.infer<typeof BannerSchema>;

export const BannerListSchema = z.object({ results: z.array(BannerSchema) });
export type BannerList = z.infer<typeof BannerListSchema>;

/**
 * Folds text for FAQ search the same way on both sides: lower case (Unicode, not SQLite's
 * ASCII-only lower()) and ё read as е, so «Ещё» finds «еще».
 */
export function foldForSearch(text: string): string {
  return text.toLocaleLowerCase('ru-RU').replace(/ё/g, 'е').replace(/\s+/g, ' ').trim();
}
