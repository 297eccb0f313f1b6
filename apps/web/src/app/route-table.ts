// Every route of spec 1 §2, as data: the router, the layout and the route-table test all read it.
import type { PermissionArea, Role } from '@tapwise/contracts';
import { matchPath } from 'react-router';

/** Which parts of the layout a page shows (spec 1 §2, Navigation). */
export interface Chrome {
  topBar: boolean;
  sidebar: boolean;
}

export type PageKey =
  | 'login'
  | 'onboardFork'
  | 'welcomeMessage'
  | 'welcomeSetup'
  | 'signin'
  | 'recovery'
  | 'changePassword'
  | 'resetPassword'
  | 'forgotPassword'
  | 'onboard'
  | 'verify'
  | 'logout'
  | 'overview'
  | 'adsManager'
  | 'createCampaign'
  | 'searchTabCampaign'
  | 'todayTabCampaign'
  | 'productPageCampaign'
  | 'campaignView'
  | 'campaignList'
  | 'campaignListDialog'
  | 'keywordAnalysis'
  | 'organicKeywordRanking'
  | 'keywordOptimization'
  | 'keywordJourney'
  | 'strategicLosing'
  | 'otherPlacementTypes'
  | 'automationRules'
  | 'scriptedRule'
  | 'scriptedRuleProxy'
  | 'campaignGenerator'
  | 'goals'
  | 'scheduledReports'
  | 'exportJob'
  | 'strategies'
  | 'integrations'
  | 'kochavaIntegration'
  | 'appleAdsCallback'
  | 'appleAdsOnboardCallback'
  | 'slackCallback'
  | 'billingCallback'
  | 'settings'
  | 'teamManagement'
  | 'subscriptionPlan'
  | 'pricingPlan'
  | 'expiredFreeTrial'
  | 'manageSubscription'
  | 'companies'
  | 'saPanel';

/** Who may open a page; app/route-guard.tsx enforces it. */
export type Access =
  | { kind: 'public' }
  | { kind: 'signedIn' }
  | { kind: 'role'; role: Role }
  | { kind: 'permission'; area: PermissionArea };

export interface PageRoute {
  path: string;
  page: PageKey;
  chrome: Chrome;
  access: Access;
}

export interface RedirectRoute {
  path: string;
  redirectTo: string;
}

const bare: Chrome = { topBar: false, sidebar: false };
const full: Chrome = { topBar: true, sidebar: true };
const topBarOnly: Chrome = { topBar: true, sidebar: false };

const publicPage = (path: string, page: PageKey, chrome: Chrome = bare): PageRoute => ({
  path,
  page,
  chrome,
  access: { kind: 'public' },
});
const appPage = (
  path: string,
  page: PageKey,
  access: Access = { kind: 'signedIn' },
): PageRoute => ({
  path,
  page,
  chrome: full,
  access,
});
const guarded = (path: string, page: PageKey, area: PermissionArea) =>
  appPage(path, page, { kind: 'permission', area });

