// GraphQL of the activity log (spec 2 §7.3 Logs); the operations are described in
// docs/staff-tools.md.
import { requireAuth, requireTeam } from '../../platform/auth/auth-context';
import { access } from '../../platform/graphql/access-guard';
import { builder } from '../../platform/graphql/builder';
import { CompanyRef } from '../teams/teams.graphql';
import { searchActivityLogs } from './activity-log.repository';
import {
  changeActivityWatched,
  changeDataRetention,
  changeLogRetentionPeriod,
  deleteActivityLog,
  getLogRetentionPeriod,
  samActivityInput,
  saveSamActivity,
  type LogRetention,
} from './activity-log.service';

type ActivityRow = Awaited<ReturnType<typeof searchActivityLogs>>[number];
type LogEntry = ActivityRow['log'];

const ActivityLogRef = builder.objectRef<ActivityRow>('ActivityLog').implement({
  fields: (t) => ({
    logId: t.id({ resolve: ({ log }) => log.logId }),
    teamId: t.id({ resolve: ({ log }) => log.teamId }),
    company: t.string({ nullable: true, resolve: ({ teamName }) => teamName }),
    userId: t.id({ nullable: true, resolve: ({ log }) => log.userId }),
    impersonatorId: t.id({ nullable: true, resolve: ({ log }) => log.impersonatorId }),
    logType: t.string({ resolve: ({ log }) => log.logType }),
    message: t.string({ resolve: ({ log }) => log.message }),
    watched: t.boolean({ resolve: ({ log }) => log.watched }),
    featureName: t.string({ nullable: true, resolve: ({ log }) => log.featureName }),
    featurePath: t.string({ nullable: true, resolve: ({ log }) => log.featurePath }),
    createdAt: t.field({ type: 'DateTime', resolve: ({ log }) => log.createdAt }),
  }),
});

builder.queryField('getActivityLogs', (t) =>
  t.field({
    ...access('activityLog.read'),
    type: [ActivityLogRef],
    description: "Staff see every company's log (the SA panel); members see their company's.",
    args: {
      teamId: t.arg.id({ required: false }),
      logType: t.arg.string({ required: false }),
      search: t.arg.string({ required: false }),
      limit: t.arg.int({ required: false }),
    },
    resolve: (_root, args, { app, auth }) => {
      const caller = requireTeam(auth);
      const isStaff = caller.role === 'SUPERADMIN';
      return searchActivityLogs(app.db, {
        teamId: isStaff ? (args.teamId ? String(args.teamId) : undefined) : caller.teamId,
        logType: args.logType ?? undefined,
        search: args.search ?? undefined,
        limit: Math.min(Math.max(args.limit ?? 100, 1), 500),
      });
    },
  }),
);

/** An entry as written or changed (without the company name the search joins). */
const ActivityLogEntryRef = builder.objectRef<LogEntry>('ActivityLogEntry').implement({
  fields: (t) => ({
    logId: t.exposeID('logId'),
    teamId: t.exposeID('teamId'),
    logType: t.exposeString('logType'),
    message: t.exposeString('message'),
    watched: t.exposeBoolean('watched'),
    featureName: t.exposeString('featureName', { nullable: true }),
    featurePath: t.exposeString('featurePath', { nullable: true }),
    createdAt: t.expose('createdAt', { type: 'DateTime' }),
  }),
});

const LogRetentionRef = builder.objectRef<LogRetention>('LogRetention').implement({
  fields: (t) => ({
    teamId: t.exposeID('teamId'),
    days: t.exposeInt('days', {
      nullable: true,
      description: "The company's own period; null follows the installation's default",
    }),
    effectiveDays: t.exposeInt('effectiveDays'),
    defaultDays: t.exposeInt('defaultDays'),
  }),
});

builder.queryFields((t) => ({
  getLogRetentionPeriod: t.field({
    ...access('staff.companies.read'),
    type: LogRetentionRef,
    args: { teamId: t.arg.id({ required: true }) },
    resolve: (_root, { teamId }, { app }) => getLogRetentionPeriod(app, String(teamId)),
  }),
}));

builder.mutationFields((t) => ({
  changeActivityWatched: t.field({
    ...access('activityLog.write'),
    type: ActivityLogEntryRef,
    description: "Marks an entry watched or not: a company's admins, or staff on any company.",
    args: { logId: t.arg.id({ required: true }), watched: t.arg.boolean({ required: true }) },
    resolve: (_root, { logId, watched }, { app, auth }) =>
      changeActivityWatched(app, requireTeam(auth), String(logId), watched),
  }),
  deleteActivityLog: t.boolean({
    ...access('activityLog.write'),
    description: "Deletes an entry: a company's admins, or staff on any company.",
    args: { logId: t.arg.id({ required: true }) },
    resolve: (_root, { logId }, { app, auth }) =>
      deleteActivityLog(app, requireTeam(auth), String(logId)),
  }),
  saveSamActivity: t.field({
    ...access('staff.companies.write'),
    type: ActivityLogEntryRef,
    description: "Staff write a note on a company's activity log (the SA panel's manual activity).",
    args: { teamId: t.arg.id({ required: true }), message: t.arg.string({ required: true }) },
    resolve: (_root, args, { app, auth }) =>
      saveSamActivity(app, requireAuth(auth), samActivityInput.parse(args)),
  }),
  changeLogRetentionPeriod: t.field({
    ...access('staff.companies.write'),
    type: LogRetentionRef,
    description: "Days the company's activity log is kept; null returns to the default.",
    args: { teamId: t.arg.id({ required: true }), days: t.arg.int({ required: false }) },
    resolve: (_root, { teamId, days }, { app }) =>
      changeLogRetentionPeriod(app, String(teamId), days ?? null),
  }),
  changeDataRetention: t.field({
    ...access('staff.companies.write'),
    type: CompanyRef,
    description: "CompanyInfo's DataRetention: days of the company's data kept.",
    args: { teamId: t.arg.id({ required: true }), days: t.arg.int({ required: true }) },
    resolve: (_root, { teamId, days }, { app }) => changeDataRetention(app, String(teamId), days),
  }),
}));
