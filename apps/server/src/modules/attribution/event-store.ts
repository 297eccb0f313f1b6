// Stores partners' installs and events once each, and keeps attribution_daily in step, in one
// transaction: the postback route (through its group-commit batcher), the Kochava pull and the
// replay all come through here. An event seen again (same partner id, or same payload) changes
// nothing; a late or out-of-order one lands on its own day.
import { createHash } from 'node:crypto';
import type { AttributedEvent } from '@tapwise/contracts';
import { RatesHistory, convertMicros, addDays } from '@tapwise/exchange-rates';
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Database } from '../../platform/db/database';
import { campaigns } from '../ads-data/ads-entities.tables';
import { exchangeRates } from '../currencies/currencies.tables';
import { adAccounts } from '../integrations/integrations.tables';
import { attributionIntegrations, type attributionDaily } from './attribution.tables';

export interface StoreIntegration {
  id: string;
  teamId: string;
  adamId: number;
}

export interface IncomingEvent {
  event: AttributedEvent;
  /** The payload as received (one postback); its hash is the key of an event without an id. */
  raw: unknown;
}

export interface StoreResult {
  stored: number;
  duplicates: number;
}

/** One integration's events: the unit the batcher groups, and each answers for its own. */
export interface StoreBatch {
  integration: StoreIntegration;
  events: readonly IncomingEvent[];
}

/** Revenue of ad accounts without a currency (or of unattributed events) is counted in USD. */
export const FALLBACK_CURRENCY = 'USD';
const DAY_MS = 86_400_000;
const MAX_DAYS_SINCE_INSTALL = 32_767;

export async function storeAttributedEvents(
  db: Database,
  integration: StoreIntegration,
  events: readonly IncomingEvent[],
): Promise<StoreResult> {
  const [result] = await storeEventBatches(db, [{ integration, events }]);
  return result!;
}

/** Stores several integrations' events in ONE transaction; a result per batch, in order. */
export async function storeEventBatches(
  db: Database,
  batches: readonly StoreBatch[],
): Promise<StoreResult[]> {
  const prepared = batches.map(({ integration, events }) =>
    events.map((incoming) => ({ integration, incoming, dedupeKey: dedupeKeyOf(incoming) })),
  );
  const all = prepared.flat();
  if (all.length === 0) return batches.map(() => ({ stored: 0, duplicates: 0 }));

  return db.transaction(async (transaction) => {
    const tx = transaction as unknown as Database;
    const accounts = await accountsOfCampaigns(tx, all);
    const placed = all.map((item) => {
      const { event } = item.incoming;
      const account =
        event.network === 'APPLE_ADS' && event.campaignId !== null
          ? accounts.get(`${item.integration.teamId}:${event.campaignId}`)
          : undefined;
      return {
        ...item,
        source: item,
        day: dayIn(event.eventTime, account?.timeZone ?? 'UTC'),
        currency: account?.currency ?? FALLBACK_CURRENCY,
      };
    });
    const rates = await ratesFor(tx, placed);

    // The first of equal keys in this call is the one that may be stored.
    const firstOf = new Map<string, (typeof placed)[number]>();
    for (const item of placed) {
      const key = `${item.integration.id} ${item.dedupeKey}`;
      if (!firstOf.has(key)) firstOf.set(key, item);
    }
    const candidates = [...firstOf.values()];
    const inserted = await insertEvents(tx, candidates);
    const insertedKeys = new Set(inserted.map((row) => `${row.integrationId} ${row.dedupeKey}`));
    const newItems = candidates.filter((item) =>
      insertedKeys.has(`${item.integration.id} ${item.dedupeKey}`),
    );

    await addToDaily(tx, newItems, rates);

    const touched = [...new Set(newItems.map((item) => item.integration.id))].sort();
    if (touched.length) {
      await tx
        .update(attributionIntegrations)
        .set({ lastEventAt: sql`now()` })
        .where(inArray(attributionIntegrations.id, touched));
    }

    // Each request is answered for its own events: stored when its copy is the one inserted.
    return prepared.map((items) => {
      let stored = 0;
      for (const item of items) {
        const key = `${item.integration.id} ${item.dedupeKey}`;
        if (insertedKeys.has(key) && firstOf.get(key)?.source === item) stored += 1;
      }
      return { stored, duplicates: items.length - stored };
    });
  });
}

