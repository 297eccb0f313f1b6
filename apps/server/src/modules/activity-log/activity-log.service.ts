// Records what people do in a company. While a super admin impersonates someone, both identities
// are kept (issue: every action taken while impersonating is recorded with both). Also the log's
// operations of spec 2 §7.3 Logs (docs/staff-tools.md).
import {
  RETENTION_DAYS_MAX,
  RETENTION_DAYS_MIN,
  SAM_ACTIVITY_MAX_LENGTH,
} from '@tapwise/contracts';
import { z } from 'zod';
import type { AuthContext } from '../../platform/auth/auth-context';
import type { Database } from '../../platform/db/database';
import { AppError } from '../../platform/errors';
import type { AppContext } from '../app-context';
import { findTeam, updateTeam } from '../teams/teams.repository';
import {
  deleteActivityLogEntry,
  insertActivityLog,
  setActivityLogWatched,
} from './activity-log.repository';

export async function recordActivity(
  db: Database,
  auth: AuthContext,
  teamId: string,
  entry: { logType: string; message: string; featureName?: string; featurePath?: string },
) {
  return insertActivityLog(db, teamId, {
    ...entry,
    userId: auth.userId,
    impersonatorId: auth.impersonatorId,
  });
}

type Caller = AuthContext & { teamId: string };

/** Staff reach every company's entries; anyone else their own company's only. */
const scopeOf = (caller: Caller) => (caller.role === 'SUPERADMIN' ? undefined : caller.teamId);

const isUuid = (value: string) => z.uuid().safeParse(value).success;
const noSuchEntry = () => new AppError('NOT_FOUND', 'No such activity log entry.');

export async function changeActivityWatched(
  ctx: Pick<AppContext, 'db'>,
  caller: Caller,
  logId: string,
  watched: boolean,
) {
  const row = isUuid(logId)
    ? await setActivityLogWatched(ctx.db, logId, scopeOf(caller), watched)
    : null;
  if (!row) throw noSuchEntry();
  return row;
}

export async function deleteActivityLog(
  ctx: Pick<AppContext, 'db'>,
  caller: Caller,
  logId: string,
) {
  if (!isUuid(logId) || !(await deleteActivityLogEntry(ctx.db, logId, scopeOf(caller))))
    throw noSuchEntry();
  return true;
}

export const samActivityInput = z.object({
  teamId: z.uuid(),
  message: z.string().trim().min(1).max(SAM_ACTIVITY_MAX_LENGTH),
});

/**
 * The SA panel's manual activity ("SAM"): a note staff write on a company's log, such as a call
 * held or help given; it reads like any other entry, under the SA panel.
 */
export async function saveSamActivity(
  ctx: Pick<AppContext, 'db'>,
  staff: AuthContext,
  input: z.infer<typeof samActivityInput>,
) {
  if (!(await findTeam(ctx.db, input.teamId))) throw new AppError('NOT_FOUND', 'No such company.');
  return recordActivity(ctx.db, staff, input.teamId, {
    logType: 'sam_activity',
    message: input.message,
    featureName: 'SA Panel',
    featurePath: '/searchads-manage',
  });
}

export const retentionDays = z.number().int().min(RETENTION_DAYS_MIN).max(RETENTION_DAYS_MAX);

export interface LogRetention {
  teamId: string;
  /** The company's own period; null when it follows the installation's default. */
  days: number | null;
  /** The period the prune job applies. */
  effectiveDays: number;
  defaultDays: number;
}

async function requireTeam(db: Database, teamId: string) {
  const team = isUuid(teamId) ? await findTeam(db, teamId) : undefined;
  if (!team) throw new AppError('NOT_FOUND', 'No such company.');
  return team;
}

export async function getLogRetentionPeriod(
  ctx: Pick<AppContext, 'db' | 'config'>,
  teamId: string,
): Promise<LogRetention> {
  const team = await requireTeam(ctx.db, teamId);
  const defaultDays = ctx.config.activityLogRetentionDays;
  return {
    teamId,
    days: team.logRetentionDays,
    effectiveDays: team.logRetentionDays ?? defaultDays,
    defaultDays,
  };
}

export async function changeLogRetentionPeriod(
  ctx: Pick<AppContext, 'db' | 'config'>,
  teamId: string,
  days: number | null,
): Promise<LogRetention> {
  await requireTeam(ctx.db, teamId);
  await updateTeam(ctx.db, teamId, {
    logRetentionDays: days === null ? null : retentionDays.parse(days),
  });
  return getLogRetentionPeriod(ctx, teamId);
}

/** CompanyInfo's DataRetention (teams.data_retention_days), set by staff. */
export async function changeDataRetention(
  ctx: Pick<AppContext, 'db'>,
  teamId: string,
  days: number,
) {
  await requireTeam(ctx.db, teamId);
  return (await updateTeam(ctx.db, teamId, { dataRetentionDays: retentionDays.parse(days) }))!;
}
