// The campaign and ad group filters: the app's live campaigns and their live ad groups, as the
// ads manager's actions read them.
import { MultiSelect } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { actionsApi } from '../ads-manager/actions/actions-api';

export function ScopeFilters(props: {
  adAccountId: number;
  adamId: number;
  campaignIds: number[];
  adGroupIds: number[];
  onChange(scope: { campaignIds: number[]; adGroupIds: number[] }): void;
}) {
  const { t } = useTranslation();
  const scope = useQuery({
    queryKey: ['keywordOptimization', 'scope', props.adAccountId, props.adamId],
    queryFn: () => actionsApi.adGroupsOfApp(props.adAccountId, props.adamId),
  });
  const campaigns = (scope.data ?? []).flatMap(({ campaign, adGroups }) =>
    adGroups.length ? [{ value: String(adGroups[0]!.campaignId), label: campaign }] : [],
  );
  const adGroups = (scope.data ?? [])
    .filter(
      ({ adGroups: groups }) =>
        props.campaignIds.length === 0 ||
        groups.some((group) => props.campaignIds.includes(group.campaignId)),
    )
    .map(({ campaign, adGroups: groups }) => ({
      group: campaign,
      items: groups.map((group) => ({ value: String(group.id), label: group.name })),
    }));
  const numbers = (values: string[]) => values.map(Number);
  return (
    <>
      <MultiSelect
        label={t('keywordOptimization.campaigns')}
        placeholder={t('keywordOptimization.all')}
        w={220}
        searchable
        clearable
        data={campaigns}
        value={props.campaignIds.map(String)}
        onChange={(values) => props.onChange({ campaignIds: numbers(values), adGroupIds: [] })}
      />
      <MultiSelect
        label={t('keywordOptimization.adGroups')}
        placeholder={t('keywordOptimization.all')}
        w={220}
        searchable
        clearable
        data={adGroups}
        value={props.adGroupIds.map(String)}
        onChange={(values) =>
          props.onChange({ campaignIds: props.campaignIds, adGroupIds: numbers(values) })
        }
      />
    </>
  );
}
