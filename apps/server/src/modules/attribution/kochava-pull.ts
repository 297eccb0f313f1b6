// The Kochava pull (docs/attribution.md, Kochava pull): reads the app's installs and events from
// Kochava's Reporting API day by day, from the day after the last day pulled (or hydrate_date)
// through yesterday (UTC), stores them as attributed events and advances kochava_pulled_through.
// A failure marks the integration FAILED with a message (never the key); the next run retries,
// and a success makes it ACTIVE again.
import { GOAL_EVENT_TYPES, type AttributedEvent, type GoalEventType } from '@tapwise/contracts';
import type { JobContext } from '../job-context';
import {
  findAttrIntegration,
  updateAttrIntegration,
  type AttrIntegrationRow,
} from './attribution.repository';
import { storeAttributedEvents } from './event-store';
import {
  createKochavaClient,
  KochavaError,
  kochavaBaseUrlFor,
  type KochavaClient,
  type KochavaRow,
  type KochavaTraffic,
} from './kochava-client';

/** Days per report: Kochava takes at most 100; smaller windows keep progress on failures. */
const DAYS_PER_REPORT = 31;
const DAY_MS = 86_400_000;
const STORE_BATCH = 500;

export type KochavaPullContext = Pick<JobContext, 'db' | 'config' | 'secrets' | 'logger'>;

export interface KochavaPullResult {
  status: 'ACTIVE' | 'FAILED' | 'UP_TO_DATE';
  stored: number;
  duplicates: number;
  pulledThrough: string | null;
}

const addDays = (day: string, days: number) =>
  new Date(Date.parse(`${day}T00:00:00Z`) + days * DAY_MS).toISOString().slice(0, 10);

function trafficOf(type: AttrIntegrationRow['kochavaType']): KochavaTraffic[] {
  if (type === 'install') return ['install'];
  if (type === 'event') return ['event'];
  return ['install', 'event'];
}

const EVENT_TYPES = new Map(GOAL_EVENT_TYPES.map((type) => [type.toLowerCase(), type]));

/** A spec event type named as such ("Start Trial", "start_trial"), else null. */
export function kochavaEventType(name: string): GoalEventType | null {
  return (
    EVENT_TYPES.get(
      name
        .trim()
        .toLowerCase()
        .replace(/[_\s]+/g, ' '),
    ) ?? null
  );
}

const APPLE_NETWORK = /^(apple search ads|apple ads|apple search ads \(adservices\))$/i;
const NO_NETWORK = /^(|unattributed|organic|none)$/i;

/** One report row as the normalised event every partner's postback becomes. */
export function kochavaRowToEvent(row: KochavaRow, traffic: KochavaTraffic): AttributedEvent {
  const network = (row.network_name ?? '').trim();
  const apple = APPLE_NETWORK.test(network);
  const toIso = (seconds: number | undefined) =>
    seconds === undefined ? null : new Date(seconds * 1000).toISOString();
  const installTime = toIso(row.install_date_utc);
  const name = traffic === 'install' ? 'install' : (row.event_name ?? '').trim() || 'event';
  return {
    eventId:
      traffic === 'install'
        ? row.install_id
          ? `install:${row.install_id}`
          : null
        : row.event_id
          ? `event:${row.event_id}`
          : null,
    kind: traffic,
    eventName: name,
    eventType: traffic === 'install' ? null : kochavaEventType(name),
    network: apple ? 'APPLE_ADS' : NO_NETWORK.test(network) ? 'UNATTRIBUTED' : 'OTHER',
    campaignId: apple ? (row.iad_campaign_id ?? null) : null,
    adGroupId: apple ? (row.iad_adgroup_id ?? null) : null,
    keywordId: apple ? (row.iad_keyword_id ?? null) : null,
    countryOrRegion: row.country_code ? row.country_code.toUpperCase() : null,
    eventTime:
      (traffic === 'install' ? installTime : toIso(row.event_time_utc)) ??
      installTime ??
      new Date(0).toISOString(),
    installTime,
    revenue:
      row.revenue != null && row.revenue > 0 && row.currency
        ? { amount: row.revenue, currency: row.currency.toUpperCase() }
        : null,
  };
}

