import { boolean, index, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';

/** What a change sent to Apple Ads did: the entity, its values before and after, the screen. */
export interface RecordedChange {
  level: string;
  adAccountId: number;
  entityId: string;
  before: Record<string, unknown> | null;
  after: Record<string, unknown> | null;
  source: string;
}

/** The activity log of spec 2 §3.7: what happened in a company, shown in the SA panel and feeds. */
export const activityLogs = pgTable(
  'activity_logs',
  {
    logId: uuid('log_id').primaryKey().defaultRandom(),
    teamId: uuid('team_id').notNull(),
    userId: uuid('user_id'),
    /** The super admin who acted as userId, when the action was taken while impersonating. */
    impersonatorId: uuid('impersonator_id'),
    logType: text('log_type').notNull(),
    message: text('message').notNull(),
    watched: boolean('watched').notNull().default(false),
    featureName: text('feature_name'),
    featurePath: text('feature_path'),
    /** Set for changes sent to Apple Ads. */
    change: jsonb('change').$type<RecordedChange>(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('activity_logs_team_created_idx').on(table.teamId, table.createdAt),
    index('activity_logs_created_idx').on(table.createdAt),
  ],
);
