// The sync's impression share step: one per ad account, Apple's daily share of the account's apps
// over the impression share window, every page, replacing the account's stored rows.
import {
  AppleAdsError,
  adamIdOf,
  type AccountClient,
  type ImpressionShareRow as AppleImpressionShareRow,
} from '@tapwise/apple-ads';
import {
  newestImpressionShareDay,
  replaceImpressionShare,
  type ImpressionShareRow,
} from '../ads-data/impression-share.repository';
import { impressionShareWindow } from '../ads-data/impression-share-window';
import type { JobContext } from '../job-context';

/** Apple's largest impression share page (WIRE.md section 3): one request for most accounts. */
const PAGE_SIZE = 10_000;

export async function syncImpressionShare(
  ctx: Pick<JobContext, 'db' | 'logger'>,
  teamId: string,
  api: AccountClient,
  request: { adamIds: readonly number[]; incremental: boolean; asOf: Date },
): Promise<void> {
  const window = impressionShareWindow(request.asOf);
  // Apple's days are final once complete: when the newest stored day is already the window's
  // last, an incremental sync's answer would be the stored rows again.
  if (
    request.incremental &&
    (await newestImpressionShareDay(ctx.db, teamId, api.adAccountId)) === window.end
  )
    return;
  const rows = new Map<string, ImpressionShareRow>();
  if (request.adamIds.length > 0) {
    try {
      for await (const page of api.insights.impressionSharePages({
        timeRange: { ...window, granularity: 'DAILY' },
        filters: [
          { field: 'promotedObjectId', operator: 'IN', value: request.adamIds.map(String) },
        ],
        pagination: { pageSize: PAGE_SIZE },
      }))
        for (const apple of page.rows) {
          const row = rowOf(api.adAccountId, apple);
          rows.set(`${row.adamId}|${row.countryOrRegion}|${row.searchTerm}|${row.day}`, row);
        }
    } catch (error) {
      if (!(error instanceof AppleAdsError && error.status === 400)) throw error;
      // Apple refuses impression share for an account without recent delivery (WIRE.md section
      // 4): the account has no share to show, which is no reason to fail the sync.
      ctx.logger.info(
        { teamId, adAccountId: api.adAccountId, apple: error.code },
        'Apple answered no impression share for the ad account; none stored',
      );
      rows.clear();
    }
  }
  await replaceImpressionShare(ctx.db, teamId, api.adAccountId, [...rows.values()]);
}

function rowOf(adAccountId: number, apple: AppleImpressionShareRow): ImpressionShareRow {
  return {
    adAccountId,
    adamId: adamIdOf(apple.promotedObjectId),
    countryOrRegion: apple.countryOrRegion.toUpperCase(),
    searchTerm: apple.searchTerm.toLowerCase(),
    day: apple.day!,
    lowShare: apple.lowImpressionShare,
    highShare: apple.highImpressionShare,
    rank: apple.rank,
    searchPopularity: apple.searchPopularity1to5,
  };
}
