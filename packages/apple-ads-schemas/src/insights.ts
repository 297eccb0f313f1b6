// Apple's insight request bodies: ImpressionShareQueryRequest (impressionsharequeryrequest.md,
// impressionsharetimerange.md, impressionshareoptions.md) and SearchTermPopularityQueryRequest
// (searchtermpopularityqueryrequest.md, searchtermpopularitytimerange.md). Both are UTC only,
// page with RequestPagination and sort on at most two fields.
import { z } from 'zod';
import { dayNumber, isoDate, REPORT_OPERATORS, reportFilterSchema, sortingSchema } from './reports';
import { requestPaginationSchema, type RequestSchema } from './selector';

const MAX_SORT_FIELDS = 2;

function timeRangeSchema<G extends readonly [string, ...string[]]>(granularities: G) {
  return z.strictObject({
    start: isoDate('timeRange.start'),
    end: isoDate('timeRange.end'),
    granularity: z.enum(granularities, {
      error: `granularity must be one of ${granularities.join(', ')}`,
    }),
    timeZone: z.literal('UTC', 'timeZone is fixed to UTC').nullish(),
  });
}

const sorting = z
  .array(sortingSchema)
  .max(MAX_SORT_FIELDS, `at most ${MAX_SORT_FIELDS} sort fields`)
  .nullish();

const impressionShareShape = z.strictObject({
  timeRange: timeRangeSchema(['DAILY', 'WEEKLY_SUN_SAT'] as const),
  // Choice: Apple's example sends `fields: []` and no page says what it selects; taken, unused.
  fields: z.array(z.string()).nullish(),
  filters: z.array(reportFilterSchema(REPORT_OPERATORS)),
  sorting,
  // Choice: 10000, the documented impression-share cap (the SDK says 5000 for every insight).
  pagination: requestPaginationSchema(10_000).nullish(),
  options: z
    .strictObject({
      impressionShareReportType: z
        .enum(['FIRST_SLOT', 'ALL_SLOTS'], {
          error: 'impressionShareReportType must be FIRST_SLOT or ALL_SLOTS',
        })
        .nullish(),
    })
    .nullish(),
});
export type ImpressionShareQuery = z.infer<typeof impressionShareShape>;

/** A promotedObjectId filter (EQUALS or IN) is required; DAILY ≤ 30 days; weeks from a Sunday. */
export const impressionShareRequestSchema: RequestSchema<ImpressionShareQuery> =
  impressionShareShape.superRefine((request, ctx) => {
    const app = request.filters.find((filter) => filter.field === 'promotedObjectId');
    if (!app)
      ctx.addIssue({
        code: 'custom',
        message: 'a promotedObjectId filter is required (impressionsharequeryrequest.md)',
        path: ['filters'],
        params: { violation: 'FIELD_REQUIRED' },
      });
    else if (app.operator !== 'EQUALS' && app.operator !== 'IN')
      ctx.addIssue({
        code: 'custom',
        message: 'promotedObjectId takes EQUALS or IN',
        path: ['filters'],
      });
    const start = dayNumber(request.timeRange.start);
    const end = dayNumber(request.timeRange.end);
    const problem = (message: string) =>
      ctx.addIssue({ code: 'custom', message, path: ['timeRange'] });
    if (start > end) problem('start must not be after end');
    if (request.timeRange.granularity === 'DAILY' && end - start >= 30)
      problem('DAILY spans at most 30 days');
    if (request.timeRange.granularity === 'WEEKLY_SUN_SAT') {
      // 1970-01-04, day 3, was a Sunday.
      if ((start - 3) % 7 !== 0) problem('WEEKLY_SUN_SAT starts on a Sunday');
      if (end - start >= 28) problem('WEEKLY_SUN_SAT spans at most 4 weeks');
    }
  });

/** The row fields present only when `fields` asks for them (searchtermpopularityrow.md). */
export const POPULARITY_FIELDS = [
  'rankInGenre',
  'searchPopularityInGenre',
  'searchPopularity1to100',
  'searchPopularity1to5',
] as const;

const searchTermPopularityShape = z.strictObject({
  timeRange: timeRangeSchema(['WEEKLY_SUN_SAT', 'MONTHLY'] as const),
  fields: z
    .array(z.enum(POPULARITY_FIELDS, { error: `fields are ${POPULARITY_FIELDS.join(', ')}` }))
    .nullish(),
  filters: z.array(reportFilterSchema(REPORT_OPERATORS)).nullish(),
  sorting,
  pagination: requestPaginationSchema(5000).nullish(),
});
export type SearchTermPopularityQuery = z.infer<typeof searchTermPopularityShape>;

export const searchTermPopularityRequestSchema: RequestSchema<SearchTermPopularityQuery> =
  searchTermPopularityShape.refine(
    (request) => dayNumber(request.timeRange.start) <= dayNumber(request.timeRange.end),
    { message: 'start must not be after end', path: ['timeRange'] },
  );
