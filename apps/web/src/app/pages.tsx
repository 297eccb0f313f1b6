// Which component renders each page. Pages load on demand so /login stays small.
import type { AdPlacement } from '@tapwise/contracts';
import type { ReactElement } from 'react';
import { IntegrationGuard } from '../features/integrations/integration-guard';
import { lazyPage } from './lazy-page';
import type { PageKey } from './route-table';

const LoginPage = lazyPage(() => import('../features/auth/login-page'));
const KeywordOptimizationPage = lazyPage(
  () => import('../features/keyword-optimization/keyword-optimization-page'),
);
const LogoutPage = lazyPage(() => import('../features/auth/logout-page'));
const VerifyPage = lazyPage(() => import('../features/auth/verify-page'));
const OnboardPage = lazyPage(() => import('../features/auth/onboard-page'));
const PasswordRecoveryPage = lazyPage(() => import('../features/auth/password-recovery-page'));
const ChangePasswordPage = lazyPage(() => import('../features/auth/change-password-page'));
const TeamManagementPage = lazyPage(
  () => import('../features/team-management/team-management-page'),
);
const CompaniesPage = lazyPage(() => import('../features/staff/companies-page'));
const SaPanelPage = lazyPage(() => import('../features/staff/sa-panel-page'));
const OverviewPage = lazyPage(() => import('../features/overview/overview-page'));
const ExpiredTrialPage = lazyPage(() => import('../features/billing/expired-trial-page'));
const AdsManagerPage = lazyPage(() => import('../features/ads-manager/ads-manager-page'));
const KeywordAnalysisPage = lazyPage(
  () => import('../features/keyword-research/analysis/keyword-analysis-page'),
);
const AutomationPage = lazyPage(() => import('../features/automation/automation-page'));
const ScriptedRulesPage = lazyPage(() => import('../features/scripted-rules/scripted-rules-page'));
const ScriptGatewayPage = lazyPage(() => import('../features/scripted-rules/script-gateway-page'));
const CampaignWizard = lazyPage(() => import('../features/campaign-creation/campaign-wizard'));
const CampaignViewPage = lazyPage(() => import('../features/campaign-view/campaign-view-page'));
const CampaignListPage = lazyPage(() => import('../features/campaign-creation/campaign-list-page'));
const CampaignListDialogPage = lazyPage(
  () => import('../features/campaign-creation/campaign-list-dialog-page'),
);
const OrganicRankingPage = lazyPage(
  () => import('../features/organic-ranking/organic-ranking-page'),
);
const CampaignGeneratorPage = lazyPage(
  () => import('../features/campaign-generator/campaign-generator-page'),
);
const StrategicLosingPage = lazyPage(
  () => import('../features/strategic-losing/strategic-losing-page'),
);
const KeywordJourneyPage = lazyPage(
  () => import('../features/keyword-journey/keyword-journey-page'),
);
const OtherPlacementsPage = lazyPage(
  () => import('../features/other-placements/other-placements-page'),
);
const CallbackPage = lazyPage(() => import('../features/system/callback-page'));
const IntegrationsPage = lazyPage(() => import('../features/integrations/integrations-page'));
const GoalsPage = lazyPage(() => import('../features/goals/goals-page'));
const StrategiesPage = lazyPage(() => import('../features/strategies/strategies-page'));
const ScheduledReportsPage = lazyPage(
  () => import('../features/scheduled-reports/scheduled-reports-page'),
);
const KochavaPage = lazyPage(() => import('../features/attribution/kochava-page'));
const SlackCallbackPage = lazyPage(() => import('../features/slack/slack-callback-page'));
const ExportJobPage = lazyPage(() => import('../features/exports/export-job-page'));
const WelcomeSetupPage = lazyPage(() => import('../features/onboarding/welcome-setup-page'));
const WelcomeMessagePage = lazyPage(() => import('../features/onboarding/welcome-message-page'));
const OnboardForkPage = lazyPage(() => import('../features/onboarding/onboard-fork-page'));
const SettingsPage = lazyPage(() => import('../features/settings/settings-page'));
const PlansPage = lazyPage(() => import('../features/billing/plans-page'));
const ManageSubscriptionPage = lazyPage(
  () => import('../features/billing/manage-subscription-page'),
);

