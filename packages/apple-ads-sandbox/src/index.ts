// Public API of the Apple Ads v1 sandbox.
export { startSandbox, parseContext } from './server/sandbox-server.js';
export type {
  Sandbox,
  SandboxOptions,
  ApiUserRegistration,
  SandboxAccountInfo,
} from './server/sandbox-server.js';
export type { FaultSettings } from './server/faults.js';
export type { ScenarioName } from './model/scenario.js';
export { SCENARIOS } from './model/scenario.js';
export type { Role } from './model/entities.js';
export type {
  SendPostbacksOptions,
  SendPostbacksResult,
  PostbackPartner,
} from './partners/postback-sender.js';
export { partnerPostbacks, POSTBACK_PARTNERS } from './partners/postback-sender.js';
export { kochavaAppGuid } from './partners/kochava-routes.js';
export { FUNNEL, simulatedUsers } from './partners/attributed-users.js';
export {
  SLACK_SANDBOX_CLIENT_ID,
  SLACK_SANDBOX_CLIENT_SECRET,
  SLACK_DEMO_TEAM,
} from './slack/slack-workspace.js';
export type { SlackPostedMessage } from './slack/slack-workspace.js';
export {
  CHARGEBEE_SANDBOX_API_KEY,
  CHARGEBEE_SANDBOX_PUBLISHABLE_KEY,
  CHARGEBEE_SANDBOX_SITE,
} from './chargebee/chargebee-store.js';
export type { ChargebeeSimulator, WebhookTarget } from './chargebee/chargebee-routes.js';
