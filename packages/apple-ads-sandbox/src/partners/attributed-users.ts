// The users an attribution partner (Kochava, AppsFlyer, …) sees for an app: every tap install of
// the sandbox's own keyword report becomes one user attributed to Apple Ads with the same
// campaign, ad group and keyword ids, plus organic users beside them, each going through a
// plausible funnel. Everything derives from (seed, keyword, day, index): the same sandbox always
// tells the same story, and the Apple Ads side and the partner side agree.
import { DAY_MS, HOUR_MS, localDayStartMs } from '../model/calendar.js';
import { hash, unit } from '../model/hash.js';
import { METRIC_COUNT, TAP_INSTALLS } from '../model/metric-record.js';
import type { SandboxStore } from '../model/store.js';
import { runReport } from '../reports/report-engine.js';

/** An event after install: the funnel's steps, with their share of installs. */
export const FUNNEL = [
  { name: 'Registration Complete', share: 0.4, revenue: null, afterHours: [0, 2] },
  { name: 'Start Trial', share: 0.15, revenue: null, afterHours: [0, 24] },
  { name: 'Revenue-Subscribe', share: 0.06, revenue: 9.99, afterHours: [72, 96] },
  { name: 'Revenue-Purchase', share: 0.03, revenue: 4.99, afterHours: [1, 120] },
] as const;
export type FunnelEventName = (typeof FUNNEL)[number]['name'];

/** Organic users per Apple Ads user: a partner sees more than Apple's installs. */
const ORGANIC_PER_APPLE_USER = 0.25;
export const SANDBOX_CURRENCY = 'USD';

export interface SimulatedEvent {
  eventId: string;
  name: FunnelEventName;
  timeMs: number;
  revenue: { amount: number; currency: string } | null;
}

export interface SimulatedUser {
  installId: string;
  installTimeMs: number;
  /** The install's day (the ad account's day when attributed, UTC when organic). */
  day: string;
  network: 'Apple Search Ads' | '';
  campaignId: number | null;
  adGroupId: number | null;
  keywordId: number | null;
  countryOrRegion: string;
  events: SimulatedEvent[];
}

export interface UsersQuery {
  adamId: number;
  /** Inclusive UTC/account-local days, YYYY-MM-DD. */
  from: string;
  to: string;
}

const dayNumber = (iso: string) => Math.floor(Date.parse(`${iso}T00:00:00Z`) / DAY_MS);

/** The app's users installed between two days (through the store's today), in install order. */
export function simulatedUsers(store: SandboxStore, query: UsersQuery): SimulatedUser[] {
  const today = Math.floor(store.now() / DAY_MS);
  const startDay = dayNumber(query.from);
  const endDay = Math.min(dayNumber(query.to), today);
  if (!Number.isFinite(startDay) || !Number.isFinite(endDay) || startDay > endDay) return [];
  const users: SimulatedUser[] = [];
  const byAccount = new Map<number, number[]>();
  for (const campaign of store.campaigns.values()) {
    if (Number(campaign.promotedObjectId) !== query.adamId) continue;
    byAccount.set(campaign.adAccountId, [
      ...(byAccount.get(campaign.adAccountId) ?? []),
      campaign.id,
    ]);
  }
  for (const [adAccountId, campaignIds] of byAccount) {
    const timezone = store.accountOf(adAccountId).timezone;
    const result = runReport(store, adAccountId, {
      level: 'keywords',
      startDay,
      endDay,
      granularity: 'DAILY',
      timeZone: 'ORTZ',
      groupBy: ['countryOrRegion'],
      filters: [],
      sorting: [],
      fields: null,
      grandTotal: false,
      emptyMetrics: false,
      offset: 0,
      pageSize: 1_000_000,
      campaignIds,
    });
    for (const row of result.rows) {
      const keyword = store.keywords.get(row.keywordId ?? row.entityId);
      if (!keyword || !row.buckets) continue;
      const country = row.groups.countryOrRegion ?? 'US';
      result.bucketLabels.forEach((label, bucket) => {
        const installs = Math.round(row.buckets![bucket * METRIC_COUNT + TAP_INSTALLS] ?? 0);
        const day = dayNumber(label);
        for (let index = 0; index < installs; index++) {
          const parts = [
            store.seed,
            keyword.id,
            day,
            hash(...[...country].map((c) => c.charCodeAt(0))),
            index,
          ];
          const installTimeMs =
            localDayStartMs(timezone, day) + Math.floor(unit(...parts, 1) * 24 * HOUR_MS);
          users.push(
            userOf(parts, installTimeMs, label, {
              network: 'Apple Search Ads',
              campaignId: keyword.campaignId,
              adGroupId: keyword.adGroupId,
              keywordId: keyword.id,
              countryOrRegion: country,
            }),
          );
        }
      });
    }
  }
  // Organic users beside them, per day, so any window agrees with any other.
  const applePerDay = new Map<string, number>();
  for (const user of users) applePerDay.set(user.day, (applePerDay.get(user.day) ?? 0) + 1);
  for (const [day, count] of applePerDay) {
    const dayIndex = dayNumber(day);
    const organic = Math.round(count * ORGANIC_PER_APPLE_USER);
    for (let index = 0; index < organic; index++) {
      const parts = [store.seed, query.adamId, dayIndex, index, 7];
      const installTimeMs = dayIndex * DAY_MS + Math.floor(unit(...parts, 1) * 24 * HOUR_MS);
      users.push(
        userOf(parts, installTimeMs, day, {
          network: '',
          campaignId: null,
          adGroupId: null,
          keywordId: null,
          countryOrRegion: 'US',
        }),
      );
    }
  }
  const now = store.now();
  for (const user of users) user.events = user.events.filter((event) => event.timeMs <= now);
  return users.sort(
    (a, b) => a.installTimeMs - b.installTimeMs || a.installId.localeCompare(b.installId),
  );
}

function userOf(
  parts: number[],
  installTimeMs: number,
  day: string,
  attribution: Pick<
    SimulatedUser,
    'network' | 'campaignId' | 'adGroupId' | 'keywordId' | 'countryOrRegion'
  >,
): SimulatedUser {
  const installId = `${hash(...parts, 11)
    .toString(16)
    .padStart(8, '0')}${hash(...parts, 12)
    .toString(16)
    .padStart(8, '0')}`;
  const events: SimulatedEvent[] = [];
  FUNNEL.forEach((step, stepIndex) => {
    if (unit(...parts, 20 + stepIndex) >= step.share) return;
    const [minHours, maxHours] = step.afterHours;
    const afterMs = (minHours + unit(...parts, 30 + stepIndex) * (maxHours - minHours)) * HOUR_MS;
    events.push({
      eventId: `${installId}-${stepIndex + 1}`,
      name: step.name,
      timeMs: installTimeMs + Math.floor(afterMs),
      revenue: step.revenue === null ? null : { amount: step.revenue, currency: SANDBOX_CURRENCY },
    });
  });
  return { installId, installTimeMs, day, ...attribution, events };
}
