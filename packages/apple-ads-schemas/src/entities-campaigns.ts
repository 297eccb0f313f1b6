// CampaignCreate and CampaignUpdate (campaigncreate.md, campaignupdate.md and their sub-pages).
// Strict objects: read-only fields (billingEvent, promotedObjectType, promotedObjectId, adAccountId
// on update; id, displayStatus, ... anywhere) are refused as fields that are not of the request.
import { z } from 'zod';
import {
  appleTimeSchema,
  bidStrategySchema,
  moneySchema,
  statusSchema,
  targetingDataSchema,
} from './entities-common';
import { checkAppStorePlacement } from './placements';

const name = z
  .string()
  .trim()
  .min(1, 'name must be non-empty')
  .max(200, 'name is at most 200 characters');

const targeting = z.strictObject({
  countryOrRegion: targetingDataSchema.nullish(),
  supplyPlacement: targetingDataSchema.nullish(),
  supplySource: targetingDataSchema.nullish(),
});

const invoiceDetail = {
  billingEmail: z.email('billingEmail is an email address'),
  clientName: z.string().nullish(),
  orderNumber: z.string().nullish(),
  primaryBuyerEmail: z.email('primaryBuyerEmail is an email address'),
  primaryBuyerName: z.string().min(1, 'primaryBuyerName must be non-empty'),
};

const regulationResponse = z.strictObject({
  regulationType: z.enum(['CAC', 'CAMPAIGN_SAPIN_LAW', 'ORG_SAPIN_LAW']).nullish(),
  responseValue: z
    .enum([
      'AGENT',
      'FALSE',
      'FRENCH_BUSINESS',
      'NOT_AGENT',
      'NOT_ANSWERED',
      'NOT_FRENCH_BUSINESS',
      'TRUE',
    ])
    .nullish(),
});

const sharedBudget = z.strictObject({ budgetId: z.number().int().nullish() });

/** endTime after startTime when both are sent (campaigncreate.md: a schedule). */
function scheduleInOrder(
  body: { startTime?: string | null; endTime?: string | null },
  context: z.RefinementCtx,
) {
  if (body.startTime && body.endTime && body.endTime <= body.startTime)
    context.addIssue({ code: 'custom', path: ['endTime'], message: 'endTime is after startTime' });
}

export const campaignCreateSchema = z
  .strictObject({
    adAccountId: z.number('adAccountId is an integer').int(),
    name,
    billingEvent: z.enum(
      ['TAPS', 'IMPRESSIONS', 'INSTALLS'],
      'billingEvent is TAPS, IMPRESSIONS or INSTALLS',
    ),
    promotedObjectType: z.enum(
      ['APPSTORE_APP', 'BUSINESS_BRAND'],
      'promotedObjectType is APPSTORE_APP or BUSINESS_BRAND',
    ),
    promotedObjectId: z.string('promotedObjectId is a string').min(1),
    dailyBudget: z.strictObject({ value: moneySchema }),
    targeting: targeting.extend({
      countryOrRegion: targetingDataSchema.refine(
        (data) => (data.include?.length ?? 0) > 0,
        'targeting.countryOrRegion.include needs at least one country or region',
      ),
    }),
    bidStrategy: bidStrategySchema
      .refine(
        (strategy) => strategy.bidStrategyType != null,
        'a campaign is created with bidStrategyType and bidStrategyGoal',
      )
      .nullish(),
    status: statusSchema.nullish(),
    startTime: appleTimeSchema.nullish(),
    endTime: appleTimeSchema.nullish(),
    invoiceDetail: z.strictObject(invoiceDetail).nullish(),
    regulationResponses: z.array(regulationResponse).nullish(),
    sharedBudgets: z.array(sharedBudget).nullish(),
  })
  .superRefine(scheduleInOrder)
  .superRefine((body, context) => {
    if (body.promotedObjectType === 'APPSTORE_APP') checkAppStorePlacement(body, context);
  });
export type CampaignCreateBody = z.infer<typeof campaignCreateSchema>;

export const campaignUpdateSchema = z
  .strictObject({
    name: name.nullish(),
    status: statusSchema.nullish(),
    dailyBudget: z.strictObject({ value: moneySchema.nullish() }).nullish(),
    targeting: targeting.nullish(),
    bidStrategy: bidStrategySchema.nullish(),
    startTime: appleTimeSchema.nullish(),
    endTime: appleTimeSchema.nullish(),
    invoiceDetail: z.strictObject(invoiceDetail).partial().nullish(),
    regulationResponses: z.array(regulationResponse).nullish(),
    sharedBudgets: z.array(sharedBudget).nullish(),
  })
  .superRefine(scheduleInOrder);
export type CampaignUpdateBody = z.infer<typeof campaignUpdateSchema>;
