// What each page shows while its data does not exist yet: an honest empty state.
import type { PageKey } from '../../app/route-table';

/**
 * needsIntegration: the page works on synced Apple Ads data (spec 1 §6).
 * nothingYet: the page lists things the user creates; none exist.
 */
export type EmptyKind = 'needsIntegration' | 'nothingYet';

export const EMPTY_KIND: Partial<Record<PageKey, EmptyKind>> = {
  overview: 'needsIntegration',
  adsManager: 'needsIntegration',
  keywordAnalysis: 'nothingYet',
  organicKeywordRanking: 'nothingYet',
  keywordOptimization: 'needsIntegration',
  keywordJourney: 'needsIntegration',
  strategicLosing: 'needsIntegration',
  otherPlacementTypes: 'needsIntegration',
  automationRules: 'needsIntegration',
  scriptedRule: 'needsIntegration',
  scriptedRuleProxy: 'needsIntegration',
  goals: 'nothingYet',
  strategies: 'nothingYet',
  integrations: 'nothingYet',
  kochavaIntegration: 'needsIntegration',
  settings: 'nothingYet',
  subscriptionPlan: 'nothingYet',
  pricingPlan: 'nothingYet',
  expiredFreeTrial: 'nothingYet',
  manageSubscription: 'nothingYet',
  onboardFork: 'nothingYet',
  welcomeMessage: 'nothingYet',
  welcomeSetup: 'needsIntegration',
};

/** Callback pages only pass through: they return the user to where the flow continues. */
export const CALLBACK_TARGETS: Partial<Record<PageKey, string>> = {
  appleAdsCallback: '/integrations',
  appleAdsOnboardCallback: '/welcome-onboard/setup',
  billingCallback: '/manage-subscription',
};
