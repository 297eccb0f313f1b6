// Partner integrations' GraphQL calls (docs/api/goals.md, "Partner integrations"): reading needs
// integrations.read, the secrets and every change integrations.write.
import type {
  AttrEventName,
  AttributionPartner,
  KochavaAttributionSaveInput,
} from '@tapwise/contracts';
import { graphqlRequest } from '../../shared/api/graphql';

export type AttrStatus = 'ACTIVE' | 'DISABLED' | 'FAILED';

export interface KochavaSettings {
  appGuid: string;
  type: string;
  hydrateDate: string;
  pulledThrough: string | null;
}

export interface AttrIntegration {
  id: string;
  appId: number;
  appName: string;
  partner: AttributionPartner;
  status: AttrStatus;
  lastEventAt: string | null;
  lastError: string | null;
  lastErrorAt: string | null;
  createdAt: string;
  eventNames: AttrEventName[];
  kochava: KochavaSettings | null;
}

export interface AttrIntegrationSecrets {
  postbackUrl: string | null;
  signingSecret: string | null;
}

export interface AppAttr {
  attrExist: boolean;
  attrType: string | null;
  firstSyncDone: boolean;
}

export interface AttrTestResult {
  ok: boolean;
  httpStatus: number;
  message: string;
}

const INTEGRATION = `id appId appName partner status lastEventAt lastError lastErrorAt createdAt
  eventNames { name eventType kind count lastDay }
  kochava { appGuid type hydrateDate pulledThrough }`;
const SECRETS = 'postbackUrl signingSecret';

export const attributionKeys = {
  all: ['attribution'] as const,
  list: ['attribution', 'list'] as const,
  appAttr: (appId: number) => ['attribution', 'appAttr', appId] as const,
  secrets: (id: string) => ['attribution', 'secrets', id] as const,
};

export const attributionApi = {
  list: async () =>
    (
      await graphqlRequest<{ listAttrIntegrations: AttrIntegration[] }>(
        `query AttrIntegrations { listAttrIntegrations { ${INTEGRATION} } }`,
      )
    ).listAttrIntegrations,

  appAttr: async (appId: number) =>
    (
      await graphqlRequest<{ checkAppAttr: AppAttr }>(
        'query CheckAppAttr($appId: Float!) { checkAppAttr(appId: $appId) { attrExist attrType firstSyncDone } }',
        { appId },
      )
    ).checkAppAttr,

  secrets: async (id: string) =>
    (
      await graphqlRequest<{ attrIntegrationSecrets: AttrIntegrationSecrets }>(
        `query AttrSecrets($id: ID!) { attrIntegrationSecrets(id: $id) { ${SECRETS} } }`,
        { id },
      )
    ).attrIntegrationSecrets,

  create: async (appId: number, partner: string) =>
    (
      await graphqlRequest<{ createAttrIntegration: AttrIntegration }>(
        `mutation CreateAttr($appId: Float!, $partner: String!) {
          createAttrIntegration(appId: $appId, partner: $partner) { ${INTEGRATION} }
        }`,
        { appId, partner },
      )
    ).createAttrIntegration,

  setStatus: async (id: string, status: 'ACTIVE' | 'DISABLED') =>
    (
      await graphqlRequest<{ setAttrIntegrationStatus: AttrIntegration }>(
        `mutation SetAttrStatus($id: ID!, $status: String!) {
          setAttrIntegrationStatus(id: $id, status: $status) { ${INTEGRATION} }
        }`,
        { id, status },
      )
    ).setAttrIntegrationStatus,

  rotateSecret: async (id: string) =>
    (
      await graphqlRequest<{ rotateAttrIntegrationSecret: AttrIntegrationSecrets }>(
        `mutation RotateAttrSecret($id: ID!) { rotateAttrIntegrationSecret(id: $id) { ${SECRETS} } }`,
        { id },
      )
    ).rotateAttrIntegrationSecret,

  remove: async (id: string) =>
    (
      await graphqlRequest<{ deleteAttrIntegration: boolean }>(
        'mutation DeleteAttr($id: ID!) { deleteAttrIntegration(id: $id) }',
        { id },
      )
    ).deleteAttrIntegration,

  sendTest: async (id: string) =>
    (
      await graphqlRequest<{ sendAttrTestEvent: AttrTestResult }>(
        'mutation SendAttrTest($id: ID!) { sendAttrTestEvent(id: $id) { ok httpStatus message } }',
        { id },
      )
    ).sendAttrTestEvent,

  kochavaSave: async (input: KochavaAttributionSaveInput) =>
    (
      await graphqlRequest<{ kochavaAttributionSave: AttrIntegration }>(
        `mutation KochavaSave($api_key: String!, $app_guid: String!, $apple_app_id: Float!, $hydrate_date: String!, $type: String!) {
          kochavaAttributionSave(api_key: $api_key, app_guid: $app_guid, apple_app_id: $apple_app_id, hydrate_date: $hydrate_date, type: $type) { ${INTEGRATION} }
        }`,
        { ...input },
      )
    ).kochavaAttributionSave,

  kochavaDelete: async (appId: number) =>
    (
      await graphqlRequest<{ kochavaAttributionDelete: boolean }>(
        'mutation KochavaDelete($appId: Float!) { kochavaAttributionDelete(appId: $appId) }',
        { appId },
      )
    ).kochavaAttributionDelete,
};
