// Keyword actions: a keyword's or search term's text as a negative keyword of its ad group or
// campaign, and a search term promoted to a keyword of a chosen ad group.
import { Group, Select, Text, TextInput } from '@mantine/core';
import { MATCH_TYPES, type MatchType } from '@tapwise/contracts';
import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { ActionPartProps } from './action-fields';
import { builderApi, builderKeys } from './builder-api';
import { inputText, type ActionDraft } from './rule-draft';
import { accountsOf, useAppsWithOrg } from './use-scope-options';

type KeywordAction = Extract<ActionDraft, { type: 'ADD_AS_NEGATIVE_KEYWORD' | 'ADD_AS_KEYWORD' }>;
type PromoteAction = Extract<ActionDraft, { type: 'ADD_AS_KEYWORD' }>;

const NEGATIVE_LEVELS = ['AD_GROUP', 'CAMPAIGN'] as const;

export function KeywordActionFields(props: ActionPartProps<KeywordAction>) {
  const { t } = useTranslation();
  const { action, onChange, error } = props;
  const matchType = (
    <Select
      label={t('automation.builder.keyword.matchType')}
      data={MATCH_TYPES.map((type) => ({ value: type, label: t(`overview.matchTypes.${type}`) }))}
      value={action.matchType}
      onChange={(value) => value && onChange({ ...action, matchType: value as MatchType })}
      allowDeselect={false}
    />
  );
  if (action.type === 'ADD_AS_KEYWORD')
    return <PromoteFields {...props} action={action} matchType={matchType} />;
  return (
    <Group grow align="flex-start">
      {matchType}
      <Select
        label={t('automation.builder.keyword.negativeLevel')}
        data={NEGATIVE_LEVELS.map((level) => ({
          value: level,
          label: t(`automation.builder.keyword.negativeLevels.${level}`),
        }))}
        value={action.level ?? 'AD_GROUP'}
        onChange={(value) =>
          value && onChange({ ...action, level: value as (typeof NEGATIVE_LEVELS)[number] })
        }
        allowDeselect={false}
        error={error('level')}
      />
    </Group>
  );
}

function PromoteFields({
  action,
  currency,
  error,
  onChange,
  matchType,
}: ActionPartProps<PromoteAction> & { matchType: ReactNode }) {
  const { t } = useTranslation();
  const accounts = accountsOf(useAppsWithOrg());
  const adGroups = useQuery({
    queryKey: builderKeys.accountAdGroups(action.adAccountId),
    queryFn: () => builderApi.accountAdGroups(action.adAccountId),
    enabled: action.adAccountId > 0,
  });
  // The ad groups of the account, grouped under their campaigns.
  const byCampaign = new Map<string, { value: string; label: string }[]>();
  for (const group of adGroups.data ?? []) {
    const items = byCampaign.get(group.campaignName) ?? [];
    items.push({ value: String(group.id), label: group.name });
    byCampaign.set(group.campaignName, items);
  }
  // An id of 0 is "not chosen yet" (the template's placeholder): say so rather than "invalid".
  const chooseError = (path: string) =>
    error(path) && t('automation.builder.keyword.chooseAdGroup');

  return (
    <>
      <Group grow align="flex-start">
        {matchType}
        <TextInput
          label={t('automation.builder.keyword.bid')}
          placeholder={t('automation.builder.keyword.defaultBid')}
          value={action.bid ?? ''}
          onChange={(event) => onChange({ ...action, bid: inputText(event.currentTarget.value) })}
          rightSection={<Text size="xs">{currency}</Text>}
          error={error('bid')}
        />
      </Group>
      <Group grow align="flex-start">
        <Select
          label={t('automation.builder.keyword.account')}
          data={accounts.map((app) => ({
            value: String(app.adAccountId),
            label: app.adAccountName,
          }))}
          value={action.adAccountId > 0 ? String(action.adAccountId) : null}
          onChange={(value) =>
            value && onChange({ ...action, adAccountId: Number(value), adGroupId: 0 })
          }
          allowDeselect={false}
          error={chooseError('adAccountId')}
        />
        <Select
          label={t('automation.builder.keyword.adGroup')}
          data={[...byCampaign].map(([group, items]) => ({ group, items }))}
          value={action.adGroupId > 0 ? String(action.adGroupId) : null}
          onChange={(value) => value && onChange({ ...action, adGroupId: Number(value) })}
          disabled={action.adAccountId <= 0}
          allowDeselect={false}
          searchable
          error={chooseError('adGroupId')}
        />
      </Group>
    </>
  );
}
