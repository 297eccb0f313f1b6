// Test support for goals: goals and attribution_daily rows written straight into their tables
// (postbacks and the Kochava pull fill them in the product), for cases whose counts a test
// computes by hand. Integrations come from createAttrIntegration (attribution-factories).
import { randomUUID } from 'node:crypto';
import type { GoalEventType, GoalType } from '@tapwise/contracts';
import type { Database } from '../../platform/db/database';
import { attributionDaily } from '../attribution/attribution.tables';
import { goals } from './goals.tables';

export async function seedGoal(
  db: Database,
  teamId: string,
  goal: {
    adamId: number;
    name?: string;
    type?: GoalType;
    events?: GoalEventType[];
    daysSinceInstall?: number;
  },
) {
  const [row] = await db
    .insert(goals)
    .values({
      teamId,
      adamId: goal.adamId,
      name: goal.name ?? `Goal ${randomUUID().slice(0, 8)}`,
      type: goal.type ?? 'user engagement',
      events: goal.events ?? ['Start Trial'],
      daysSinceInstall: goal.daysSinceInstall ?? 7,
    })
    .returning();
  return row!;
}

export interface DailyRow {
  day: string;
  kind: 'install' | 'event';
  campaignId: number;
  adGroupId?: number;
  keywordId?: number;
  eventName?: string;
  eventType?: string | null;
  daysSinceInstall?: number;
  count: number;
  revenueMicros?: number;
  network?: 'APPLE_ADS' | 'OTHER' | 'UNATTRIBUTED';
}

/** attribution_daily rows of one integration; ids default to 0 (none), as the table keeps them. */
export async function seedAttributionDaily(
  db: Database,
  integration: { id: string; teamId: string; adamId: number },
  rows: readonly DailyRow[],
) {
  if (!rows.length) return;
  await db.insert(attributionDaily).values(
    rows.map((row) => ({
      teamId: integration.teamId,
      integrationId: integration.id,
      adamId: integration.adamId,
      day: row.day,
      network: (row.network ?? 'APPLE_ADS') as never,
      campaignId: row.campaignId,
      adGroupId: row.adGroupId ?? 0,
      keywordId: row.keywordId ?? 0,
      kind: row.kind,
      eventName:
        row.eventName ?? (row.kind === 'install' ? 'install' : (row.eventType ?? 'custom')),
      eventType: row.eventType ?? null,
      daysSinceInstall: row.daysSinceInstall ?? 0,
      count: row.count,
      revenueMicros: row.revenueMicros ?? 0,
    })),
  );
}
