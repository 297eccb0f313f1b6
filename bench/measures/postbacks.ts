// Postbacks under load: autocannon, in a process of its own, POSTs AppsFlyer Push API messages
// (each with an event id of its own) to one integration's postback URL from many connections for
// a fixed time. Postbacks stored per second, p50 and p99 latency, errors, and the postbacks lost:
// answered 200 but not found in attribution_events (or in the attribution_daily counts).
import { and, eq, inArray, sql } from 'drizzle-orm';
import {
  attributionDaily,
  attributionEvents,
  attributionIntegrations,
} from '../../apps/server/src/modules/attribution/attribution.tables.js';
import { createAttrIntegration } from '../../apps/server/src/modules/attribution/attribution-factories.js';
import { campaigns } from '../../apps/server/src/modules/ads-data/ads-entities.tables.js';
import type { AppContext } from '../../apps/server/src/modules/app-context.js';
import { autocannon, type AutocannonResult } from '../support/autocannon.js';
import type { BenchDataset } from '../support/bench-dataset.js';
import { onPostgres, type Figure } from '../support/figures.js';

/** The rate: postbacks per second a partner integration must absorb. */
const SUSTAINED_RATE = 3_000;

export interface PostbackLoadOptions {
  connections: number;
  seconds: number;
}

export async function measurePostbacks(
  dataset: BenchDataset,
  serverUrl: string,
  context: AppContext,
  { connections, seconds }: PostbackLoadOptions,
): Promise<Figure[]> {
  const { db } = dataset.database;
  const { adamId } = dataset.scope;
  // A reused dataset keeps the integration of an earlier run: start from none.
  const earlier = await db
    .select({ id: attributionIntegrations.id })
    .from(attributionIntegrations)
    .where(
      and(
        eq(attributionIntegrations.teamId, dataset.teamId),
        eq(attributionIntegrations.adamId, adamId),
        eq(attributionIntegrations.partner, 'APPSFLYER'),
      ),
    );
  const earlierIds = earlier.map((row) => row.id);
  if (earlierIds.length) {
    await db.delete(attributionEvents).where(inArray(attributionEvents.integrationId, earlierIds));
    await db.delete(attributionDaily).where(inArray(attributionDaily.integrationId, earlierIds));
    await db.delete(attributionIntegrations).where(inArray(attributionIntegrations.id, earlierIds));
  }
  const integration = await createAttrIntegration(db, context.secrets, {
    teamId: dataset.teamId,
    adamId,
    partner: 'APPSFLYER',
  });
  const [campaign] = await db
    .select({ id: campaigns.id })
    .from(campaigns)
    .where(and(eq(campaigns.teamId, dataset.teamId), eq(campaigns.adamId, adamId)))
    .limit(1);
  const url = `${serverUrl}/v1/api/postbacks/${integration.key}`;
  const body = (id: string) =>
    JSON.stringify({
      event_id: id,
      event_name: 'af_start_trial',
      event_time: `${dataset.scope.currdate.end} 12:00:00.000`,
      install_time: `${dataset.scope.currdate.start} 09:00:00.000`,
      media_source: 'Apple Search Ads',
      af_c_id: String(campaign?.id ?? 1),
      appsflyer_id: '1700000000000-1234567',
      country_code: 'US',
    });

  // One by hand first: autocannon counts any 2xx as done.
  const probe = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: body('bench-probe'),
  });
  const probeAnswer = (await probe.json()) as unknown;
  if (probe.status !== 200)
    throw new Error(`the probe postback failed: ${JSON.stringify(probeAnswer)}`);

  // [<id>] becomes a fresh id in every request: each postback is a distinct event.
  const load = (extra: string[]) =>
    autocannon([
      '--connections',
      String(connections),
      '--duration',
      String(seconds),
      '--method',
      'POST',
      '--headers',
      'content-type=application/json',
      '--idReplacement',
      '--body',
      body('bench-[<id>]'),
      ...extra,
      url,
    ]);
  // The throughput target as fast as the connections can go (which also warms the server up),
  // then the latency target at the rate the issue names (an open rate, as partners send).
  const flat = await load([]);
  const sustained = await load(['--overallRate', String(SUSTAINED_RATE)]);

  // Requests still in flight when autocannon stopped are stored after it: count once the store
  // has gone quiet, both counts from one snapshot.
  const counts = async () => {
    const [row] = await db
      .select({
        events: sql<number>`(select count(*) from ${attributionEvents} where ${attributionEvents.integrationId} = ${integration.id})::int`,
        daily: sql<number>`(select coalesce(sum(${attributionDaily.count}), 0) from ${attributionDaily} where ${attributionDaily.integrationId} = ${integration.id})::int`,
      })
      .from(sql`(select 1) as one`);
    return row!;
  };
  let stored = await counts();
  for (;;) {
    await new Promise((resolve) => setTimeout(resolve, 500));
    const again = await counts();
    if (again.events === stored.events && again.daily === stored.daily) break;
    stored = again;
  }
  const events = { n: stored.events };
  const daily = { n: stored.daily };
  const answered = sustained['2xx'] + flat['2xx'] + 1;
  const lost = Math.max(answered - events.n, answered - daily.n, 0);

  const group = 'Postbacks';
  const engine = dataset.database.engine;
  const detail = (result: AutocannonResult, how: string) =>
    `AppsFlyer JSON, ${connections} connections, ${seconds} s ${how}, ${result.requests.total.toLocaleString('en-US')} requests`;
  const atRate = detail(sustained, `at ${SUSTAINED_RATE.toLocaleString('en-US')}/s offered`);
  const flatOut = detail(flat, 'flat out');
  return [
    {
      group,
      name: 'postbacks stored per second, flat out',
      value: flat.requests.average,
      unit: 'req/s',
      ...onPostgres(engine, { is: '>=', value: SUSTAINED_RATE, source: 'issue' }),
      detail: flatOut,
    },
    {
      group,
      name: `postbacks stored per second at ${SUSTAINED_RATE.toLocaleString('en-US')}/s offered`,
      value: sustained.requests.average,
      unit: 'req/s',
      ...onPostgres(engine, { is: '>=', value: SUSTAINED_RATE * 0.98, source: 'issue' }),
      detail: atRate,
    },
    {
      group,
      name: 'p50 latency at the offered rate',
      value: sustained.latency.p50,
      unit: 'ms',
      detail: atRate,
    },
    {
      group,
      name: 'p99 latency at the offered rate',
      value: sustained.latency.p99,
      unit: 'ms',
      ...onPostgres(engine, { is: '<', value: 100, source: 'issue' }),
      detail: atRate,
    },
    { group, name: 'p99 latency flat out', value: flat.latency.p99, unit: 'ms', detail: flatOut },
    {
      group,
      name: 'errors',
      value: [sustained, flat].reduce((sum, r) => sum + r.errors + r.timeouts + r.non2xx, 0),
      unit: 'count',
      target: { is: '=', value: 0, source: 'budget' },
      detail: 'failed connections, timeouts, non-2xx answers',
    },
    {
      group,
      name: 'postbacks lost',
      value: lost,
      unit: 'count',
      target: { is: '=', value: 0, source: 'issue' },
      detail: `${answered.toLocaleString('en-US')} answered 200, ${events.n.toLocaleString('en-US')} events stored, ${daily.n.toLocaleString('en-US')} counted daily`,
    },
    {
      group,
      name: 'daily counts out of step with the events',
      value: Math.abs(daily.n - events.n),
      unit: 'count',
      target: { is: '=', value: 0, source: 'issue' },
      detail: 'each stored event counted once in attribution_daily',
    },
  ];
}
