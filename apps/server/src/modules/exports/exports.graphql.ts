// GraphQL of background exports (docs/api/scheduled-reports.md "Exports"). startExport checks
// the dataset's own read permission once it knows the dataset; a member reads only their own
// exports, so the fields need a company member and nothing more.
import type { ExportJob } from '@tapwise/contracts';
import { requireTeam } from '../../platform/auth/auth-context';
import { access } from '../../platform/graphql/access-guard';
import { builder } from '../../platform/graphql/builder';
import { withoutNulls } from '../../platform/graphql/common-types';
import { readExportJob, readExportJobs, startExport } from './export-jobs.service';

const ExportJobRef = builder.objectRef<ExportJob>('ExportJob').implement({
  fields: (t) => ({
    id: t.exposeID('id'),
    dataset: t.exposeString('dataset', {
      description: 'adsManager or ruleLogs',
    }),
    format: t.exposeString('format', { description: 'csv or xlsx' }),
    status: t.exposeString('status', { description: 'QUEUED, RUNNING, DONE or FAILED' }),
    rowsDone: t.exposeInt('rowsDone'),
    rowsTotal: t.exposeInt('rowsTotal', { nullable: true }),
    fileName: t.exposeString('fileName', { nullable: true }),
    receiverMail: t.exposeString('receiverMail', { nullable: true }),
    error: t.exposeString('error', { nullable: true }),
    createdAt: t.exposeString('createdAt'),
    finishedAt: t.exposeString('finishedAt', { nullable: true }),
    expiresAt: t.exposeString('expiresAt', { description: 'When the file is deleted' }),
  }),
});

builder.queryFields((t) => ({
  exportJob: t.field({
    ...access('authenticated', { tenant: true }),
    type: ExportJobRef,
    description: "One of the caller's exports: its progress, and its file's name once DONE",
    args: { id: t.arg.id({ required: true }) },
    resolve: (_root, { id }, { app, auth }) => readExportJob(app, requireTeam(auth), String(id)),
  }),
  exportJobs: t.field({
    ...access('authenticated', { tenant: true }),
    type: [ExportJobRef],
    description: "The caller's exports of the last day, newest first",
    resolve: (_root, _args, { app, auth }) => readExportJobs(app, requireTeam(auth)),
  }),
}));

builder.mutationFields((t) => ({
  startExport: t.field({
    ...access('authenticated', { tenant: true }),
    type: ExportJobRef,
    description: "Starts a background export (needs the dataset's read permission)",
    args: {
      dataset: t.arg.string({ required: true }),
      format: t.arg.string({ required: true }),
      input: t.arg({ type: 'JSON', required: true }),
      receiverMail: t.arg.string(),
    },
    resolve: (_root, args, { app, auth, locale }) =>
      startExport(app, requireTeam(auth), withoutNulls(args), locale),
  }),
}));