interface DailyItem {
  integration: StoreIntegration;
  incoming: IncomingEvent;
  day: string;
  currency: string;
}

async function addToDaily(db: Database, items: readonly DailyItem[], rates: RatesHistory) {
  if (items.length === 0) return;
  const groups = new Map<string, typeof attributionDaily.$inferInsert>();
  for (const { integration, incoming, day, currency } of items) {
    const { event } = incoming;
    const row = {
      teamId: integration.teamId,
      integrationId: integration.id,
      adamId: integration.adamId,
      day,
      network: event.network,
      campaignId: event.campaignId ?? 0,
      adGroupId: event.adGroupId ?? 0,
      keywordId: event.keywordId ?? 0,
      kind: event.kind,
      eventName: event.eventName,
      eventType: event.eventType,
      daysSinceInstall: daysSinceInstall(event),
    };
    const key = [
      row.teamId,
      row.integrationId,
      row.day,
      row.network,
      row.campaignId,
      row.adGroupId,
      row.keywordId,
      row.kind,
      row.eventName,
      row.daysSinceInstall,
    ].join('\u0000');
    const revenue = event.revenue ? convertedMicros(rates, event.revenue, currency, day) : 0;
    const group = groups.get(key);
    if (group) {
      group.count += 1;
      group.revenueMicros += revenue;
    } else groups.set(key, { ...row, count: 1, revenueMicros: revenue });
  }
  // Rows locked in one order by every writer: concurrent transactions cannot deadlock.
  const rows = [...groups.entries()]
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
    .map(([, row]) => row);
  await db.execute(sql`
    insert into attribution_daily (team_id, integration_id, adam_id, day, network, campaign_id,
      ad_group_id, keyword_id, kind, event_name, event_type, days_since_install, count,
      revenue_micros)
    select * from unnest(
      ${pgArray(rows.map((r) => r.teamId))}::uuid[],
      ${pgArray(rows.map((r) => r.integrationId))}::uuid[],
      ${pgArray(rows.map((r) => r.adamId))}::bigint[],
      ${pgArray(rows.map((r) => r.day))}::date[],
      ${pgArray(rows.map((r) => r.network))}::text[],
      ${pgArray(rows.map((r) => r.campaignId))}::bigint[],
      ${pgArray(rows.map((r) => r.adGroupId))}::bigint[],
      ${pgArray(rows.map((r) => r.keywordId))}::bigint[],
      ${pgArray(rows.map((r) => r.kind))}::text[],
      ${pgArray(rows.map((r) => r.eventName))}::text[],
      ${pgArray(rows.map((r) => r.eventType ?? null))}::text[],
      ${pgArray(rows.map((r) => r.daysSinceInstall))}::smallint[],
      ${pgArray(rows.map((r) => r.count))}::integer[],
      ${pgArray(rows.map((r) => r.revenueMicros))}::bigint[]
    )
    on conflict on constraint attribution_daily_pk do update set
      count = attribution_daily.count + excluded.count,
      revenue_micros = attribution_daily.revenue_micros + excluded.revenue_micros,
      event_type = coalesce(attribution_daily.event_type, excluded.event_type)`);
}

interface CandidateEvent {
  integration: StoreIntegration;
  incoming: IncomingEvent;
  dedupeKey: string;
  day: string;
}

/**
 * One INSERT … SELECT FROM unnest(arrays) ON CONFLICT DO NOTHING for every candidate: a statement
 * of fixed size whatever the number of rows (a multi-row VALUES of hundreds of rows costs more to
 * build than to run). The keys of the rows actually inserted come back.
 */
