// The only code touching scheduled_reports and scheduled_report_deliveries. Every function takes
// the company first, but for the scheduler's look for due reports, which spans every company.
import type { ScheduledReportValues } from '@tapwise/contracts';
import { and, asc, desc, eq, inArray, isNotNull, lte, ne, sql } from 'drizzle-orm';
import type { Config } from '../../platform/config';
import type { Database } from '../../platform/db/database';
import { scheduledWorkAllowedSql } from '../billing/billing-status';
import { scheduledReportDeliveries, scheduledReports } from './scheduled-reports.tables';

export type ScheduledReportRow = typeof scheduledReports.$inferSelect;
export type DeliveryRow = typeof scheduledReportDeliveries.$inferSelect;

/** One recipient's outcome: an address or a chat channel id. */
export interface RecipientOutcome {
  to: string;
  channel: 'email' | 'slack';
  ok: boolean;
  error?: string;
}

export async function listScheduledReports(db: Database, teamId: string) {
  return db
    .select()
    .from(scheduledReports)
    .where(eq(scheduledReports.teamId, teamId))
    .orderBy(asc(sql`lower(${scheduledReports.name})`));
}

export async function findScheduledReport(db: Database, teamId: string, id: string) {
  const [row] = await db
    .select()
    .from(scheduledReports)
    .where(and(eq(scheduledReports.teamId, teamId), eq(scheduledReports.id, id)));
  return row;
}

export async function isReportNameTaken(
  db: Database,
  teamId: string,
  name: string,
  exceptId?: string,
) {
  const rows = await db
    .select({ id: scheduledReports.id })
    .from(scheduledReports)
    .where(
      and(
        eq(scheduledReports.teamId, teamId),
        sql`lower(${scheduledReports.name}) = lower(${name})`,
        exceptId ? ne(scheduledReports.id, exceptId) : undefined,
      ),
    )
    .limit(1);
  return rows.length > 0;
}

export async function countScheduledReports(db: Database, teamId: string) {
  const [row] = await db
    .select({ count: sql<number>`count(*)::int` })
    .from(scheduledReports)
    .where(eq(scheduledReports.teamId, teamId));
  return Number(row?.count ?? 0);
}

type ReportValues = ScheduledReportValues & {
  locale: string;
  completed: boolean;
  nextRunAt: Date | null;
};

export async function insertScheduledReport(
  db: Database,
  teamId: string,
  createdBy: string,
  values: ReportValues,
) {
  const [row] = await db
    .insert(scheduledReports)
    .values({ ...values, runOn: values.runOn ?? null, teamId, createdBy })
    .returning();
  return row!;
}

export async function updateScheduledReport(
  db: Database,
  teamId: string,
  id: string,
  values: Partial<ReportValues>,
) {
  const [row] = await db
    .update(scheduledReports)
    .set({ ...values, updatedAt: new Date() })
    .where(and(eq(scheduledReports.teamId, teamId), eq(scheduledReports.id, id)))
    .returning();
  return row;
}

export async function deleteScheduledReport(db: Database, teamId: string, id: string) {
  const deleted = await db
    .delete(scheduledReports)
    .where(and(eq(scheduledReports.teamId, teamId), eq(scheduledReports.id, id)))
    .returning({ id: scheduledReports.id });
  if (deleted.length === 0) return false;
  await db
    .delete(scheduledReportDeliveries)
    .where(
      and(eq(scheduledReportDeliveries.teamId, teamId), eq(scheduledReportDeliveries.reportId, id)),
    );
  return true;
}

/** Company deletion: every report and delivery of the company. */
export async function deleteScheduledReportsOfTeam(db: Database, teamId: string) {
  await db.delete(scheduledReportDeliveries).where(eq(scheduledReportDeliveries.teamId, teamId));
  await db.delete(scheduledReports).where(eq(scheduledReports.teamId, teamId));
}

/** The newest delivery of each report. */
export async function latestDeliveries(db: Database, teamId: string, reportIds: string[]) {
  if (reportIds.length === 0) return new Map<string, DeliveryRow>();
  const rows = await db
    .selectDistinctOn([scheduledReportDeliveries.reportId])
    .from(scheduledReportDeliveries)
    .where(
      and(
        eq(scheduledReportDeliveries.teamId, teamId),
        inArray(scheduledReportDeliveries.reportId, reportIds),
      ),
    )
    .orderBy(scheduledReportDeliveries.reportId, desc(scheduledReportDeliveries.startedAt));
  return new Map(rows.map((row) => [row.reportId, row]));
}

/**
 * Reports of every company whose time has come (disabled and completed ones have none). With
 * billing on, a cancelled company's reports wait, still due, until it pays again.
 */
export async function findDueReports(
  db: Database,
  config: Pick<Config, 'billing'>,
  now: Date,
  limit: number,
) {
  return db
    .select()
    .from(scheduledReports)
    .where(
      and(
        isNotNull(scheduledReports.nextRunAt),
        lte(scheduledReports.nextRunAt, now),
        scheduledWorkAllowedSql(config, scheduledReports.teamId, now),
      ),
    )
    .orderBy(asc(scheduledReports.nextRunAt))
    .limit(limit);
}

/**
 * Claims one due time of a report: the delivery row's unique (report, due time) lets one claimer
 * in; the same transaction moves the report to its following due time (or completes it). Answers
 * the delivery, or undefined when another claimer had it.
 */
export async function claimDueReport(
  db: Database,
  report: Pick<ScheduledReportRow, 'id' | 'teamId' | 'nextRunAt'>,
  following: Date | null,
): Promise<DeliveryRow | undefined> {
  const dueAt = report.nextRunAt!;
  return db.transaction(async (tx) => {
    const [delivery] = await tx
      .insert(scheduledReportDeliveries)
      .values({ teamId: report.teamId, reportId: report.id, dueAt, status: 'RUNNING' })
      .onConflictDoNothing()
      .returning();
    if (!delivery) return undefined;
    await tx
      .update(scheduledReports)
      .set({ nextRunAt: following, ...(following ? {} : { completed: true }) })
      .where(and(eq(scheduledReports.id, report.id), eq(scheduledReports.nextRunAt, dueAt)));
    return delivery;
  });
}

/** A delivery outside the schedule (send now). */
export async function insertDelivery(db: Database, teamId: string, reportId: string, dueAt: Date) {
  const [row] = await db
    .insert(scheduledReportDeliveries)
    .values({ teamId, reportId, dueAt, status: 'RUNNING' })
    .returning();
  return row!;
}

export async function findDelivery(db: Database, teamId: string, id: string) {
  const [row] = await db
    .select()
    .from(scheduledReportDeliveries)
    .where(and(eq(scheduledReportDeliveries.teamId, teamId), eq(scheduledReportDeliveries.id, id)));
  return row;
}

export async function updateDelivery(
  db: Database,
  teamId: string,
  id: string,
  values: Partial<Pick<DeliveryRow, 'status' | 'attempts' | 'recipients' | 'error' | 'finishedAt'>>,
) {
  await db
    .update(scheduledReportDeliveries)
    .set(values)
    .where(and(eq(scheduledReportDeliveries.teamId, teamId), eq(scheduledReportDeliveries.id, id)));
}
