// Other placement types (spec 1 §1; docs/other-placements.md): per placement of the app's
// campaigns, the ads manager's campaigns table, its totals over the period and the one compared
// with, and its daily chart: the same reads (reportPage, reportSeries) over the placement's
// campaigns, so every number is the one the ads manager shows for them.
import {
  AD_PLACEMENTS,
  comparisonRange,
  reportQuerySchema,
  type AdPlacement,
  type OtherPlacements,
  type otherPlacementsQuerySchema,
  type PlacementPerformance,
  type ReportTotals,
} from '@tapwise/contracts';
import type { z } from 'zod';
import type { Database } from '../../platform/db/database';
import { reportPage, reportSeries } from '../ads-manager/reports.service';
import { findCampaignPlacements } from './other-placements.repository';

export type ParsedOtherPlacementsQuery = z.output<typeof otherPlacementsQuerySchema>;

const NO_TOTALS: ReportTotals = { byCurrency: [], converted: null };

async function placementPerformance(
  db: Database,
  teamId: string,
  query: ParsedOtherPlacementsQuery,
  prevdate: { start: string; end: string },
  placement: AdPlacement,
  campaignIds: number[],
): Promise<PlacementPerformance> {
  // No campaigns: nothing to read (an empty id list would not narrow the ads manager's filter).
  if (campaignIds.length === 0)
    return { placement, campaigns: [], current: NO_TOTALS, previous: NO_TOTALS, series: [] };
  const reportQuery = reportQuerySchema.parse({
    period: query.currdate,
    filter: { adAccountIds: [query.adAccountId], adamIds: [query.adamId], campaignIds },
    limit: null,
  });
  const [current, previous, series] = await Promise.all([
    reportPage(db, teamId, 'campaigns', reportQuery),
    // Only its totals row is shown: one row is enough to ask for.
    reportPage(db, teamId, 'campaigns', { ...reportQuery, period: prevdate, limit: 1 }),
    reportSeries(db, teamId, 'campaigns', reportQuery, 'DAY'),
  ]);
  return {
    placement,
    campaigns: current.rows,
    current: current.totals,
    previous: previous.totals,
    series,
  };
}

export async function otherPlacements(
  db: Database,
  teamId: string,
  query: ParsedOtherPlacementsQuery,
): Promise<OtherPlacements> {
  const prevdate = query.prevdate ?? comparisonRange(query.currdate, 'custom');
  const campaigns = await findCampaignPlacements(db, teamId, query);
  const placements = await Promise.all(
    AD_PLACEMENTS.map((placement) =>
      placementPerformance(
        db,
        teamId,
        query,
        prevdate,
        placement,
        campaigns.filter((c) => c.placement === placement).map((c) => c.campaignId),
      ),
    ),
  );
  return { currdate: query.currdate, prevdate, placements };
}
