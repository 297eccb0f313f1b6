// Test data of goals and partner integrations shaped like the API's answers (docs/api/goals.md),
// and a fake server answering the pages' GraphQL with quiet defaults, each answer replaceable.
import { fakeWrites } from '../ads-manager/actions/actions-test-kit';
import { APP } from '../ads-manager/ads-manager-factories';
import type { AttrIntegration } from '../attribution/attribution-api';
import type { AttrEventName, Goal } from '@tapwise/contracts';

export const GOAL_ID = '5d0c7a61-6f1e-4c39-9a4e-000000000001';
export const INTEGRATION_ID = '5d0c7a61-6f1e-4c39-9a4e-0000000000a1';
export const OTHER_APP = { ...APP, adamId: 1_500_000_002, name: 'Word Wizard' };

export function buildGoal(overrides: Partial<Goal> = {}): Goal {
  return {
    id: GOAL_ID,
    name: 'Trial starters',
    appId: APP.adamId,
    appName: APP.name,
    type: 'user engagement',
    events: ['Start Trial'],
    daysSinceInstall: 7,
    status: 'ACTIVE',
    createdAt: '2026-11-01T10:00:00.000Z',
    createdBy: 'Ada Lovelace',
    numbers: {
      currency: 'USD',
      // 40 goals and 100 attributed installs for 200 USD of spend, 300 USD of revenue.
      counts: { goals: 40, goalsRevenueMicros: 300_000_000, attrInstalls: 100 },
      spendMicros: 200_000_000,
    },
    ...overrides,
  };
}

export const EVENT_NAMES: AttrEventName[] = [
  {
    name: 'af_start_trial',
    eventType: 'Start Trial',
    kind: 'event',
    count: 12,
    lastDay: '2026-11-25',
  },
  { name: 'custom_level', eventType: null, kind: 'event', count: 3, lastDay: '2026-11-24' },
];

export function buildIntegration(overrides: Partial<AttrIntegration> = {}): AttrIntegration {
  return {
    id: INTEGRATION_ID,
    appId: APP.adamId,
    appName: APP.name,
    partner: 'CUSTOM_POSTBACK',
    status: 'ACTIVE',
    lastEventAt: null,
    lastError: null,
    lastErrorAt: null,
    createdAt: '2026-11-01T10:00:00.000Z',
    eventNames: EVENT_NAMES,
    kochava: null,
    ...overrides,
  };
}

const OWN_APPS = [APP, OTHER_APP].map((app) => ({
  adAccountId: app.adAccountId,
  adamId: app.adamId,
  name: app.name,
  adAccountName: app.adAccountName,
  currency: app.currency,
  timeZone: app.timeZone,
}));

type Answer = (variables: Record<string, unknown>) => unknown;

/** The goals and attribution API, each answer replaceable. */
export function goalsServer(answers: Record<string, Answer> = {}) {
  return fakeWrites({
    getIntegrationInfo: () => ({
      APPLE_SEARCH_ADS: true,
      firstSyncDone: true,
      demoMode: false,
      invalid: false,
      historyLimited: false,
      integrationId: 'int-1',
    }),
    getOwnAppsFromDB: () => OWN_APPS,
    getGoals: () => [buildGoal()],
    getGoalsFromApp: () => [buildGoal({ numbers: null })],
    doesGoalExist: () => true,
    checkGoalName: () => false,
    appEventNames: () => EVENT_NAMES,
    checkAppAttr: () => ({ attrExist: true, attrType: 'CUSTOM_POSTBACK', firstSyncDone: true }),
    createGoal: (variables) => ({ ...buildGoal(), ...(variables.input as object), numbers: null }),
    updateGoal: (variables) => ({ ...buildGoal(), ...(variables.input as object), numbers: null }),
    delGoal: () => true,
    listAttrIntegrations: () => [buildIntegration()],
    attrIntegrationSecrets: () => ({
      postbackUrl: 'https://api.tapwise.test/v1/api/postbacks/key-1',
      signingSecret: 'whsec_c2VjcmV0',
    }),
    createAttrIntegration: (variables) =>
      buildIntegration({ partner: variables.partner as AttrIntegration['partner'] }),
    setAttrIntegrationStatus: (variables) =>
      buildIntegration({ status: variables.status as AttrIntegration['status'] }),
    rotateAttrIntegrationSecret: () => ({
      postbackUrl: 'https://api.tapwise.test/v1/api/postbacks/key-2',
      signingSecret: 'whsec_bmV3',
    }),
    deleteAttrIntegration: () => true,
    sendAttrTestEvent: () => ({ ok: true, httpStatus: 200, message: 'stored 1' }),
    kochavaAttributionSave: () => buildIntegration({ partner: 'KOCHAVA' }),
    kochavaAttributionDelete: () => true,
    ...answers,
  });
}
