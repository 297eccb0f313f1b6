// KeywordCreate and KeywordUpdate (keywordcreate.md, keywordupdate.md). text and matchType are
// fixed at creation: the update schema refuses them.
import { z } from 'zod';
import { idSchema, moneySchema, statusSchema } from './entities-common';

export const matchTypeSchema = z.enum(
  ['EXACT', 'BROAD', 'PHRASE', 'CATEGORY'],
  'matchType is EXACT, BROAD, PHRASE or CATEGORY',
);

/** The reference sets no length; 80 characters is the sandbox's and Tapwise's cap (choice). */
export const keywordTextSchema = z
  .string('text is a string')
  .trim()
  .min(1, 'text must be non-empty')
  .max(80, 'text is at most 80 characters');

export const keywordCreateSchema = z.strictObject({
  adGroupId: idSchema,
  text: keywordTextSchema,
  matchType: matchTypeSchema.nullish(),
  bid: moneySchema.nullish(),
  status: statusSchema.nullish(),
});
export type KeywordCreateBody = z.infer<typeof keywordCreateSchema>;

/** keywordupdate.md: a bid sent as null is refused (WIRE.md: `null` on update → error). */
export const keywordUpdateSchema = z.strictObject({
  bid: moneySchema.optional(),
  status: statusSchema.nullish(),
});
/** One item of bulk-update: the keyword's id with the update. */
export const keywordBulkUpdateSchema = keywordUpdateSchema.extend({ id: idSchema });
export type KeywordUpdateBody = z.infer<typeof keywordUpdateSchema>;

/** Bulk calls take 1 to 1000 items (choice: the reference names no cap). */
export const MAX_BULK_ITEMS = 1000;
