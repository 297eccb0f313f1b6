// What a campaign's supply placement allows below it, checked against the store: keywords,
// negatives, Search Match and MAX_CONVERSIONS only in search results, App Store targeting.
import { placementOf, takesKeywords } from '@tapwise/apple-ads-schemas';
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
  // Choice, as on the campaign (placements.ts): MAX_CONVERSIONS bids in search results only.
  if (request.bidStrategyType === 'MAX_CONVERSIONS' && !takesKeywords(placement))
    v.details.push(
      detail(
        'INVALID_VALUE',
        `MAX_CONVERSIONS is for APPSTORE_SEARCH_RESULTS, not ${placement}`,
        'bidStrategy.bidStrategyType',
      ),
    );
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
