// Bulk actions of the ads manager: one row per action, its progress and, once finished, the
// outcome of every row. The job that runs it is the only writer after creation.
import { index, integer, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import type { WriteRowResult } from '@tapwise/contracts';
import { users } from '../accounts/accounts.tables';
import { teams } from '../teams/teams.tables';

export const bulkActions = pgTable(
  'bulk_actions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    teamId: uuid('team_id')
      .notNull()
      .references(() => teams.id, { onDelete: 'cascade' }),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
    /** The validated input the job carries out (a StatusChangeInput and the like). */
    request: jsonb('request').notNull(),
    total: integer('total').notNull(),
    done: integer('done').notNull().default(0),
    status: text('status', { enum: ['RUNNING', 'DONE', 'FAILED'] })
      .notNull()
      .default('RUNNING'),
    results: jsonb('results').$type<WriteRowResult[]>(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
  },
  (t) => [index('bulk_actions_team_created_idx').on(t.teamId, t.createdAt)],
);
