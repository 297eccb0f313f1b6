// GraphQL of the ads manager's saved views and table presets (spec 2 §7.3 Presets and views).
// They are the member's own and change no company data, so they need only adsManager.read:
// read-only members keep them too. Another member's id reads as not found.
import {
  ADS_MANAGER_TABS,
  customViewInput,
  tablePresetInput,
  type CustomView,
  type TablePreset,
} from '@tapwise/contracts';
import { z } from 'zod';
import { requireTeam } from '../../platform/auth/auth-context';
import { AppError } from '../../platform/errors';
import { access } from '../../platform/graphql/access-guard';
import { builder } from '../../platform/graphql/builder';
import { withoutNulls } from '../../platform/graphql/common-types';
import { ReportFilterInput } from './ads-manager.graphql';
import {
  deleteCustomView,
  deleteTablePreset,
  listCustomViews,
  listTablePresets,
  saveCustomView,
  saveTablePreset,
  unpinCustomViews,
} from './views.repository';

const CustomViewInput = builder.inputType('CustomViewInput', {
  fields: (t) => ({
    id: t.string({ required: false, description: 'Absent to create, present to replace' }),
    name: t.string({ required: true }),
    tab: t.string({ required: true }),
    chartMetrics: t.stringList({ required: true }),
    granularity: t.string({ required: true }),
    columns: t.stringList({ required: true }),
    filter: t.field({ type: ReportFilterInput, required: false }),
    sortBy: t.string({ required: true }),
    sortDesc: t.boolean({ required: true }),
    goalId: t.string({ required: false, description: 'The goal its goal columns show' }),
    pinned: t.boolean({ required: false }),
  }),
});

const TablePresetInput = builder.inputType('TablePresetInput', {
  fields: (t) => ({
    id: t.string({ required: false }),
    name: t.string({ required: true }),
    tab: t.string({ required: true }),
    columns: t.stringList({ required: true }),
  }),
});

const CustomViewRef = builder.objectRef<CustomView>('CustomView').implement({
  fields: (t) => ({
    id: t.exposeString('id'),
    name: t.exposeString('name'),
    tab: t.exposeString('tab'),
    pinned: t.exposeBoolean('pinned'),
    updatedAt: t.exposeString('updatedAt', { description: 'When it was last saved' }),
    definition: t.field({
      type: 'JSON',
      description: 'chartMetrics, granularity, columns, filter, sortBy, sortDesc, goalId',
      resolve: ({ chartMetrics, granularity, columns, filter, sortBy, sortDesc, goalId }) => ({
        chartMetrics,
        granularity,
        columns,
        ...(filter ? { filter } : {}),
        sortBy,
        sortDesc,
        ...(goalId ? { goalId } : {}),
      }),
    }),
  }),
});

const TablePresetRef = builder.objectRef<TablePreset>('TablePreset').implement({
  fields: (t) => ({
    id: t.exposeString('id'),
    name: t.exposeString('name'),
    tab: t.exposeString('tab'),
    columns: t.exposeStringList('columns'),
  }),
});

const tab = z.enum(ADS_MANAGER_TABS);
const ownId = z.uuid();

/** Any id that is not one of the caller's own views or presets is not found. */
function notFound(): never {
  throw new AppError('NOT_FOUND', 'No such view.');
}
const parseOwnId = (id: string) => {
  const parsed = ownId.safeParse(id);
  return parsed.success ? parsed.data : notFound();
};

builder.queryFields((t) => ({
  fetchCustomView: t.field({
    ...access('adsManager.read'),
    type: [CustomViewRef],
    description: "The caller's saved views of a tab, by name",
    args: { tab: t.arg.string({ required: true }) },
    resolve: (_root, args, { app, auth }) =>
      listCustomViews(app.db, requireTeam(auth), tab.parse(args.tab)),
  }),
  fetchTablePresets: t.field({
    ...access('adsManager.read'),
    type: [TablePresetRef],
    args: { tab: t.arg.string({ required: true }) },
    resolve: (_root, args, { app, auth }) =>
      listTablePresets(app.db, requireTeam(auth), tab.parse(args.tab)),
  }),
}));

builder.mutationFields((t) => ({
  saveCustomView: t.field({
    ...access('adsManager.read'),
    type: CustomViewRef,
    description: 'Saves a view (same name on the tab replaces it); pinning unpins the others',
    args: { input: t.arg({ type: CustomViewInput, required: true }) },
    resolve: async (_root, args, { app, auth }) =>
      (await saveCustomView(
        app.db,
        requireTeam(auth),
        customViewInput.parse(withoutNulls(args.input)),
      )) ?? notFound(),
  }),
  deleteCustomView: t.boolean({
    ...access('adsManager.read'),
    args: { id: t.arg.string({ required: true }) },
    resolve: async (_root, args, { app, auth }) =>
      (await deleteCustomView(app.db, requireTeam(auth), parseOwnId(args.id))) || notFound(),
  }),
  resetPinnedStatusView: t.boolean({
    ...access('adsManager.read'),
    description: "Unpins the tab's views: it opens with the built-in default",
    args: { tab: t.arg.string({ required: true }) },
    resolve: async (_root, args, { app, auth }) => {
      await unpinCustomViews(app.db, requireTeam(auth), tab.parse(args.tab));
      return true;
    },
  }),
  saveTablePreset: t.field({
    ...access('adsManager.read'),
    type: TablePresetRef,
    args: { input: t.arg({ type: TablePresetInput, required: true }) },
    resolve: async (_root, args, { app, auth }) =>
      (await saveTablePreset(
        app.db,
        requireTeam(auth),
        tablePresetInput.parse(withoutNulls(args.input)),
      )) ?? notFound(),
  }),
  deleteTablePreset: t.boolean({
    ...access('adsManager.read'),
    args: { id: t.arg.string({ required: true }) },
    resolve: async (_root, args, { app, auth }) =>
      (await deleteTablePreset(app.db, requireTeam(auth), parseOwnId(args.id))) || notFound(),
  }),
}));
