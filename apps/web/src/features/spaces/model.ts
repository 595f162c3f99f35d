import { z } from '@cabinet/contract';

/** Spec §3: a space has an id; its other fields are not shown yet. */
export const SpaceSchema = z.looseObject({ id: z.union([z.number(), z.string()]) });
export type Space = z.infer<typeof SpaceSchema>;
