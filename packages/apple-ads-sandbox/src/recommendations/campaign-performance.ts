// Recent delivery of a campaign over complete local days, with the spend its daily budget held
// back: the facts budget and target-CPA recommendations are computed from.
import { localDayOf } from '../model/calendar.js';
import type { DeliveryMemo } from '../model/delivery.js';
import type { Campaign } from '../model/entities.js';
import {
  IMPRESSIONS,
  SPEND_CENTS,
  TAPS,
  TAP_INSTALLS,
  VIEW_INSTALLS,
} from '../model/metric-record.js';
import type { SandboxStore } from '../model/store.js';

export interface CampaignPerformance {
  days: number;
  impressions: number;
  taps: number;
  installs: number;
  /** Installs after a tap: the target-CPA suggestion's cost per install. */
  tapInstalls: number;
  spendCents: number;
  /** What the campaign would have spent without its budget, summed and on its busiest day. */
  demandCents: number;
  maxDemandCents: number;
  /** Days on which demand exceeded the daily budget. */
  limitedDays: number;
}

export function campaignPerformance(
  store: SandboxStore,
  memo: DeliveryMemo,
  campaign: Campaign,
  days: number,
): CampaignPerformance {
  const today = localDayOf(store.accountOf(campaign.adAccountId).timezone, store.now());
  const performance: CampaignPerformance = {
    days,
    impressions: 0,
    taps: 0,
    installs: 0,
    tapInstalls: 0,
    spendCents: 0,
    demandCents: 0,
    maxDemandCents: 0,
    limitedDays: 0,
  };
  for (let day = today - days; day < today; day++) {
    let spend = 0;
    for (const record of memo.adGroupDay(campaign.id, day).values()) {
      performance.impressions += record[IMPRESSIONS] ?? 0;
      performance.taps += record[TAPS] ?? 0;
      performance.installs += (record[TAP_INSTALLS] ?? 0) + (record[VIEW_INSTALLS] ?? 0);
      performance.tapInstalls += record[TAP_INSTALLS] ?? 0;
      spend += record[SPEND_CENTS] ?? 0;
    }
    const demand = memo.campaignDemandCents(campaign.id, day);
    performance.spendCents += spend;
    performance.demandCents += demand;
    performance.maxDemandCents = Math.max(performance.maxDemandCents, demand);
    if (demand > spend) performance.limitedDays++;
  }
  return performance;
}
