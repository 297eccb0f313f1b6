// Saved choices of the overview, each a member's own within one company: chart presets (metrics
// and granularity) and overview presets (a period, optionally an app). Saving one again under
// the same name replaces it.
import { bigint, index, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { SERIES_GRANULARITIES } from '@tapwise/contracts';
import { users } from '../accounts/accounts.tables';
import { teams } from '../teams/teams.tables';

/** Columns of anything a member saves for themselves in one company. */
export const ownedByMember = () => ({
  id: uuid('id').primaryKey().defaultRandom(),
  teamId: uuid('team_id')
    .notNull()
    .references(() => teams.id, { onDelete: 'cascade' }),
  userId: uuid('user_id')
    .notNull()
    .references(() => users.id, { onDelete: 'cascade' }),
  name: text('name').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

export const chartPresets = pgTable(
  'chart_presets',
  {
    ...ownedByMember(),
    metrics: text('metrics').array().notNull(),
    granularity: text('granularity', { enum: SERIES_GRANULARITIES }).notNull(),
  },
  (t) => [
    uniqueIndex('chart_presets_owner_name_idx').on(t.teamId, t.userId, t.name),
    index('chart_presets_user_idx').on(t.userId),
  ],
);

export const overviewPresets = pgTable(
  'overview_presets',
  {
    ...ownedByMember(),
    period: text('period').notNull(),
    adAccountId: bigint('ad_account_id', { mode: 'number' }),
    adamId: bigint('adam_id', { mode: 'number' }),
  },
  (t) => [
    uniqueIndex('overview_presets_owner_name_idx').on(t.teamId, t.userId, t.name),
    index('overview_presets_user_idx').on(t.userId),
  ],
);
