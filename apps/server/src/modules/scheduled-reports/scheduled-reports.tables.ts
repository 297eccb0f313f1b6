// Scheduled reports (spec 2 §3.7, docs/scheduled-reports.md): what to report, to whom and when,
// and one row per delivery so a due report runs exactly once however many workers look.
import { sql } from 'drizzle-orm';
import {
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import {
  REPORT_DELIVERY_STATUSES,
  REPORT_REPEAT_TYPES,
  SCHEDULED_REPORT_LEVELS,
  type ScheduledReportSlackChannel,
} from '@tapwise/contracts';

export const scheduledReports = pgTable(
  'scheduled_reports',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    teamId: uuid('team_id').notNull(),
    name: text('name').notNull(),
    level: text('level', { enum: SCHEDULED_REPORT_LEVELS }).notNull(),
    reportLimit: smallint('report_limit').notNull(),
    repeatType: text('repeat_type', { enum: REPORT_REPEAT_TYPES }).notNull(),
    /** Weekdays (1 Monday … 7 Sunday) or days of the month (1 … 31), as the repeat type reads them. */
    days: smallint('days').array().notNull(),
    /** Hours of the day in UTC (0 … 23). */
    hours: smallint('hours').array().notNull(),
    /** The day a NO_REPEAT report runs (yyyy-mm-dd, UTC). */
    runOn: text('run_on'),
    dataDays: smallint('data_days').notNull(),
    orgIds: jsonb('org_ids').$type<number[]>().notNull(),
    appIds: jsonb('app_ids').$type<number[]>().notNull(),
    countries: text('countries').array().notNull(),
    goalIds: uuid('goal_ids').array().notNull(),
    /** Team members' addresses. */
    emails: text('emails').array().notNull(),
    externalEmails: text('external_emails').array().notNull(),
    slackChannels: jsonb('slack_channels').$type<ScheduledReportSlackChannel[]>().notNull(),
    locale: text('locale').notNull(),
    disabled: boolean('disabled').notNull().default(false),
    /** A NO_REPEAT report that has run. */
    completed: boolean('completed').notNull().default(false),
    /** Null when disabled or completed; the scheduler claims reports whose time has come. */
    nextRunAt: timestamp('next_run_at', { withTimezone: true }),
    createdBy: uuid('created_by'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('scheduled_reports_name_idx').on(t.teamId, sql`lower(${t.name})`),
    index('scheduled_reports_due_idx')
      .on(t.nextRunAt)
      .where(sql`${t.nextRunAt} is not null`),
  ],
);

/** One delivery of a report for one due time: the unique pair is the exactly-once guarantee. */
export const scheduledReportDeliveries = pgTable(
  'scheduled_report_deliveries',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    teamId: uuid('team_id').notNull(),
    reportId: uuid('report_id').notNull(),
    dueAt: timestamp('due_at', { withTimezone: true }).notNull(),
    status: text('status', { enum: REPORT_DELIVERY_STATUSES }).notNull(),
    attempts: integer('attempts').notNull().default(0),
    /** Per recipient: { to, channel: 'email' | 'slack', ok, error? }. */
    recipients: jsonb('recipients').$type<unknown[]>().notNull().default([]),
    error: text('error'),
    startedAt: timestamp('started_at', { withTimezone: true }).notNull().defaultNow(),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('scheduled_report_deliveries_once_idx').on(t.reportId, t.dueAt),
    index('scheduled_report_deliveries_team_idx').on(t.teamId, t.startedAt),
  ],
);