async function insertEvents(db: Database, candidates: readonly CandidateEvent[]) {
  const column = (value: (item: CandidateEvent) => string | number | null) =>
    pgArray(candidates.map(value));
  const result = await db.execute<{ integration_id: string; dedupe_key: string }>(sql`
    insert into attribution_events (team_id, integration_id, adam_id, dedupe_key, kind,
      event_name, event_type, network, campaign_id, ad_group_id, keyword_id, country_or_region,
      event_time, install_time, day, days_since_install, revenue_micros, revenue_currency, raw)
    select * from unnest(
      ${column((c) => c.integration.teamId)}::uuid[],
      ${column((c) => c.integration.id)}::uuid[],
      ${column((c) => c.integration.adamId)}::bigint[],
      ${column((c) => c.dedupeKey)}::text[],
      ${column((c) => c.incoming.event.kind)}::text[],
      ${column((c) => c.incoming.event.eventName)}::text[],
      ${column((c) => c.incoming.event.eventType)}::text[],
      ${column((c) => c.incoming.event.network)}::text[],
      ${column((c) => c.incoming.event.campaignId)}::bigint[],
      ${column((c) => c.incoming.event.adGroupId)}::bigint[],
      ${column((c) => c.incoming.event.keywordId)}::bigint[],
      ${column((c) => c.incoming.event.countryOrRegion)}::text[],
      ${column((c) => c.incoming.event.eventTime)}::timestamptz[],
      ${column((c) => c.incoming.event.installTime)}::timestamptz[],
      ${column((c) => c.day)}::date[],
      ${column((c) => daysSinceInstall(c.incoming.event))}::smallint[],
      ${column((c) => (c.incoming.event.revenue ? toMicros(c.incoming.event.revenue.amount) : null))}::bigint[],
      ${column((c) => c.incoming.event.revenue?.currency ?? null)}::text[],
      ${column((c) => (c.incoming.raw === undefined || c.incoming.raw === null ? null : JSON.stringify(c.incoming.raw)))}::jsonb[]
    )
    on conflict (integration_id, dedupe_key) do nothing
    returning integration_id, dedupe_key`);
  return result.rows.map((row) => ({
    integrationId: row.integration_id,
    dedupeKey: row.dedupe_key,
  }));
}

/**
 * A PostgreSQL array literal of text, numbers and nulls, passed as ONE parameter and cast by the
 * statement (`::uuid[]`, `::jsonb[]`…): every element quoted, `"` and `\` escaped.
 */
export function pgArray(values: readonly (string | number | null | undefined)[]): string {
  const elements = values.map((value) =>
    value === null || value === undefined
      ? 'NULL'
      : `"${String(value).replace(/\\/g, '\\\\').replace(/"/g, '\\"')}"`,
  );
  return `{${elements.join(',')}}`;
}

/** The ad account (time zone, currency) of each attributed campaign, by `teamId:campaignId`. */
async function accountsOfCampaigns(
  db: Database,
  items: readonly { integration: StoreIntegration; incoming: IncomingEvent }[],
) {
  const byTeam = new Map<string, Set<number>>();
  for (const { integration, incoming } of items) {
    const { campaignId, network } = incoming.event;
    if (network !== 'APPLE_ADS' || campaignId === null) continue;
    const ids = byTeam.get(integration.teamId) ?? new Set<number>();
    ids.add(campaignId);
    byTeam.set(integration.teamId, ids);
  }
  const accounts = new Map<string, { timeZone: string; currency: string }>();
  for (const [teamId, ids] of byTeam) {
    const rows = await db
      .select({
        campaignId: campaigns.id,
        timeZone: adAccounts.timeZone,
        currency: adAccounts.currency,
      })
      .from(campaigns)
      .innerJoin(
        adAccounts,
        and(
          eq(adAccounts.teamId, campaigns.teamId),
          eq(adAccounts.adAccountId, campaigns.adAccountId),
        ),
      )
      .where(and(eq(campaigns.teamId, teamId), inArray(campaigns.id, [...ids])));
    for (const row of rows) accounts.set(`${teamId}:${row.campaignId}`, row);
  }
  return accounts;
}

/**
 * The rates needed to convert every revenue to its account's currency on its day: those of the
 * days (and the week before, for weekends and holidays), and, for a currency without a recent
 * rate, its last rate whatever its age (better an old rate than revenue counted as nothing).
 */
