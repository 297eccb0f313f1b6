import {
  boolean,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core';
import { DEFAULT_REPORTING_CURRENCY, INVITE_STATUSES, ROLES } from '@tapwise/contracts';
import { users } from '../accounts/accounts.tables';

/** A company (team) with its members; every tenant row carries its id. */
export const teams = pgTable('teams', {
  id: uuid('id').primaryKey().defaultRandom(),
  name: text('name').notNull(),
  /** Staff can disable a whole company; its members then answer 401 code 22. */
  isDisabled: boolean('is_disabled').notNull().default(false),
  dataRetentionDays: integer('data_retention_days').notNull().default(365),
  /** Days the company's activity log is kept; null: the installation's default. */
  logRetentionDays: integer('log_retention_days'),
  /** The spec's global currency: totals across currencies are converted into it. */
  reportingCurrency: text('reporting_currency').notNull().default(DEFAULT_REPORTING_CURRENCY),
  trialEndsAt: timestamp('trial_ends_at', { withTimezone: true }),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/** A user's entry in a company (spec 2 §3.5 team entry). */
export const memberships = pgTable(
  'memberships',
  {
    teamId: uuid('team_id')
      .notNull()
      .references(() => teams.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    role: text('role', { enum: ROLES }).notNull(),
    isReadOnly: boolean('is_read_only').notNull().default(false),
    isDisabled: boolean('is_disabled').notNull().default(false),
    inviteStatus: text('invite_status', { enum: INVITE_STATUSES }).notNull().default('ACCEPTED'),
    invitedBy: uuid('invited_by').references(() => users.id, { onDelete: 'set null' }),
    invitedAt: timestamp('invited_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    primaryKey({ columns: [table.teamId, table.userId] }),
    index('memberships_user_idx').on(table.userId),
  ],
);