export const pageRoutes: readonly PageRoute[] = [
  publicPage('/login', 'login'),
  { path: '/onboard-fork', page: 'onboardFork', chrome: bare, access: { kind: 'signedIn' } },
  { path: '/welcome-onboard', page: 'welcomeMessage', chrome: bare, access: { kind: 'signedIn' } },
  {
    path: '/welcome-onboard/message',
    page: 'welcomeMessage',
    chrome: bare,
    access: { kind: 'signedIn' },
  },
  {
    path: '/welcome-onboard/setup',
    page: 'welcomeSetup',
    chrome: topBarOnly,
    access: { kind: 'signedIn' },
  },
  publicPage('/signin', 'signin'),
  publicPage('/signin/recovery', 'recovery'),
  {
    path: '/signin/change-password',
    page: 'changePassword',
    chrome: bare,
    access: { kind: 'signedIn' },
  },
  publicPage('/forgot-password', 'forgotPassword'),
  publicPage('/change-password', 'resetPassword'),
  { path: '/onboard', page: 'onboard', chrome: bare, access: { kind: 'signedIn' } },
  publicPage('/verify', 'verify'),
  publicPage('/logout', 'logout'),

  appPage('/overview', 'overview'),
  guarded('/ads-manager', 'adsManager', 'adsManager'),
  guarded('/create-campaign', 'createCampaign', 'campaignCreation'),
  guarded('/searchtab-campaign', 'searchTabCampaign', 'campaignCreation'),
  guarded('/todaystab-campaign', 'todayTabCampaign', 'campaignCreation'),
  guarded('/productpage-campaign', 'productPageCampaign', 'campaignCreation'),
  guarded('/campaign-view', 'campaignView', 'campaignCreation'),
  guarded('/campaign-list', 'campaignList', 'campaignCreation'),
  guarded('/campaign-list-dialog', 'campaignListDialog', 'campaignCreation'),

  guarded('/keyword-auction-insights', 'keywordAnalysis', 'keywordAnalysis'),
  guarded('/organic-keyword-ranking', 'organicKeywordRanking', 'keywordAnalysis'),
  guarded('/keyword-optimization', 'keywordOptimization', 'keywordOptimization'),
  guarded('/keyword-journey', 'keywordJourney', 'keywordOptimization'),
  guarded('/strategic-losing', 'strategicLosing', 'keywordOptimization'),
  guarded('/other-placement-types', 'otherPlacementTypes', 'keywordOptimization'),

  guarded('/arrules', 'automationRules', 'automationRules'),
  guarded('/scripted-rule', 'scriptedRule', 'automationRules'),
  guarded('/sar-proxy', 'scriptedRuleProxy', 'automationRules'),
  guarded('/campaign-generator-details', 'campaignGenerator', 'campaignGenerator'),
  guarded('/goals', 'goals', 'goals'),
  guarded('/schedule-reports', 'scheduledReports', 'scheduleReports'),
  guarded('/strategies', 'strategies', 'strategies'),

  // The link a large export's mail carries (docs/exports.md).
  appPage('/exports/:id', 'exportJob'),

  appPage('/integrations', 'integrations'),
  appPage('/kochava-integration', 'kochavaIntegration'),
  {
    path: '/sa-integration/auth/cb',
    page: 'appleAdsCallback',
    chrome: bare,
    access: { kind: 'signedIn' },
  },
  {
    path: '/sa-integration/auth/cb/onboard',
    page: 'appleAdsOnboardCallback',
    chrome: bare,
    access: { kind: 'signedIn' },
  },
  {
    path: '/slack-integration/auth/cb',
    page: 'slackCallback',
    chrome: bare,
    access: { kind: 'signedIn' },
  },
  { path: '/cb-poc', page: 'billingCallback', chrome: bare, access: { kind: 'signedIn' } },

  appPage('/settings', 'settings'),
  guarded('/team-management', 'teamManagement', 'teamManagement'),

  appPage('/subscription-plan', 'subscriptionPlan'),
  appPage('/pricing-plan', 'pricingPlan'),
  appPage('/expired-free-trial', 'expiredFreeTrial'),
  appPage('/manage-subscription', 'manageSubscription'),

  appPage('/users', 'companies', { kind: 'role', role: 'SUPERADMIN' }),
  appPage('/searchads-manage', 'saPanel', { kind: 'role', role: 'SUPERADMIN' }),
];

/** Redirects of spec 1 §2. `/signup` is decided at run time by the self sign-up state. */
export const redirectRoutes: readonly RedirectRoute[] = [
  { path: '/', redirectTo: '/login' },
  { path: '*', redirectTo: '/login' },
];

export const SIGNUP_PATH = '/signup';

export function findPageRoute(pathname: string): PageRoute | undefined {
  const normalised = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
  return pageRoutes.find((route) => matchPath(route.path, normalised));
}
