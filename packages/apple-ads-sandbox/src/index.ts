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
