// What the scope pickers offer, narrowed by what is already picked above them: the ad accounts
// and apps of the team, the campaigns of the picked accounts (all accounts when none is picked),
// the ad groups of the picked campaigns, and the keywords of the one picked ad group.
import type { RuleScope } from '@tapwise/contracts';
import { useQueries, useQuery } from '@tanstack/react-query';
import { adsManagerApi, adsManagerKeys, type AppWithOrg } from '../../ads-manager/ads-manager-api';
import { builderApi, builderKeys } from './builder-api';

export interface PickerOption {
  value: string;
  label: string;
}

type Scope = Partial<RuleScope>;

const option = (id: number, label: string): PickerOption => ({ value: String(id), label });

/** One entry per ad account (the app list repeats an account for each of its apps). */
export function accountsOf(apps: readonly AppWithOrg[]): AppWithOrg[] {
  return apps.filter(
    (app, index) => apps.findIndex((other) => other.adAccountId === app.adAccountId) === index,
  );
}

/** The team's apps with their ad accounts (also read for currencies and the keyword target). */
export function useAppsWithOrg() {
  return useQuery({ queryKey: adsManagerKeys.apps, queryFn: adsManagerApi.apps }).data ?? [];
}

/**
 * The currencies of the ad accounts the scope reaches (through its campaigns, accounts or apps):
 * each account's items are judged and changed in its own currency.
 */
export function useScopeCurrencies(scope: Scope): string[] {
  return useScopeOptions(scope).currencies;
}

export function useScopeOptions(scope: Scope) {
  const apps = useAppsWithOrg();
  const accountIds = scope.adAccountIds ?? [];
  const adamIds = scope.adamIds ?? [];
  const campaignIds = scope.campaignIds ?? [];
  const adGroupIds = scope.adGroupIds ?? [];
  const accounts = accountsOf(apps);
  const inAccounts = (adAccountId: number) =>
    accountIds.length === 0 || accountIds.includes(adAccountId);

  const campaignQueries = useQueries({
    queries: accounts
      .filter((account) => inAccounts(account.adAccountId))
      .map((account) => ({
        queryKey: adsManagerKeys.campaigns(account.adAccountId),
        queryFn: () => adsManagerApi.campaigns(account.adAccountId),
      })),
  });
  const campaigns = campaignQueries
    .flatMap((query) => query.data ?? [])
    .filter((campaign) => adamIds.length === 0 || adamIds.includes(campaign.adamId));

  const pickedCampaigns = campaigns.filter((campaign) => campaignIds.includes(campaign.id));
  const adGroupQueries = useQueries({
    queries: pickedCampaigns.map((campaign) => ({
      queryKey: adsManagerKeys.adGroups(campaign.adAccountId, campaign.id),
      queryFn: () => adsManagerApi.adGroups(campaign.adAccountId, campaign.id),
    })),
  });
  const adGroups = adGroupQueries.flatMap((query) => query.data ?? []);

  // Keywords are listed for exactly one ad group (spec 2 §5).
  const onlyAdGroup =
    adGroupIds.length === 1 ? adGroups.find((group) => group.id === adGroupIds[0]) : undefined;
  const keywords = useQuery({
    queryKey: builderKeys.keywords(onlyAdGroup?.id ?? 0),
    queryFn: () => builderApi.keywords(onlyAdGroup!.adAccountId, onlyAdGroup!.id),
    enabled: onlyAdGroup !== undefined,
  });

  const reachedAccounts =
    pickedCampaigns.length > 0
      ? pickedCampaigns.map((campaign) => campaign.adAccountId)
      : accountIds.length > 0
        ? accountIds
        : adamIds.length > 0
          ? apps.filter((app) => adamIds.includes(app.adamId)).map((app) => app.adAccountId)
          : accounts.map((account) => account.adAccountId);
  const currencies = new Set(
    apps.filter((app) => reachedAccounts.includes(app.adAccountId)).map((app) => app.currency),
  );

  return {
    currencies: [...currencies].sort(),
    accounts: accounts.map((account) => option(account.adAccountId, account.adAccountName)),
    apps: apps
      .filter((app) => inAccounts(app.adAccountId))
      .map((app) => option(app.adamId, app.name))
      .filter((app, index, list) => list.findIndex((o) => o.value === app.value) === index),
    campaigns: campaigns.map((campaign) => option(campaign.id, campaign.name)),
    adGroups: adGroups.map((group) => option(group.id, group.name)),
    keywords: (keywords.data ?? []).map((keyword) => option(keyword.id, keyword.name)),
    keywordsAvailable: onlyAdGroup !== undefined,
  };
}
