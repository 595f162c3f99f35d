import { z } from '../common/zod';
import { text } from '../common/input';

/** Paths of the reference-data calls of spec §7, trailing slashes included. */
export const referenceApi = {
  workTypes: '/api/worktypes/',
  orderPackets: '/api/worktype/order-packets/',
  subjects: '/api/subjects/',
  universities: '/client/api/init/universities/',
  verificationSystems: '/api/verification-systems/',
} as const;

/** The search answers at most this many universities. */
export const UNIVERSITY_SEARCH_LIMIT = 20;
const UNIVERSITY_QUERY_MAX = 100;

/** A kind of work; money in kopecks, volume in pages (slides or problems for some kinds). */
export const WorkTypeSchema = z.object({
  id: z.number().int(),
  slug: text(),
  title: text(),
  price_per_page: z.number().int().nonnegative(),
  min_pages: z.number().int().positive(),
  typical_pages: z.number().int().positive(),
  /** Fewer days than this to the deadline make the order urgent (and dearer). */
  min_days: z.number().int().positive(),
});
export type WorkType = z.infer<typeof WorkTypeSchema>;

export const OrderPacketItemSchema = z.object({
  work_type_id: z.number().int(),
  work_type_title: text(),
  pages: z.number().int().positive(),
});
export type OrderPacketItem = z.infer<typeof OrderPacketItemSchema>;

/** A bundle of orders bought together with a discount. */
export const OrderPacketSchema = z.object({
  id: z.number().int(),
  slug: text(),
  title: text(),
  description: text(),
  discount_percent: z.number().int().min(0).max(100),
  items: z.array(OrderPacketItemSchema).min(1),
});
export type OrderPacket = z.infer<typeof OrderPacketSchema>;

export const SubjectSchema = z.object({
  id: z.number().int(),
  title: text(),
  group_id: z.number().int(),
  group_title: text(),
});
export type Subject = z.infer<typeof SubjectSchema>;

export const UniversitySchema = z.object({
  id: z.number().int(),
  title: text(),
  short_title: text(),
  city: text(),
});
export type University = z.infer<typeof UniversitySchema>;

export const UniversitySearchQuerySchema = z.object({
  q: text().max(UNIVERSITY_QUERY_MAX).default(''),
});
export type UniversitySearchQuery = z.infer<typeof UniversitySearchQuerySchema>;

/** A plagiarism-check system; its factor scales the price up (100 = unchanged). */
export const VerificationSystemSchema = z.object({
  id: z.number().int(),
  slug: text(),
  title: text(),
  price_factor_percent: z.number().int().min(100),
});
export type VerificationSystem = z.infer<typeof VerificationSystemSchema>;

export const WorkTypeListSchema = z.array(WorkTypeSchema);
export const OrderPacketListSchema = z.array(OrderPacketSchema);
export const SubjectListSchema = z.array(SubjectSchema);
export const UniversityListSchema = z.array(UniversitySchema);
export const VerificationSystemListSchema = z.array(VerificationSystemSchema);
