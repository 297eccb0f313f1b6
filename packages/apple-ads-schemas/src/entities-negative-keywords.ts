// NegativeKeywordCreate and NegativeKeywordUpdate (negativekeywordcreate.md,
// negativekeywordupdate.md): a negative belongs to a campaign or to an ad group, never both.
import { z } from 'zod';
import { idSchema, statusSchema } from './entities-common';
import { keywordTextSchema, matchTypeSchema } from './entities-keywords';

export const negativeKeywordCreateSchema = z
  .strictObject({
    campaignId: idSchema.nullish(),
    adGroupId: idSchema.nullish(),
    text: keywordTextSchema,
    // negativekeyword.md: the schema lists CATEGORY, but it is not supported for negatives.
    matchType: matchTypeSchema
      .exclude(['CATEGORY'], 'a negative keyword matchType is EXACT, BROAD or PHRASE')
      .nullish(),
    status: statusSchema.nullish(),
  })
  .superRefine((body, context) => {
    if ((body.campaignId == null) === (body.adGroupId == null))
      context.addIssue({
        code: 'custom',
        path: ['campaignId'],
        message: 'a negative keyword takes campaignId or adGroupId, not both',
      });
  });
export type NegativeKeywordCreateBody = z.infer<typeof negativeKeywordCreateSchema>;

export const negativeKeywordUpdateSchema = z.strictObject({ status: statusSchema.nullish() });
export const negativeKeywordBulkUpdateSchema = negativeKeywordUpdateSchema.extend({ id: idSchema });
