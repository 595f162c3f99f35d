import { z } from './zod';

/**
 * The largest id a row can have: PostgreSQL's `integer`, the type of every id column (SQLite's
 * would hold more). A larger number names no row, and on PostgreSQL comparing one with an
 * `integer` column is an error, not an empty answer — so every id a client sends, in a path, a
 * query or a body, is checked against it at the edge.
 */
export const MAX_ROW_ID = 2_147_483_647;

export const idMessages = {
  tooLarge: 'Слишком большой номер',
} as const;

/** An id in a JSON body. */
export const rowIdSchema = z.number().int().positive().max(MAX_ROW_ID, idMessages.tooLarge);

/** An id in a path or a query string: text that must read as one. */
export const rowIdParamSchema = z.coerce.number().int().positive().max(MAX_ROW_ID, idMessages.tooLarge);