async function ratesFor(
  db: Database,
  items: readonly { incoming: IncomingEvent; day: string; currency: string }[],
): Promise<RatesHistory> {
  const needed = new Set<string>();
  let first: string | null = null;
  let last: string | null = null;
  for (const { incoming, day, currency } of items) {
    const revenue = incoming.event.revenue;
    if (!revenue || revenue.currency === currency) continue;
    needed.add(revenue.currency).add(currency);
    if (first === null || day < first) first = day;
    if (last === null || day > last) last = day;
  }
  needed.delete('EUR');
  if (needed.size === 0 || first === null || last === null) return new RatesHistory([]);
  const currencies = [...needed];
  const recent = await db
    .select({
      date: exchangeRates.date,
      currency: exchangeRates.currency,
      unitsPerEuro: exchangeRates.unitsPerEuro,
    })
    .from(exchangeRates)
    .where(
      and(
        inArray(exchangeRates.currency, currencies),
        sql`${exchangeRates.date} between ${addDays(first, -7)} and ${last}`,
      ),
    );
  const latest = await db
    .selectDistinctOn([exchangeRates.currency], {
      date: exchangeRates.date,
      currency: exchangeRates.currency,
      unitsPerEuro: exchangeRates.unitsPerEuro,
    })
    .from(exchangeRates)
    .where(and(inArray(exchangeRates.currency, currencies), sql`${exchangeRates.date} <= ${last}`))
    .orderBy(exchangeRates.currency, sql`${exchangeRates.date} desc`);
  return new StaleTolerantRates(recent, latest);
}

/** Rates by the last-published rule, falling back to the last rate known of a currency. */
class StaleTolerantRates extends RatesHistory {
  private readonly lastKnown: Map<string, { date: string; currency: string; unitsPerEuro: number }>;

  constructor(
    recent: { date: string; currency: string; unitsPerEuro: number }[],
    latest: { date: string; currency: string; unitsPerEuro: number }[],
  ) {
    super(recent);
    this.lastKnown = new Map(latest.map((rate) => [rate.currency, rate]));
  }

  override rateOn(currency: string, day: string) {
    return super.rateOn(currency, day) ?? this.lastKnown.get(currency) ?? null;
  }
}

/** Micros of the account's currency; 0 when no rate of the currency was ever stored. */
function convertedMicros(
  rates: RatesHistory,
  revenue: { amount: number; currency: string },
  currency: string,
  day: string,
): number {
  const micros = toMicros(revenue.amount);
  const factor = rates.factorOn(revenue.currency, currency, day);
  return factor === null ? 0 : convertMicros(micros, factor);
}

const toMicros = (amount: number) => Math.round(amount * 1_000_000);

/** Whole days from install to event; 0 without an install time (or for an event before it). */
export function daysSinceInstall(event: Pick<AttributedEvent, 'eventTime' | 'installTime'>) {
  if (!event.installTime) return 0;
  const days = Math.floor((Date.parse(event.eventTime) - Date.parse(event.installTime)) / DAY_MS);
  return Math.min(Math.max(days, 0), MAX_DAYS_SINCE_INSTALL);
}

const dayFormats = new Map<string, Intl.DateTimeFormat>();

/** The calendar day of an instant in a time zone (UTC for a zone the runtime does not know). */
export function dayIn(instant: string, timeZone: string): string {
  let format = dayFormats.get(timeZone);
  if (!format) {
    try {
      format = new Intl.DateTimeFormat('en-CA', {
        timeZone,
        year: 'numeric',
        month: '2-digit',
        day: '2-digit',
      });
    } catch {
      return new Date(instant).toISOString().slice(0, 10);
    }
    dayFormats.set(timeZone, format);
  }
  return format.format(new Date(instant));
}

/** `id:<partner id>`, or `sha256:<hash of the payload with its keys sorted>`. */
export function dedupeKeyOf({ event, raw }: IncomingEvent): string {
  if (event.eventId) return `id:${event.eventId}`;
  return `sha256:${createHash('sha256').update(canonicalJson(raw)).digest('hex')}`;
}

/** JSON with object keys sorted at every level: equal payloads give equal text. */
export function canonicalJson(value: unknown): string {
  if (value === null || typeof value !== 'object') return JSON.stringify(value ?? null);
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  const entries = Object.entries(value as Record<string, unknown>)
    .filter(([, item]) => item !== undefined)
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  return `{${entries.map(([key, item]) => `${JSON.stringify(key)}:${canonicalJson(item)}`).join(',')}}`;
}