/** The wizard's placement on each of its routes (PLACEMENT_ROUTES in the contract). */
const PLACEMENT_OF_PAGE = {
  createCampaign: 'SEARCH_RESULTS',
  searchTabCampaign: 'SEARCH_TAB',
  todayTabCampaign: 'TODAY_TAB',
  productPageCampaign: 'PRODUCT_PAGES',
} as const satisfies Partial<Record<PageKey, AdPlacement>>;

export function renderPage(page: PageKey): ReactElement {
  switch (page) {
    case 'login':
    case 'signin':
      return <LoginPage />;
    case 'logout':
      return <LogoutPage />;
    case 'verify':
      return <VerifyPage />;
    case 'onboard':
      return <OnboardPage />;
    case 'forgotPassword':
    case 'recovery':
    case 'resetPassword':
      return <PasswordRecoveryPage />;
    case 'changePassword':
      return <ChangePasswordPage />;
    case 'teamManagement':
      return <TeamManagementPage />;
    case 'companies':
      return <CompaniesPage />;
    case 'saPanel':
      return <SaPanelPage />;
    case 'integrations':
      return <IntegrationsPage />;
    case 'kochavaIntegration':
      return <KochavaPage />;
    case 'slackCallback':
      return <SlackCallbackPage />;
    case 'goals':
      return (
        <IntegrationGuard>
          <GoalsPage />
        </IntegrationGuard>
      );
    case 'strategies':
      return <StrategiesPage />;
    case 'expiredFreeTrial':
      return <ExpiredTrialPage />;
    case 'scheduledReports':
      return <ScheduledReportsPage />;
    case 'exportJob':
      return <ExportJobPage />;
    case 'onboardFork':
      return <OnboardForkPage />;
    case 'welcomeMessage':
      return <WelcomeMessagePage />;
    case 'welcomeSetup':
      return <WelcomeSetupPage />;
    case 'settings':
      return <SettingsPage />;
    case 'subscriptionPlan':
      return <PlansPage page="subscriptionPlan" />;
    case 'pricingPlan':
      return <PlansPage page="pricingPlan" />;
    case 'manageSubscription':
      return <ManageSubscriptionPage />;
    // Pages that need a synced Apple Ads integration unless in demo mode (spec 1 §6).
    case 'overview':
      return (
        <IntegrationGuard>
          <OverviewPage />
        </IntegrationGuard>
      );
    case 'adsManager':
      return (
        <IntegrationGuard>
          <AdsManagerPage />
        </IntegrationGuard>
      );
    case 'createCampaign':
    case 'searchTabCampaign':
    case 'todayTabCampaign':
    case 'productPageCampaign':
      return (
        <IntegrationGuard>
          <CampaignWizard placement={PLACEMENT_OF_PAGE[page]} />
        </IntegrationGuard>
      );
    case 'strategicLosing':
      return (
        <IntegrationGuard>
          <StrategicLosingPage />
        </IntegrationGuard>
      );
    case 'campaignView':
      return (
        <IntegrationGuard>
          <CampaignViewPage />
        </IntegrationGuard>
      );
    case 'campaignList':
      return <CampaignListPage />;
    case 'campaignListDialog':
      return <CampaignListDialogPage />;
    case 'keywordOptimization':
      return (
        <IntegrationGuard>
          <KeywordOptimizationPage />
        </IntegrationGuard>
      );
    case 'keywordAnalysis':
      return (
        <IntegrationGuard>
          <KeywordAnalysisPage />
        </IntegrationGuard>
      );
    case 'organicKeywordRanking':
      return (
        <IntegrationGuard>
          <OrganicRankingPage />
        </IntegrationGuard>
      );
    case 'automationRules':
      return (
        <IntegrationGuard>
          <AutomationPage />
        </IntegrationGuard>
      );
    case 'scriptedRule':
      return (
        <IntegrationGuard>
          <ScriptedRulesPage />
        </IntegrationGuard>
      );
    case 'scriptedRuleProxy':
      return (
        <IntegrationGuard>
          <ScriptGatewayPage />
        </IntegrationGuard>
      );
    case 'keywordJourney':
      return (
        <IntegrationGuard>
          <KeywordJourneyPage />
        </IntegrationGuard>
      );
    case 'otherPlacementTypes':
      return (
        <IntegrationGuard>
          <OtherPlacementsPage />
        </IntegrationGuard>
      );
    case 'campaignGenerator':
      return (
        <IntegrationGuard>
          <CampaignGeneratorPage />
        </IntegrationGuard>
      );
    case 'appleAdsCallback':
    case 'appleAdsOnboardCallback':
    case 'billingCallback':
      return <CallbackPage page={page} />;
  }
}
