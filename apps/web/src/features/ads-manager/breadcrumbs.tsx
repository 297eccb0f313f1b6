// Where the drill-down stands: Accounts › Account › App › Campaign › Ad group. Each crumb opens
// the level below it within its own scope; the last one is where the table is.
import { Anchor, Breadcrumbs, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { ScopeNames } from './use-scope-names';
import type { DrillScope, VisibleTab } from './url-state';

interface Crumb {
  label: string;
  tab: VisibleTab;
  scope: DrillScope;
}

export function crumbsOf(scope: DrillScope, names: ScopeNames, accountsLabel: string): Crumb[] {
  const { adAccountId, adamId, campaignId, adGroupId } = scope;
  const crumbs: Crumb[] = [{ label: accountsLabel, tab: 'accounts', scope: {} }];
  if (!adAccountId) return crumbs;
  crumbs.push({
    label: names.accountName ?? String(adAccountId),
    tab: 'campaigns',
    scope: { adAccountId },
  });
  if (adamId) {
    crumbs.push({
      label: names.appName ?? String(adamId),
      tab: 'campaigns',
      scope: { adAccountId, adamId },
    });
  }
  if (campaignId) {
    crumbs.push({
      label: names.campaignName ?? String(campaignId),
      tab: 'adGroups',
      scope: { adAccountId, adamId, campaignId },
    });
  }
  if (campaignId && adGroupId) {
    crumbs.push({
      label: names.adGroupName ?? String(adGroupId),
      tab: 'keywords',
      scope: { adAccountId, adamId, campaignId, adGroupId },
    });
  }
  return crumbs;
}

export function DrillBreadcrumbs(props: {
  scope: DrillScope;
  names: ScopeNames;
  onOpen(tab: VisibleTab, scope: DrillScope): void;
}) {
  const { t } = useTranslation();
  const crumbs = crumbsOf(props.scope, props.names, t('adsManager.tabs.accounts'));
  if (crumbs.length === 1) return null;
  return (
    <Breadcrumbs aria-label={t('adsManager.breadcrumbs')} data-testid="breadcrumbs">
      {crumbs.map((crumb, index) =>
        index === crumbs.length - 1 ? (
          <Text key={crumb.label + index} size="sm" fw={600} aria-current="page">
            {crumb.label}
          </Text>
        ) : (
          <Anchor
            key={crumb.label + index}
            component="button"
            type="button"
            size="sm"
            onClick={() => props.onOpen(crumb.tab, crumb.scope)}
          >
            {crumb.label}
          </Anchor>
        ),
      )}
    </Breadcrumbs>
  );
}
