// The event store on a real database: each event counted once however often and in whatever
// order it arrives, on its own day in the attributed ad account's time zone, its revenue converted
// into the account's currency at the day's rate.
import type { AttributedEvent } from '@tapwise/contracts';
import { eq, sql } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSecretBox } from '../../platform/crypto/secret-box';
import { createCompany } from '../../platform/testing/factories';
import { createTestDatabase, type TestDatabase } from '../../platform/testing/test-database';
import { seedAppleAdsApp, type SeededApp } from '../analytics/overview-factories';
import { exchangeRates } from '../currencies/currencies.tables';
import { createAttrIntegration, type FactoryAttrIntegration } from './attribution-factories';
import { attributionDaily, attributionEvents } from './attribution.tables';
import { storeAttributedEvents, storeEventBatches, type IncomingEvent } from './event-store';

let database: TestDatabase;
let app: SeededApp;
const secrets = createSecretBox(Buffer.alloc(32, 7));

beforeAll(async () => {
  database = await createTestDatabase();
  const team = await createCompany(database.db);
  // Tokyo (UTC+9) in euros: a 20:00 UTC event is the next day there.
  app = await seedAppleAdsApp(database.db, team.id, { currency: 'EUR', timeZone: 'Asia/Tokyo' });
  await database.db.insert(exchangeRates).values([
    { source: 'ECB', currency: 'USD', date: '2026-03-02', unitsPerEuro: 1.25 },
    { source: 'ECB', currency: 'USD', date: '2026-03-09', unitsPerEuro: 2 },
  ]);
});
afterAll(async () => {
  await database?.close();
});

// One integration per app and partner: each test's integration stands for another app.
let apps = 0;
const newIntegration = () =>
  createAttrIntegration(database.db, secrets, { teamId: app.teamId, adamId: 900_000 + ++apps });

function appleEvent(overrides: Partial<AttributedEvent> = {}): AttributedEvent {
  return {
    eventId: null,
    kind: 'event',
    eventName: 'Start Trial',
    eventType: 'Start Trial',
    network: 'APPLE_ADS',
    campaignId: app.campaignId,
    adGroupId: app.adGroupId,
    keywordId: app.keywordId,
    countryOrRegion: 'US',
    eventTime: '2026-03-03T10:00:00Z',
    installTime: '2026-03-01T12:00:00Z',
    revenue: null,
    ...overrides,
  };
}

const incoming = (event: AttributedEvent): IncomingEvent => ({ event, raw: { ...event } });

async function countsOf(integration: FactoryAttrIntegration) {
  const [events] = await database.db
    .select({ n: sql<number>`count(*)::int` })
    .from(attributionEvents)
    .where(eq(attributionEvents.integrationId, integration.id));
  const [daily] = await database.db
    .select({ n: sql<number>`coalesce(sum(${attributionDaily.count}), 0)::int` })
    .from(attributionDaily)
    .where(eq(attributionDaily.integrationId, integration.id));
  return { events: events!.n, daily: daily!.n };
}

