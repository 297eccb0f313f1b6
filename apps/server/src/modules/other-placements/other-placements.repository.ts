// The campaigns of one app in one ad account with their placement (v1 supply placement), the
// only table read of the other placements page; the numbers come from the ads manager's reads.
import { placementOfSupply, type AdPlacement } from '@tapwise/contracts';
import { sql } from 'drizzle-orm';
import type { Database } from '../../platform/db/database';
import { rowsOf, type AppScope } from '../analytics/overview.repository';

export async function findCampaignPlacements(
  db: Database,
  teamId: string,
  scope: AppScope,
): Promise<{ campaignId: number; placement: AdPlacement }[]> {
  const rows = await rowsOf(
    db,
    sql`SELECT id, supply_sources FROM campaigns WHERE team_id = ${teamId}
      AND ad_account_id = ${scope.adAccountId} AND adam_id = ${scope.adamId} ORDER BY id`,
  );
  return rows.map((row) => ({
    campaignId: Number(row.id),
    placement: placementOfSupply(row.supply_sources as string[]),
  }));
}
