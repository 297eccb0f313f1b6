// Exports too large to download at once (docs/exports.md): built by a background job with
// progress, then downloaded or mailed; the file is kept for a day.
import {
  customType,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core';
import { EXPORT_DATASETS, EXPORT_JOB_STATUSES, REPORT_EXPORT_FORMATS } from '@tapwise/contracts';

const bytea = customType<{ data: Buffer }>({ dataType: () => 'bytea' });

export const exportJobs = pgTable(
  'export_jobs',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    teamId: uuid('team_id').notNull(),
    userId: uuid('user_id').notNull(),
    dataset: text('dataset', { enum: EXPORT_DATASETS }).notNull(),
    format: text('format', { enum: REPORT_EXPORT_FORMATS }).notNull(),
    /** The validated question of the dataset (its export input). */
    input: jsonb('input').notNull(),
    /** Mail the file here when done; null: the member downloads it. */
    receiverMail: text('receiver_mail'),
    status: text('status', { enum: EXPORT_JOB_STATUSES }).notNull(),
    rowsDone: integer('rows_done').notNull().default(0),
    rowsTotal: integer('rows_total'),
    fileName: text('file_name'),
    file: bytea('file'),
    error: text('error'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    index('export_jobs_team_idx').on(t.teamId, t.createdAt),
    index('export_jobs_expires_idx').on(t.expiresAt),
  ],
);