describe('storeAttributedEvents', () => {
  it('stores an event once: by the partner id, else by the payload hash', async () => {
    const integration = await newIntegration();
    const withId = incoming(appleEvent({ eventId: 'evt-1' }));
    const noId = incoming(appleEvent({ eventName: 'af_start_trial' }));
    expect(await storeAttributedEvents(database.db, integration, [withId, noId])).toEqual({
      stored: 2,
      duplicates: 0,
    });
    // The same id with another payload, the same payload again, and a copy within one call.
    const sameId = incoming(appleEvent({ eventId: 'evt-1', eventTime: '2026-03-04T00:00:00Z' }));
    expect(
      await storeAttributedEvents(database.db, integration, [sameId, noId, incoming(noId.event)]),
    ).toEqual({ stored: 0, duplicates: 3 });
    expect(await countsOf(integration)).toEqual({ events: 2, daily: 2 });
  });

  it("dates an event in its ad account's time zone, UTC when unattributed, and counts days since install", async () => {
    const integration = await newIntegration();
    await storeAttributedEvents(database.db, integration, [
      incoming(appleEvent({ eventId: 'tokyo', eventTime: '2026-03-03T20:00:00Z' })),
      incoming(
        appleEvent({
          eventId: 'organic',
          network: 'UNATTRIBUTED',
          campaignId: null,
          adGroupId: null,
          keywordId: null,
          eventTime: '2026-03-03T20:00:00Z',
        }),
      ),
      // Days later, and before the others arrived: its own day.
      incoming(appleEvent({ eventId: 'late', eventTime: '2026-03-10T01:00:00Z' })),
    ]);
    const rows = await database.db
      .select({
        day: attributionEvents.day,
        dedupeKey: attributionEvents.dedupeKey,
        days: attributionEvents.daysSinceInstall,
      })
      .from(attributionEvents)
      .where(eq(attributionEvents.integrationId, integration.id))
      .orderBy(attributionEvents.dedupeKey);
    expect(rows).toEqual([
      { dedupeKey: 'id:late', day: '2026-03-10', days: 8 },
      { dedupeKey: 'id:organic', day: '2026-03-03', days: 2 },
      { dedupeKey: 'id:tokyo', day: '2026-03-04', days: 2 },
    ]);
    const daily = await database.db
      .select({ day: attributionDaily.day, network: attributionDaily.network })
      .from(attributionDaily)
      .where(eq(attributionDaily.integrationId, integration.id))
      .orderBy(attributionDaily.day, attributionDaily.network);
    expect(daily).toEqual([
      { day: '2026-03-03', network: 'UNATTRIBUTED' },
      { day: '2026-03-04', network: 'APPLE_ADS' },
      { day: '2026-03-10', network: 'APPLE_ADS' },
    ]);
  });

  it("converts revenue into the account's currency at the event day's rate and keeps the original", async () => {
    const integration = await newIntegration();
    const revenue = { amount: 10, currency: 'USD' };
    await storeAttributedEvents(database.db, integration, [
      incoming(appleEvent({ eventId: 'r1', eventName: 'Revenue-Purchase', revenue })),
      incoming(
        appleEvent({
          eventId: 'r2',
          eventName: 'Revenue-Purchase',
          revenue,
          eventTime: '2026-03-09T12:00:00Z',
        }),
      ),
      // Unattributed: counted in USD, unconverted.
      incoming(
        appleEvent({
          eventId: 'r3',
          eventName: 'Revenue-Purchase',
          network: 'OTHER',
          campaignId: null,
          revenue,
        }),
      ),
    ]);
    const daily = await database.db
      .select({ day: attributionDaily.day, micros: attributionDaily.revenueMicros })
      .from(attributionDaily)
      .where(eq(attributionDaily.integrationId, integration.id))
      .orderBy(attributionDaily.day, attributionDaily.revenueMicros);
    // 10 USD at 1.25 USD/EUR = 8 EUR; a week later at 2 USD/EUR = 5 EUR.
    expect(daily).toEqual([
      { day: '2026-03-03', micros: 8_000_000 },
      { day: '2026-03-03', micros: 10_000_000 },
      { day: '2026-03-09', micros: 5_000_000 },
    ]);
    const kept = await database.db
      .select({
        micros: attributionEvents.revenueMicros,
        currency: attributionEvents.revenueCurrency,
      })
      .from(attributionEvents)
      .where(eq(attributionEvents.integrationId, integration.id));
    expect(kept).toEqual(Array(3).fill({ micros: 10_000_000, currency: 'USD' }));
  });

  it('answers each batch of one transaction for its own events', async () => {
    const a = await newIntegration();
    const b = await newIntegration();
    const shared = incoming(appleEvent({ eventId: 'shared' }));
    const results = await storeEventBatches(database.db, [
      { integration: a, events: [shared] },
      { integration: a, events: [shared, incoming(appleEvent({ eventId: 'other' }))] },
      { integration: b, events: [shared] },
    ]);
    expect(results).toEqual([
      { stored: 1, duplicates: 0 },
      { stored: 1, duplicates: 1 },
      { stored: 1, duplicates: 0 },
    ]);
  });

  it('counts the distinct events whatever the replays, order and duplicates (property)', async () => {
    const names = ['Start Trial', 'af_purchase', 'install', 'Registration Complete'];
    const eventArb = fc.record({
      id: fc.option(fc.integer({ min: 1, max: 30 }), { nil: null }),
      name: fc.constantFrom(...names),
      dayOffset: fc.integer({ min: 0, max: 20 }),
      hour: fc.integer({ min: 0, max: 23 }),
      attributed: fc.boolean(),
    });
    await fc.assert(
      fc.asyncProperty(
        fc.array(eventArb, { minLength: 1, maxLength: 25 }),
        fc.array(fc.nat(), { maxLength: 40 }),
        fc.integer({ min: 1, max: 6 }),
        async (specs, picks, chunk) => {
          const integration = await newIntegration();
          const events = specs.map((spec) =>
            incoming(
              appleEvent({
                eventId: spec.id === null ? null : `e${spec.id}`,
                eventName: spec.name,
                eventTime: new Date(
                  Date.parse('2026-03-02T00:00:00Z') +
                    spec.dayOffset * 86_400_000 +
                    spec.hour * 3_600_000,
                ).toISOString(),
                ...(spec.attributed
                  ? {}
                  : {
                      network: 'UNATTRIBUTED',
                      campaignId: null,
                      adGroupId: null,
                      keywordId: null,
                    }),
              }),
            ),
          );
          // Distinct by the store's rule: the id when there is one, else the payload.
          const distinct = new Set(
            events.map((e) => (e.event.eventId ? e.event.eventId : JSON.stringify(e.raw))),
          ).size;
          // Every event at least once, then picked ones again, in a shuffled order, in chunks.
          const sent = [...events, ...picks.map((pick) => events[pick % events.length]!)];
          const order = sent
            .map((event, index) => ({ event, key: (index * 7919 + picks.length * 31) % 1009 }))
            .sort((x, y) => x.key - y.key)
            .map(({ event }) => event);
          let stored = 0;
          for (let at = 0; at < order.length; at += chunk)
            stored += (
              await storeAttributedEvents(database.db, integration, order.slice(at, at + chunk))
            ).stored;
          // Replaying everything once more changes nothing.
          const again = await storeAttributedEvents(database.db, integration, sent);
          expect(again.stored).toBe(0);
          expect(stored).toBe(distinct);
          expect(await countsOf(integration)).toEqual({ events: distinct, daily: distinct });
        },
      ),
      { numRuns: 25, seed: 23 },
    );
  });
});
