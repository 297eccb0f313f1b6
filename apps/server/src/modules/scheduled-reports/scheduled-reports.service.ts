// Scheduled reports (spec 2 §3.7, §5; docs/scheduled-reports.md): a company's reports, checked
// with scheduledReportInput, unique by name whatever the case, reading only the company's own ad
// accounts, apps and goals and mailing only its members; each keeps the due time the scheduler
// looks for, and a delivery can be asked for at once.
import {
  SCHEDULED_REPORT_LIMITS,
  SCHEDULED_REPORT_MESSAGES,
  scheduledReportInput,
  type ScheduledReport,
  type ScheduledReportValues,
} from '@tapwise/contracts';
import { z } from 'zod';
import type { AuthContext } from '../../platform/auth/auth-context';
import type { Database } from '../../platform/db/database';
import { AppError } from '../../platform/errors';
import { recordActivity } from '../activity-log/activity-log.service';
import { findReportAccounts } from '../ads-manager/reports.repository';
import { isUniqueViolation } from '../automation/rules.repository';
import { findGoal, isCompanyApp } from '../goals/goals.repository';
import type { JobSender } from '../job-context';
import { listMembers } from '../teams/teams.repository';
import { deliverScheduledReportJob } from './jobs/scheduled-report-jobs';
import { nextRunAt } from './next-run';
import {
  countScheduledReports,
  deleteScheduledReport,
  findScheduledReport,
  insertDelivery,
  insertScheduledReport,
  isReportNameTaken,
  latestDeliveries,
  listScheduledReports,
  updateScheduledReport,
  type DeliveryRow,
  type ScheduledReportRow,
} from './scheduled-reports.repository';
import { tickChecklist } from '../onboarding/onboarding.service';

