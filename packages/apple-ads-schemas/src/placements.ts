// Supply placements (campaigntargetingcreate/supplyplacement-data.dictionary.md) and what each one
// takes: bid strategies, billing event, keywords and Search Match (campaigns-endpoints.md,
// keywords-and-negative-keywords.md). Shared by the campaign schema and the sandbox's checks.
import type { z } from 'zod';

export const APP_STORE_PLACEMENTS = [
  'APPSTORE_SEARCH_RESULTS',
  'APPSTORE_SEARCH_TAB',
  'APPSTORE_TODAY_TAB',
  'APPSTORE_PRODUCT_PAGES',
] as const;
export type AppStorePlacement = (typeof APP_STORE_PLACEMENTS)[number];

/** supplyplacement-data.dictionary.md: each placement belongs to exactly one supply source. */
export const SUPPLY_SOURCE_OF_PLACEMENT: Record<string, 'APPSTORE' | 'MAPS'> = {
  ...Object.fromEntries(APP_STORE_PLACEMENTS.map((placement) => [placement, 'APPSTORE'])),
  MAPS_SEARCH_RESULTS: 'MAPS',
  MAPS_SEARCH_HOME: 'MAPS',
};

/** Choice: a campaign sent without supplyPlacement serves search results, as Apple's examples do. */
export const DEFAULT_PLACEMENT: AppStorePlacement = 'APPSTORE_SEARCH_RESULTS';

/** The one placement a campaign serves on. */
export function placementOf(targeting: {
  supplyPlacement?: { include?: readonly string[] | null } | null;
}): string {
  return targeting.supplyPlacement?.include?.[0] ?? DEFAULT_PLACEMENT;
}

/**
 * keywords-and-negative-keywords.md: EXACT and BROAD keywords "apply to App Store campaigns using
 * the Search results placement"; the other App Store placements have no keywords, negative
 * keywords or Search Match.
 */
export function takesKeywords(placement: string): boolean {
  return placement === 'APPSTORE_SEARCH_RESULTS';
}

/** campaigns-endpoints.md: App Store campaigns bid MANUAL_CPT or MAX_CONVERSIONS. */
export const APP_STORE_BID_STRATEGIES = ['MANUAL_CPT', 'MAX_CONVERSIONS'] as const;

/**
 * Why a campaign or ad group on this placement may not bid MAX_CONVERSIONS, or null. Choice:
 * Apple is silent per placement; the model bids Maximize Conversions on keywords' auctions.
 */
export function maxConversionsProblem(placement: string): string | null {
  return takesKeywords(placement)
    ? null
    : `MAX_CONVERSIONS is for APPSTORE_SEARCH_RESULTS, not ${placement}`;
}

/** What is wrong with an App Store campaign's bid strategy type on its placement, or null. */
export function appStoreBidStrategyProblem(
  type: string | null | undefined,
  placement: string,
): string | null {
  if (!type) return null;
  if (!(APP_STORE_BID_STRATEGIES as readonly string[]).includes(type))
    return 'an APPSTORE_APP campaign bids MANUAL_CPT or MAX_CONVERSIONS';
  return type === 'MAX_CONVERSIONS' ? maxConversionsProblem(placement) : null;
}

/** The placement rules of an App Store campaign body, one zod issue (one detail) per broken rule. */
export function checkAppStorePlacement(
  body: {
    billingEvent?: string | null;
    targeting?: {
      supplySource?: { include?: string[] | null } | null;
      supplyPlacement?: { include?: string[] | null } | null;
    } | null;
    bidStrategy?: { bidStrategyType?: string | null } | null;
  },
  context: z.RefinementCtx,
): void {
  const placements = body.targeting?.supplyPlacement?.include ?? [];
  placements.forEach((placement, index) => {
    if (!(placement in SUPPLY_SOURCE_OF_PLACEMENT))
      context.addIssue({
        code: 'custom',
        path: ['targeting', 'supplyPlacement', 'include', index],
        message: `supplyPlacement is one of ${Object.keys(SUPPLY_SOURCE_OF_PLACEMENT).join(', ')}`,
      });
    else if (SUPPLY_SOURCE_OF_PLACEMENT[placement] !== 'APPSTORE')
      context.addIssue({
        code: 'custom',
        path: ['targeting', 'supplyPlacement', 'include', index],
        message: 'an APPSTORE_APP campaign serves on App Store placements only',
      });
  });
  // Choice: Apple is silent for App Store campaigns; its Maps placements may not be listed
  // together, and each App Store placement has its own rules, so one placement per campaign.
  if (placements.length > 1)
    context.addIssue({
      code: 'custom',
      path: ['targeting', 'supplyPlacement', 'include'],
      message: 'a campaign serves on one supply placement',
    });
  const sources = body.targeting?.supplySource?.include ?? [];
  if (sources.some((source) => source !== 'APPSTORE'))
    context.addIssue({
      code: 'custom',
      path: ['targeting', 'supplySource', 'include'],
      message: 'the supply source of an APPSTORE_APP campaign is APPSTORE',
    });
  // campaigns-endpoints.md: MANUAL_CPM and IMPRESSIONS billing are Apple Maps only.
  if (body.billingEvent && body.billingEvent !== 'TAPS')
    context.addIssue({
      code: 'custom',
      path: ['billingEvent'],
      message: 'an APPSTORE_APP campaign is billed on TAPS',
    });
  const bidProblem = appStoreBidStrategyProblem(
    body.bidStrategy?.bidStrategyType,
    placementOf(body.targeting ?? {}),
  );
  if (bidProblem)
    context.addIssue({
      code: 'custom',
      path: ['bidStrategy', 'bidStrategyType'],
      message: bidProblem,
    });
}
