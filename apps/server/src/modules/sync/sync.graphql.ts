// invokeManualSync (spec 2 §7.3 Misc): starts a sync unless one ran too recently.
import { requireTeam } from '../../platform/auth/auth-context';
import { access } from '../../platform/graphql/access-guard';
import { builder } from '../../platform/graphql/builder';
import { startManualSync } from './sync.service';

type ManualSync = Awaited<ReturnType<typeof startManualSync>>;

const ManualSyncDataRef = builder.objectRef<ManualSync['data']>('ManualSyncData').implement({
  fields: (t) => ({
    syncId: t.exposeID('syncId'),
    campaignsCount: t.exposeInt('campaignsCount'),
    adgroupsCount: t.exposeInt('adgroupsCount'),
    keywordsCount: t.exposeInt('keywordsCount'),
  }),
});

const ManualSyncRef = builder.objectRef<ManualSync>('ManualSyncResult').implement({
  fields: (t) => ({
    successMessage: t.exposeString('successMessage'),
    data: t.field({ type: ManualSyncDataRef, resolve: (result) => result.data }),
  }),
});

builder.mutationField('invokeManualSync', (t) =>
  t.field({
    ...access('integrations.write'),
    type: ManualSyncRef,
    resolve: (_root, _args, { app, auth }) => startManualSync(app, requireTeam(auth)),
  }),
);