/** Runs one integration's pull up to yesterday; never throws for Kochava's failures. */
export async function runKochavaPull(
  ctx: KochavaPullContext,
  integration: AttrIntegrationRow,
  options: { now?: Date; client?: KochavaClient } = {},
): Promise<KochavaPullResult> {
  const now = options.now ?? new Date();
  const yesterday = addDays(now.toISOString().slice(0, 10), -1);
  const first = integration.kochavaPulledThrough
    ? addDays(integration.kochavaPulledThrough, 1)
    : integration.kochavaHydrateDate;
  const { teamId, id } = integration;
  if (!first || !integration.kochavaApiKeySealed || !integration.kochavaAppGuid)
    return fail(ctx, integration, 'The Kochava settings are incomplete; save them again.');
  if (first > yesterday)
    return {
      status: 'UP_TO_DATE',
      stored: 0,
      duplicates: 0,
      pulledThrough: integration.kochavaPulledThrough,
    };
  const client =
    options.client ?? createKochavaClient({ baseUrl: await kochavaBaseUrlFor(ctx, teamId) });
  const credentials = {
    apiKey: ctx.secrets.open(integration.kochavaApiKeySealed),
    appGuid: integration.kochavaAppGuid,
  };
  let stored = 0;
  let duplicates = 0;
  let pulledThrough = integration.kochavaPulledThrough;
  try {
    for (let start = first; start <= yesterday; start = addDays(start, DAYS_PER_REPORT)) {
      const last = [addDays(start, DAYS_PER_REPORT - 1), yesterday].sort()[0]!;
      const timeStart = Date.parse(`${start}T00:00:00Z`) / 1000;
      const timeEnd = Date.parse(`${addDays(last, 1)}T00:00:00Z`) / 1000;
      const events: { event: AttributedEvent; raw: unknown }[] = [];
      for (const traffic of trafficOf(integration.kochavaType)) {
        const rows = await client.detailReport(credentials, traffic, timeStart, timeEnd);
        for (const row of rows) events.push({ event: kochavaRowToEvent(row, traffic), raw: row });
      }
      const counts = { stored: 0, duplicates: 0 };
      // The store writes a batch in one statement: bounded batches stay under Postgres's limits.
      for (let offset = 0; offset < events.length; offset += STORE_BATCH) {
        const batch = await storeAttributedEvents(
          ctx.db,
          { id, teamId, adamId: integration.adamId },
          events.slice(offset, offset + STORE_BATCH),
        );
        counts.stored += batch.stored;
        counts.duplicates += batch.duplicates;
      }
      stored += counts.stored;
      duplicates += counts.duplicates;
      pulledThrough = last;
      await updateAttrIntegration(ctx.db, teamId, id, {
        kochavaPulledThrough: last,
        ...(counts.stored > 0 ? { lastEventAt: new Date() } : {}),
      });
    }
  } catch (error) {
    // Kochava's failures say what happened; anything else is logged and said generically.
    if (!(error instanceof KochavaError))
      ctx.logger.error({ err: error, integrationId: id }, 'Kochava pull failed unexpectedly');
    await fail(
      ctx,
      integration,
      error instanceof KochavaError
        ? error.message
        : 'The Kochava pull failed; it is tried again on the next run.',
    );
    return { status: 'FAILED', stored, duplicates, pulledThrough };
  }
  // Disabled (or deleted) while it ran: the user's choice stands.
  const current = await findAttrIntegration(ctx.db, teamId, id);
  if (current?.status === 'ACTIVE' || current?.status === 'FAILED')
    await updateAttrIntegration(ctx.db, teamId, id, {
      status: 'ACTIVE',
      lastError: null,
      lastErrorAt: null,
    });
  return { status: 'ACTIVE', stored, duplicates, pulledThrough };
}

async function fail(
  ctx: KochavaPullContext,
  integration: AttrIntegrationRow,
  message: string,
): Promise<KochavaPullResult> {
  ctx.logger.warn({ integrationId: integration.id, message }, 'Kochava pull failed');
  await updateAttrIntegration(ctx.db, integration.teamId, integration.id, {
    status: 'FAILED',
    lastError: message,
    lastErrorAt: new Date(),
  });
  return {
    status: 'FAILED',
    stored: 0,
    duplicates: 0,
    pulledThrough: integration.kochavaPulledThrough,
  };
}
