// The table row of an entity just written, from its new stored copy: entity fields only, counts
// zero (the client keeps the counts it shows).
import { ZERO_COUNTS, type ReportRow } from '@tapwise/contracts';
import type { EntityRows } from '../ads-data/ads-data.repository';

const iso = (value: Date | null | undefined) => value?.toISOString() ?? null;

type Written =
  | { level: 'campaign'; row: EntityRows['campaigns'][0] }
  | { level: 'adGroup'; row: EntityRows['adGroups'][0] }
  | { level: 'keyword'; row: EntityRows['keywords'][0] };

export function writtenRow(written: Written): ReportRow {
  const { row } = written;
  const common = {
    id: String(row.id),
    status: row.status,
    deleted: row.deleted,
    modificationTime: iso(row.modificationTime),
    adAccountId: row.adAccountId,
    counts: { ...ZERO_COUNTS },
  };
  switch (written.level) {
    case 'campaign': {
      const campaign = written.row;
      return {
        ...common,
        level: 'campaigns',
        name: campaign.name,
        displayStatus: campaign.displayStatus,
        campaignId: campaign.id,
        adGroupId: null,
        details: {
          currency: campaign.currency,
          adamId: campaign.adamId,
          dailyBudgetMicros: campaign.dailyBudgetMicros ?? null,
          countriesOrRegions: campaign.countriesOrRegions,
          servingStateReasons: campaign.servingStateReasons,
          startTime: iso(campaign.startTime),
          endTime: iso(campaign.endTime),
        },
      };
    }
    case 'adGroup': {
      const adGroup = written.row;
      return {
        ...common,
        level: 'adGroups',
        name: adGroup.name,
        displayStatus: adGroup.displayStatus,
        campaignId: adGroup.campaignId,
        adGroupId: adGroup.id,
        details: {
          defaultBidMicros: adGroup.defaultBidMicros ?? null,
          cpaGoalMicros: adGroup.cpaGoalMicros ?? null,
          automatedKeywordsOptIn: adGroup.automatedKeywordsOptIn,
          targetingDimensions: adGroup.targetingDimensions as Record<string, unknown>,
          startTime: iso(adGroup.startTime),
          endTime: iso(adGroup.endTime),
        },
      };
    }
    case 'keyword': {
      const keyword = written.row;
      return {
        ...common,
        level: 'keywords',
        name: keyword.text,
        displayStatus: null,
        campaignId: keyword.campaignId,
        adGroupId: keyword.adGroupId,
        details: { matchType: keyword.matchType, bidMicros: keyword.bidMicros ?? null },
      };
    }
  }
}
