// GraphQL of scheduled reports (docs/api/scheduled-reports.md): the company's reports, saving
// one (checked with scheduledReportInput of the contracts), disabling, deleting and sending one
// now. Reads need scheduleReports.read, changes scheduleReports.write.
import type { ScheduledReport } from '@tapwise/contracts';
import { requireTeam } from '../../platform/auth/auth-context';
import { SlackChannelChoiceRef } from '../slack/slack.graphql';
import { access } from '../../platform/graphql/access-guard';
import { builder } from '../../platform/graphql/builder';
import {
  removeScheduledReport,
  saveScheduledReport,
  scheduledReportsOf,
  sendScheduledReportNow,
  setScheduledReportDisabled,
} from './scheduled-reports.service';

const ScheduledReportDeliveryRef = builder
  .objectRef<NonNullable<ScheduledReport['lastDelivery']>>('ScheduledReportDelivery')
  .implement({
    fields: (t) => ({
      dueAt: t.exposeString('dueAt'),
      status: t.exposeString('status', { description: 'RUNNING | SENT | PARTIAL | FAILED' }),
      finishedAt: t.exposeString('finishedAt', { nullable: true }),
      error: t.exposeString('error', { nullable: true }),
    }),
  });

const ScheduledReportRef = builder.objectRef<ScheduledReport>('ScheduledReport').implement({
  fields: (t) => ({
    id: t.exposeID('id'),
    name: t.exposeString('name'),
    level: t.exposeString('level'),
    reportLimit: t.exposeInt('reportLimit'),
    repeatType: t.exposeString('repeatType'),
    days: t.exposeIntList('days'),
    hours: t.exposeIntList('hours', { description: 'UTC' }),
    runOn: t.exposeString('runOn', { nullable: true }),
    dataDays: t.exposeInt('dataDays'),
    orgIds: t.exposeFloatList('orgIds'),
    appIds: t.exposeFloatList('appIds'),
    countries: t.exposeStringList('countries'),
    goalIds: t.exposeStringList('goalIds'),
    emails: t.exposeStringList('emails'),
    externalEmails: t.exposeStringList('externalEmails'),
    slackChannels: t.field({
      type: [SlackChannelChoiceRef],
      resolve: (report) => report.slackChannels,
    }),
    disabled: t.exposeBoolean('disabled'),
    completed: t.exposeBoolean('completed'),
    nextRunAt: t.exposeString('nextRunAt', { nullable: true }),
    lastDelivery: t.field({
      type: ScheduledReportDeliveryRef,
      nullable: true,
      resolve: (report) => report.lastDelivery,
    }),
    createdAt: t.exposeString('createdAt'),
    updatedAt: t.exposeString('updatedAt'),
  }),
});

builder.queryFields((t) => ({
  getScheduledReports: t.field({
    ...access('scheduleReports.read'),
    type: [ScheduledReportRef],
    resolve: (_root, _args, { app, auth }) => scheduledReportsOf(app.db, requireTeam(auth).teamId),
  }),
}));

builder.mutationFields((t) => ({
  saveScheduledReport: t.field({
    ...access('scheduleReports.write'),
    type: ScheduledReportRef,
    args: {
      id: t.arg.id({ required: false, description: 'Absent: a new report' }),
      input: t.arg({ type: 'JSON', required: true, description: 'ScheduledReportInput' }),
    },
    resolve: (_root, args, { app, auth, locale }) =>
      saveScheduledReport(
        app.db,
        requireTeam(auth),
        locale,
        args.id === null || args.id === undefined ? null : String(args.id),
        args.input,
      ),
  }),
  setScheduledReportDisabled: t.field({
    ...access('scheduleReports.write'),
    type: ScheduledReportRef,
    args: { id: t.arg.id({ required: true }), disabled: t.arg.boolean({ required: true }) },
    resolve: (_root, args, { app, auth }) =>
      setScheduledReportDisabled(app.db, requireTeam(auth).teamId, String(args.id), args.disabled),
  }),
  deleteScheduleReport: t.boolean({
    ...access('scheduleReports.write'),
    args: { id: t.arg.id({ required: true }) },
    resolve: (_root, args, { app, auth }) =>
      removeScheduledReport(app.db, requireTeam(auth), String(args.id)),
  }),
  sendScheduledReportNow: t.boolean({
    ...access('scheduleReports.write'),
    description: 'A delivery now, outside the schedule (which stays as it is)',
    args: { id: t.arg.id({ required: true }) },
    resolve: (_root, args, { app, auth }) =>
      sendScheduledReportNow(app.db, app.jobs, requireTeam(auth).teamId, String(args.id)),
  }),
}));
