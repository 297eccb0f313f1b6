// GraphQL of partner integrations (docs/api/goals.md, Partner integrations): list, check, secrets,
// create, the Kochava pull, status, rotation, deletion and the test event.
import { createAttrIntegrationInput, kochavaAttributionSaveInput } from '@tapwise/contracts';
import { z } from 'zod';
import { requireTeam } from '../../platform/auth/auth-context';
import { access } from '../../platform/graphql/access-guard';
import { builder } from '../../platform/graphql/builder';
import {
  checkAppAttribution,
  createPostbackIntegration,
  deleteAttrIntegrationById,
  deleteKochavaPull,
  listIntegrationsOf,
  readIntegrationSecrets,
  rotateIntegrationSecret,
  saveKochavaPull,
  sendTestEvent,
  setIntegrationStatus,
  type AttrIntegrationView,
} from './attribution.service';

type EventNameView = AttrIntegrationView['eventNames'][number];
type KochavaView = NonNullable<AttrIntegrationView['kochava']>;

export const AttrEventNameRef = builder.objectRef<EventNameView>('AttrEventName').implement({
  fields: (t) => ({
    name: t.exposeString('name'),
    eventType: t.exposeString('eventType', { nullable: true }),
    kind: t.exposeString('kind'),
    count: t.exposeInt('count'),
    lastDay: t.exposeString('lastDay'),
  }),
});

const KochavaSettingsRef = builder.objectRef<KochavaView>('KochavaSettings').implement({
  fields: (t) => ({
    appGuid: t.exposeString('appGuid'),
    type: t.exposeString('type'),
    hydrateDate: t.exposeString('hydrateDate'),
    pulledThrough: t.exposeString('pulledThrough', { nullable: true }),
  }),
});

const AttrIntegrationRef = builder.objectRef<AttrIntegrationView>('AttrIntegration').implement({
  fields: (t) => ({
    id: t.exposeID('id'),
    appId: t.exposeFloat('appId'),
    appName: t.exposeString('appName'),
    partner: t.exposeString('partner'),
    status: t.exposeString('status'),
    lastEventAt: t.exposeString('lastEventAt', { nullable: true }),
    lastError: t.exposeString('lastError', { nullable: true }),
    lastErrorAt: t.exposeString('lastErrorAt', { nullable: true }),
    createdAt: t.exposeString('createdAt'),
    eventNames: t.field({ type: [AttrEventNameRef], resolve: (row) => row.eventNames }),
    kochava: t.field({ type: KochavaSettingsRef, nullable: true, resolve: (row) => row.kochava }),
  }),
});

const AttrIntegrationSecretsRef = builder
  .objectRef<{ postbackUrl: string | null; signingSecret: string | null }>('AttrIntegrationSecrets')
  .implement({
    fields: (t) => ({
      postbackUrl: t.exposeString('postbackUrl', { nullable: true }),
      signingSecret: t.exposeString('signingSecret', { nullable: true }),
    }),
  });

const AppAttrRef = builder
  .objectRef<{ attrExist: boolean; attrType: string | null; firstSyncDone: boolean }>('AppAttr')
  .implement({
    fields: (t) => ({
      attrExist: t.exposeBoolean('attrExist'),
      attrType: t.exposeString('attrType', { nullable: true }),
      firstSyncDone: t.exposeBoolean('firstSyncDone'),
    }),
  });

const AttrTestResultRef = builder
  .objectRef<{ ok: boolean; httpStatus: number; message: string }>('AttrTestResult')
  .implement({
    fields: (t) => ({
      ok: t.exposeBoolean('ok'),
      httpStatus: t.exposeInt('httpStatus'),
      message: t.exposeString('message'),
    }),
  });

const appIdValue = z.number().int().positive();
const statusValue = z.enum(['ACTIVE', 'DISABLED']);

