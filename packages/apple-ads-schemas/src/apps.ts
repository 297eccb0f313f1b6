// GET /search/apps (searches-for-a-list-of-apps.md): at least one of query, cpids or
// returnOwnedApps=true; a query of three characters (two in CJK scripts) with a letter or digit;
// storefronts as ISO 3166-1 alpha-2 codes. Parameters arrive as strings from a URL and as
// numbers and booleans from the client; both spellings are read.
import { z } from 'zod';

/** Choice: the page caps `limit` at an unnamed MAXLIMIT; the sandbox clamps to this. */
export const APP_SEARCH_LIMIT_MAX = 1000;
const CJK = /[\u3040-\u30ff\u3400-\u9fff\uac00-\ud7af]/u;
const PAGE = 'searches-for-a-list-of-apps.md';

const booleanParam = z.union(
  [z.boolean(), z.enum(['true', 'false']).transform((value) => value === 'true')],
  { error: 'returnOwnedApps is true or false' },
);

const count = (field: string, min: number) =>
  z.coerce
    .number<unknown>()
    .int(`${field} must be an integer`)
    .min(min, `${field} must be at least ${min}`);

const storeFront = z.string().refine((code) => /^[A-Z]{2}$/.test(code), {
  message: 'storeFronts are ISO 3166-1 alpha-2 codes such as US',
  params: { violation: 'INVALID_COUNTRY_CODE' },
});

export const appSearchParamsSchema = z
  .strictObject({
    query: z
      .string()
      .refine(
        (text) => /[\p{L}\p{N}]/u.test(text) && text.trim().length >= (CJK.test(text) ? 2 : 3),
        `query needs 3 characters (2 in CJK scripts) with a letter or digit (${PAGE})`,
      )
      .optional(),
    returnOwnedApps: booleanParam.optional(),
    cpids: z
      .string()
      .regex(/^\d+(,\d+)*$/, 'cpids is a comma-separated list of content provider ids')
      .optional(),
    storeFronts: z.union([storeFront, z.array(storeFront).min(1)]).optional(),
    offset: count('offset', 0).optional(),
    limit: count('limit', 1).optional(),
  })
  .superRefine((params, ctx) => {
    if (params.query === undefined && params.cpids === undefined && !params.returnOwnedApps)
      ctx.addIssue({
        code: 'custom',
        message: `give query, cpids or returnOwnedApps=true (${PAGE})`,
        path: [],
        params: { violation: 'INVALID_INPUT' },
      });
  });
export type AppSearchParams = z.infer<typeof appSearchParamsSchema>;
