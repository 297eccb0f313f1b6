// Names and settings of the drill-down scope, looked up so a shared address shows the same
// breadcrumbs: the account and app from the app list, the campaign and ad group from lookups.
import { DEFAULT_CURRENCY } from '@tapwise/contracts';
import { useQuery } from '@tanstack/react-query';
import { adsManagerApi, adsManagerKeys } from './ads-manager-api';
import type { DrillScope } from './url-state';

export interface ScopeNames {
  accountName?: string;
  appName?: string;
  campaignName?: string;
  adGroupName?: string;
  currency: string;
}

export function useScopeNames(scope: DrillScope) {
  const apps = useQuery({ queryKey: adsManagerKeys.apps, queryFn: adsManagerApi.apps });
  const { adAccountId, campaignId, adGroupId } = scope;
  const campaigns = useQuery({
    queryKey: adsManagerKeys.campaigns(adAccountId ?? 0),
    queryFn: () => adsManagerApi.campaigns(adAccountId!),
    enabled: adAccountId !== undefined && campaignId !== undefined,
  });
  const adGroups = useQuery({
    queryKey: adsManagerKeys.adGroups(adAccountId ?? 0, campaignId ?? 0),
    queryFn: () => adsManagerApi.adGroups(adAccountId!, campaignId!),
    enabled: adAccountId !== undefined && campaignId !== undefined && adGroupId !== undefined,
  });

  const list = apps.data ?? [];
  const account = list.find((app) => app.adAccountId === adAccountId) ?? list[0];
  const names: ScopeNames = {
    accountName: adAccountId ? account?.adAccountName : undefined,
    appName: list.find((app) => app.adAccountId === adAccountId && app.adamId === scope.adamId)
      ?.name,
    campaignName: campaigns.data?.find((campaign) => campaign.id === campaignId)?.name,
    adGroupName: adGroups.data?.find((adGroup) => adGroup.id === adGroupId)?.name,
    currency: account?.currency ?? DEFAULT_CURRENCY,
  };
  return { apps, names };
}
