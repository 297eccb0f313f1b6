// What a campaign's supply placement allows below it, checked against the store: keywords,
// negatives, Search Match and MAX_CONVERSIONS only in search results, App Store targeting.
import {
  appStoreBidStrategyProblem,
  maxConversionsProblem,
  placementOf,
  takesKeywords,
} from '@tapwise/apple-ads-schemas';
import type { Campaign, TargetingData } from '../model/entities.js';
import { detail } from '../server/api-error.js';
import type { Validator } from '../server/validate.js';

/** adgrouptargetingcreate.md: radius and locationGroup target Apple Maps campaigns. */
const MAPS_DIMENSIONS = ['radius', 'locationGroup'];

/** keywords-and-negative-keywords.md: keywords apply to the Search results placement only. */
export function checkKeywordsAllowed(v: Validator, campaign: Campaign, field: string): void {
  const placement = placementOf(campaign.targeting);
  if (!takesKeywords(placement))
    v.details.push(
      detail(
        'INVALID_VALUE',
        `a ${placement} campaign has no keywords or negative keywords`,
        field,
      ),
    );
}

/** An ad group's fields that depend on its campaign's placement (create and update). */
export function checkAdGroupPlacement(
  v: Validator,
  campaign: Campaign,
  ownApps: readonly number[],
  request: {
    automatedKeywordsOptIn?: boolean | null;
    bidStrategyType?: string | null;
    targeting?: Record<string, TargetingData | null | undefined> | null;
  },
): void {
  const placement = placementOf(campaign.targeting);
  // Choice: Search Match adds keywords, which only search results have.
  if (request.automatedKeywordsOptIn && !takesKeywords(placement))
    v.details.push(
      detail(
        'INVALID_VALUE',
        `Search Match (automatedKeywordsOptIn) is for APPSTORE_SEARCH_RESULTS, not ${placement}`,
        'automatedKeywordsOptIn',
      ),
    );
  // The type itself is checked with the model's strategies (checkModelledStrategy).
  const bidProblem =
    request.bidStrategyType === 'MAX_CONVERSIONS' ? maxConversionsProblem(placement) : null;
  if (bidProblem)
    v.details.push(detail('INVALID_VALUE', bidProblem, 'bidStrategy.bidStrategyType'));
  for (const dimension of MAPS_DIMENSIONS)
    if (request.targeting?.[dimension])
      v.details.push(
        detail(
          'INVALID_VALUE',
          `${dimension} targets Apple Maps campaigns, not an App Store campaign`,
          `targeting.${dimension}`,
        ),
      );
  // adgrouptargetingcreate.md: appDownloader takes "their own apps" only.
  const downloader = request.targeting?.appDownloader;
  const apps = [...(downloader?.include ?? []), ...(downloader?.exclude ?? [])];
  if (apps.some((adamId) => !ownApps.includes(Number(adamId))))
    v.details.push(
      detail(
        'INVALID_VALUE',
        'appDownloader names apps of this ad account only',
        'targeting.appDownloader',
      ),
    );
}

/**
 * Choice: a campaign keeps the placement it was created for (its ad groups' keywords and Search
 * Match depend on it); campaigns-endpoints.md's App Store bid strategies hold on update too.
 */
export function checkCampaignPlacementUpdate(
  v: Validator,
  campaign: Campaign,
  request: {
    targeting?: { supplyPlacement?: TargetingData | null } | null;
    bidStrategy?: { bidStrategyType?: string | null } | null;
  },
): void {
  const placement = placementOf(campaign.targeting);
  const sent = request.targeting?.supplyPlacement?.include;
  if (sent && (sent.length !== 1 || sent[0] !== placement))
    v.details.push(
      detail(
        'INVALID_VALUE',
        `the campaign serves on ${placement}; create a campaign for another placement`,
        'targeting.supplyPlacement.include',
      ),
    );
  const bidProblem = appStoreBidStrategyProblem(request.bidStrategy?.bidStrategyType, placement);
  if (bidProblem)
    v.details.push(detail('INVALID_VALUE', bidProblem, 'bidStrategy.bidStrategyType'));
}
