// Where each checklist item is done (the page its link opens), and which pages tick a flag by
// being visited (docs/onboarding.md).
import type { ChecklistFlag } from '@tapwise/contracts';

export const CHECKLIST_LINKS: Record<ChecklistFlag, string> = {
  onboarding: '/welcome-onboard',
  saIntegration: '/welcome-onboard/setup',
  overviewPage: '/overview',
  adsManager: '/ads-manager',
  createCampaign: '/create-campaign',
  createAdgroup: '/ads-manager',
  addKeys: '/ads-manager',
  addCS: '/ads-manager',
  kaiApp: '/keyword-auction-insights',
  kaiKeyword: '/keyword-auction-insights',
  kaiRecom: '/keyword-auction-insights',
  kaiTop: '/keyword-auction-insights',
  kaiComp: '/keyword-auction-insights',
  automationRules: '/arrules',
  createRule: '/arrules',
  createMmpGoals: '/goals',
  mmpIntegration: '/integrations',
  slackIntegration: '/integrations',
  scheduledReports: '/schedule-reports',
  campGen: '/campaign-generator-details',
  addMember: '/team-management',
};

/** The checklist's order on screen: getting started first, then the features. */
export const CHECKLIST_ORDER: readonly ChecklistFlag[] = [
  'onboarding',
  'saIntegration',
  'overviewPage',
  'adsManager',
  'createCampaign',
  'createAdgroup',
  'addKeys',
  'addCS',
  'kaiApp',
  'kaiKeyword',
  'kaiRecom',
  'kaiTop',
  'kaiComp',
  'automationRules',
  'createRule',
  'createMmpGoals',
  'mmpIntegration',
  'slackIntegration',
  'scheduledReports',
  'campGen',
  'addMember',
];

/** The page-visit flags: visiting the page ticks them (the server refuses the others). */
const VISIT_FLAG_OF_PATH: Record<string, ChecklistFlag> = {
  '/overview': 'overviewPage',
  '/ads-manager': 'adsManager',
  '/arrules': 'automationRules',
};

export function visitFlagOf(pathname: string): ChecklistFlag | null {
  return VISIT_FLAG_OF_PATH[pathname.replace(/\/+$/, '')] ?? null;
}
