import { requireTeam } from '../../platform/auth/auth-context';
import { access } from '../../platform/graphql/access-guard';
import { builder } from '../../platform/graphql/builder';
import { searchActivityLogs } from './activity-log.repository';

type ActivityRow = Awaited<ReturnType<typeof searchActivityLogs>>[number];

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
