// GraphQL operations of the rule builder (docs: design of issue 8): saving a rule, backtesting a
// draft (a job: started, followed, then read), and the lookups its scope pickers and "add as
// keyword" target read. Saving is guarded on the server by automationRules.write, the backtest by
// automationRules.read; the lookups reuse the ads manager's (adsManager.read).
import {
  ERROR_CODES,
  type AutomationRuleInput,
  type BacktestInput,
  type RuleBacktestRun,
} from '@tapwise/contracts';
import { ApiError } from '../../../shared/api/http';
import { graphqlRequest } from '../../../shared/api/graphql';
import { adsManagerApi, type AdGroupLookup } from '../../ads-manager/ads-manager-api';
import { teamManagementApi } from '../../team-management/team-management-api';

/** A saved rule as the API answers it; `definition` is the saved automationRuleInput. */
export interface AutomationRule {
  id: string;
  name: string;
  enabled: boolean;
  status: string;
  definition: AutomationRuleInput;
  lastRunAt: string | null;
  lastRunStatus: string | null;
  nextRunAt: string | null;
  createdAt: string;
  updatedAt: string;
}

export const AUTOMATION_RULE_FIELDS =
  'id name enabled status definition lastRunAt lastRunStatus nextRunAt createdAt updatedAt';

interface RuleResult {
  successMessage: string;
  rule: AutomationRule;
}

export interface AccountAdGroup extends AdGroupLookup {
  campaignName: string;
}

/** A keyword of the one ad group a keyword-scoped rule covers. */
export interface KeywordLookup {
  id: number;
  name: string;
}

/** Keywords are listed from the report over a short, recent period: only their names matter. */
function keywordsPeriod(today: Date) {
  const day = today.toISOString().slice(0, 10);
  return { start: day, end: day };
}

export const builderKeys = {
  backtest: (backtestId: string) => ['automation', 'backtest', backtestId] as const,
  members: ['automation', 'members'] as const,
  keywords: (adGroupId: number) => ['automation', 'keywords', adGroupId] as const,
  accountAdGroups: (adAccountId: number) => ['automation', 'accountAdGroups', adAccountId] as const,
};

export const builderApi = {
  create: async (input: AutomationRuleInput) =>
    (
      await graphqlRequest<{ createAutomationRule: RuleResult }>(
        `mutation CreateAutomationRule($input: JSON!) {
          createAutomationRule(input: $input) { successMessage rule { ${AUTOMATION_RULE_FIELDS} } }
        }`,
        { input },
      )
    ).createAutomationRule,

  update: async (id: string, input: AutomationRuleInput) =>
    (
      await graphqlRequest<{ updateAutomationRule: RuleResult }>(
        `mutation UpdateAutomationRule($id: ID!, $input: JSON!) {
          updateAutomationRule(id: $id, input: $input) {
            successMessage rule { ${AUTOMATION_RULE_FIELDS} }
          }
        }`,
        { id, input },
      )
    ).updateAutomationRule,

  startBacktest: async (input: BacktestInput) =>
    (
      await graphqlRequest<{
        startAutomationRuleBacktest: { successMessage: string; backtestId: string };
      }>(
        `mutation StartAutomationRuleBacktest($input: JSON!) {
          startAutomationRuleBacktest(input: $input) { successMessage backtestId }
        }`,
        { input },
      )
    ).startAutomationRuleBacktest,

  /** A backtest's progress, with its result once DONE. */
  backtest: async (backtestId: string) =>
    (
      await graphqlRequest<{ automationRuleBacktest: RuleBacktestRun }>(
        `query AutomationRuleBacktest($id: ID!) {
          automationRuleBacktest(id: $id) {
            backtestId status done total failure message
            result { start end totalChanges days { date evaluated matched changes unconvertible } }
          }
        }`,
        { id: backtestId },
      )
    ).automationRuleBacktest,

  /** Every ad group of an ad account, for the ad group that receives promoted search terms. */
  accountAdGroups: async (adAccountId: number): Promise<AccountAdGroup[]> => {
    const campaigns = await adsManagerApi.campaigns(adAccountId);
    if (campaigns.length === 0) return [];
    const adGroups = (
      await graphqlRequest<{ getAdGroupsByCampaigns: AdGroupLookup[] }>(
        `query AdGroupsByCampaigns($adAccountId: Float!, $campaignIds: [Float!]!) {
          getAdGroupsByCampaigns(adAccountId: $adAccountId, campaignIds: $campaignIds) {
            id adAccountId campaignId name
          }
        }`,
        { adAccountId, campaignIds: campaigns.map((campaign) => campaign.id) },
      )
    ).getAdGroupsByCampaigns;
    const campaignName = new Map(campaigns.map((campaign) => [campaign.id, campaign.name]));
    return adGroups.map((group) => ({
      ...group,
      campaignName: campaignName.get(group.campaignId) ?? '',
    }));
  },

  /** Keywords of one ad group, paused and deleted ones left out of the picker by the status tab. */
  keywords: async (adAccountId: number, adGroupId: number): Promise<KeywordLookup[]> => {
    const page = await adsManagerApi.report('keywords', {
      period: keywordsPeriod(new Date()),
      filter: { adAccountIds: [adAccountId], adGroupIds: [adGroupId], statusTab: 'all' },
      sortBy: 'name',
      sortDesc: false,
      limit: 2000,
    });
    return page.rows
      .filter((row) => !row.deleted)
      .map((row) => ({ id: Number(row.id), name: row.name }));
  },

  /** E-mails of the company's members; only admins may list them, others pick none. */
  memberEmails: async (): Promise<string[]> =>
    (await teamManagementApi.members())
      .filter((member) => !member.isDisabled)
      .map((member) => member.email),
};

const isConflict = (error: unknown) =>
  error instanceof ApiError && (error.status === 409 || error.body?.code === ERROR_CODES.CONFLICT);

/** The server's "Rule name already exists", answered as a conflict. */
export const isRuleNameTaken = isConflict;

/** A backtest refused because the member's previous one still runs, answered as a conflict. */
export const isBacktestRunning = isConflict;
