// The onboarding checklist (spec 2 §3.5): which flags a member has ticked in a company, and when.
import { CHECKLIST_FLAGS } from '@tapwise/contracts';
import { pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from '../accounts/accounts.tables';
import { teams } from '../teams/teams.tables';

export const checklistTicks = pgTable(
  'checklist_ticks',
  {
    teamId: uuid('team_id')
      .notNull()
      .references(() => teams.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    flag: text('flag', { enum: CHECKLIST_FLAGS }).notNull(),
    doneAt: timestamp('done_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [primaryKey({ columns: [table.teamId, table.userId, table.flag] })],
);