function reportOf(row: ScheduledReportRow, delivery: DeliveryRow | undefined): ScheduledReport {
  return {
    id: row.id,
    name: row.name,
    level: row.level,
    reportLimit: row.reportLimit,
    repeatType: row.repeatType,
    days: row.days,
    hours: row.hours,
    runOn: row.runOn,
    dataDays: row.dataDays,
    orgIds: row.orgIds,
    appIds: row.appIds,
    countries: row.countries,
    goalIds: row.goalIds,
    emails: row.emails,
    externalEmails: row.externalEmails,
    slackChannels: row.slackChannels,
    disabled: row.disabled,
    completed: row.completed,
    nextRunAt: row.nextRunAt?.toISOString() ?? null,
    lastDelivery: delivery
      ? {
          dueAt: delivery.dueAt.toISOString(),
          status: delivery.status,
          finishedAt: delivery.finishedAt?.toISOString() ?? null,
          error: delivery.error,
        }
      : null,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

async function withLastDelivery(db: Database, teamId: string, rows: ScheduledReportRow[]) {
  const deliveries = await latestDeliveries(
    db,
    teamId,
    rows.map((row) => row.id),
  );
  return rows.map((row) => reportOf(row, deliveries.get(row.id)));
}

export async function scheduledReportsOf(db: Database, teamId: string) {
  return withLastDelivery(db, teamId, await listScheduledReports(db, teamId));
}

const notFound = () => new AppError('NOT_FOUND', 'No such scheduled report.');
const nameExists = () => new AppError('REPORT_NAME_EXISTS', SCHEDULED_REPORT_MESSAGES.nameExists);
/** One of the company's own things the report names is not found: another's stays unnamed. */
const notOwn = (field: string) => new AppError('NOT_FOUND', `No such ${field}.`, { field });

async function ownReport(db: Database, teamId: string, id: string) {
  const row = z.uuid().safeParse(id).success
    ? await findScheduledReport(db, teamId, id)
    : undefined;
  if (!row) throw notFound();
  return row;
}

/** The report's ad accounts, apps and goals are the company's, and its addresses its members'. */
async function checkOwnership(db: Database, teamId: string, values: ScheduledReportValues) {
  const accounts = await findReportAccounts(db, teamId, values.orgIds);
  if (accounts.length !== values.orgIds.length) throw notOwn('organisation');
  for (const appId of values.appIds)
    if (!(await isCompanyApp(db, teamId, appId))) throw notOwn('app');
  for (const goalId of values.goalIds)
    if (!(await findGoal(db, teamId, goalId))) throw notOwn('goal');
  const members = new Set(
    (await listMembers(db, teamId)).map(({ user }) => user.email.toLowerCase()),
  );
  if (values.emails.some((email) => !members.has(email.toLowerCase())))
    throw new AppError('BAD_REQUEST', 'Only members of the company can be chosen.', {
      field: 'emails',
    });
}

const scheduleOf = (values: ScheduledReportValues, now: Date) =>
  values.disabled ? null : nextRunAt(values, now);

export async function saveScheduledReport(
  db: Database,
  auth: AuthContext & { teamId: string },
  locale: string,
  id: string | null,
  raw: unknown,
  now = new Date(),
): Promise<ScheduledReport> {
  const { teamId } = auth;
  const existing = id ? await ownReport(db, teamId, id) : undefined;
  const values = scheduledReportInput.parse(raw);
  await checkOwnership(db, teamId, values);
  if (await isReportNameTaken(db, teamId, values.name, existing?.id)) throw nameExists();
  if (
    !existing &&
    (await countScheduledReports(db, teamId)) >= SCHEDULED_REPORT_LIMITS.reportsPerTeam
  )
    throw new AppError('BAD_REQUEST', SCHEDULED_REPORT_MESSAGES.saveFailed);
  const next = scheduleOf(values, now);
  // A NO_REPEAT report saved with its run already past has nothing left to do.
  const schedule = {
    nextRunAt: next,
    completed: !values.disabled && next === null,
    locale,
  };
  try {
    const row = existing
      ? await updateScheduledReport(db, teamId, existing.id, { ...values, ...schedule })
      : await insertScheduledReport(db, teamId, auth.userId, { ...values, ...schedule });
    await recordActivity(db, auth, teamId, {
      logType: 'report',
      message: `Scheduled report "${values.name}" ${existing ? 'updated' : 'created'}`,
      featureName: 'Scheduled reports',
    });
    const [report] = await withLastDelivery(db, teamId, [row!]);
    await tickChecklist(db, auth, 'scheduledReports');
    return report!;
  } catch (error) {
    if (isUniqueViolation(error)) throw nameExists();
    throw error;
  }
}

/** Enabling computes the next run from now; disabling clears it. */
export async function setScheduledReportDisabled(
  db: Database,
  teamId: string,
  id: string,
  disabled: boolean,
  now = new Date(),
): Promise<ScheduledReport> {
  const existing = await ownReport(db, teamId, id);
  const next = disabled || existing.completed ? null : nextRunAt(existing, now);
  const row = await updateScheduledReport(db, teamId, id, {
    disabled,
    nextRunAt: next,
    completed: existing.completed || (!disabled && next === null),
  });
  const [report] = await withLastDelivery(db, teamId, [row!]);
  return report!;
}

export async function removeScheduledReport(
  db: Database,
  auth: AuthContext & { teamId: string },
  id: string,
): Promise<true> {
  const existing = await ownReport(db, auth.teamId, id);
  await deleteScheduledReport(db, auth.teamId, existing.id);
  await recordActivity(db, auth, auth.teamId, {
    logType: 'report',
    message: `Scheduled report "${existing.name}" deleted`,
    featureName: 'Scheduled reports',
  });
  return true;
}

/** A delivery now, outside the schedule, which stays as it is. */
export async function sendScheduledReportNow(
  db: Database,
  jobs: JobSender,
  teamId: string,
  id: string,
  now = new Date(),
): Promise<true> {
  const report = await ownReport(db, teamId, id);
  const delivery = await insertDelivery(db, teamId, report.id, now);
  await jobs.send(deliverScheduledReportJob, { teamId, deliveryId: delivery.id });
  return true;
}