builder.queryField('listAttrIntegrations', (t) =>
  t.field({
    ...access('integrations.read'),
    type: [AttrIntegrationRef],
    args: { appId: t.arg.float({ required: false }) },
    resolve: (_root, args, { app, auth }) =>
      listIntegrationsOf(
        app,
        requireTeam(auth).teamId,
        args.appId == null ? undefined : appIdValue.parse(args.appId),
      ),
  }),
);

builder.queryField('checkAppAttr', (t) =>
  t.field({
    ...access('integrations.read'),
    type: AppAttrRef,
    args: { appId: t.arg.float({ required: true }) },
    resolve: (_root, args, { app, auth }) =>
      checkAppAttribution(app, requireTeam(auth).teamId, appIdValue.parse(args.appId)),
  }),
);

builder.queryField('attrIntegrationSecrets', (t) =>
  t.field({
    ...access('integrations.write'),
    type: AttrIntegrationSecretsRef,
    args: { id: t.arg.id({ required: true }) },
    resolve: (_root, args, { app, auth }) =>
      readIntegrationSecrets(app, requireTeam(auth).teamId, String(args.id)),
  }),
);

builder.mutationField('createAttrIntegration', (t) =>
  t.field({
    ...access('integrations.write'),
    type: AttrIntegrationRef,
    args: {
      appId: t.arg.float({ required: true }),
      partner: t.arg.string({ required: true }),
    },
    resolve: (_root, args, { app, auth }) =>
      createPostbackIntegration(app, requireTeam(auth), createAttrIntegrationInput.parse(args)),
  }),
);

builder.mutationField('kochavaAttributionSave', (t) =>
  t.field({
    ...access('integrations.write'),
    type: AttrIntegrationRef,
    args: {
      api_key: t.arg.string({ required: true }),
      app_guid: t.arg.string({ required: true }),
      apple_app_id: t.arg.float({ required: true }),
      hydrate_date: t.arg.string({ required: true }),
      type: t.arg.string({ required: true }),
    },
    resolve: (_root, args, { app, auth }) =>
      saveKochavaPull(app, requireTeam(auth), kochavaAttributionSaveInput.parse(args)),
  }),
);

builder.mutationField('kochavaAttributionDelete', (t) =>
  t.field({
    ...access('integrations.write'),
    type: 'Boolean',
    args: { appId: t.arg.float({ required: true }) },
    resolve: (_root, args, { app, auth }) =>
      deleteKochavaPull(app, requireTeam(auth), appIdValue.parse(args.appId)),
  }),
);

builder.mutationField('setAttrIntegrationStatus', (t) =>
  t.field({
    ...access('integrations.write'),
    type: AttrIntegrationRef,
    args: { id: t.arg.id({ required: true }), status: t.arg.string({ required: true }) },
    resolve: (_root, args, { app, auth }) =>
      setIntegrationStatus(app, requireTeam(auth), String(args.id), statusValue.parse(args.status)),
  }),
);

builder.mutationField('rotateAttrIntegrationSecret', (t) =>
  t.field({
    ...access('integrations.write'),
    type: AttrIntegrationSecretsRef,
    args: { id: t.arg.id({ required: true }) },
    resolve: (_root, args, { app, auth }) =>
      rotateIntegrationSecret(app, requireTeam(auth), String(args.id)),
  }),
);

builder.mutationField('deleteAttrIntegration', (t) =>
  t.field({
    ...access('integrations.write'),
    type: 'Boolean',
    args: { id: t.arg.id({ required: true }) },
    resolve: (_root, args, { app, auth }) =>
      deleteAttrIntegrationById(app, requireTeam(auth), String(args.id)),
  }),
);

builder.mutationField('sendAttrTestEvent', (t) =>
  t.field({
    ...access('integrations.write'),
    type: AttrTestResultRef,
    args: { id: t.arg.id({ required: true }) },
    resolve: (_root, args, { app, auth }) => sendTestEvent(app, requireTeam(auth), String(args.id)),
  }),
);
