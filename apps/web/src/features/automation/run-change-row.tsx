// One change of a run in its details: the entity with where it is (campaign, ad group), what the
// rule's conditions read when it matched, the action, before and after (with the rule's amounts
// converted into the account's currency, where they were), status and message.
import { Badge, Group, Stack, Table, Text, Tooltip } from '@mantine/core';
import type { RuleChangeEntry, RuleConditionMetric } from '@tapwise/contracts';
import { useTranslation } from 'react-i18next';
import { formatChangeValues } from './rule-builder/change-values';
import { ConvertedRuleValues } from './rule-builder/converted-rule-values';
import { formatRuleMetric, ruleActionLabel, ruleMetricLabel } from './rule-builder/rule-labels';

export function ChangeRow({ change, currency }: { change: RuleChangeEntry; currency: string }) {
  const { t } = useTranslation();
  return (
    <Table.Tr data-testid="change-row">
      <Table.Td>
        <Text size="sm">{change.entityName}</Text>
        <Text size="xs" c="dimmed">
          {t(`automation.logs.run.levels.${change.level}`, { defaultValue: change.level })}
        </Text>
        <EntityPlace change={change} />
      </Table.Td>
      <Table.Td>
        <MatchedValues change={change} currency={currency} />
      </Table.Td>
      <Table.Td>{ruleActionLabel(t, change.action)}</Table.Td>
      <Table.Td>{formatChangeValues(change.before, currency)}</Table.Td>
      <Table.Td>
        <Group gap={6} wrap="nowrap">
          <span>{formatChangeValues(change.after, currency)}</span>
          {change.capped && (
            <Tooltip label={t('automation.logs.run.cappedHint')}>
              <Badge size="xs" color="orange" variant="light" tabIndex={0}>
                {t('automation.logs.run.capped')}
              </Badge>
            </Tooltip>
          )}
        </Group>
        {change.conversion && <ConvertedRuleValues conversion={change.conversion} />}
      </Table.Td>
      <Table.Td>
        <Badge size="sm" variant="light" color={changeStatusColor(change.status)}>
          {t(`automation.logs.run.changeStatuses.${change.status}`)}
        </Badge>
      </Table.Td>
      <Table.Td>
        <Text size="xs">{change.message ?? ''}</Text>
      </Table.Td>
    </Table.Tr>
  );
}

/**
 * The campaign and ad group the entity is in, to find it again; not repeated for the entity
 * itself. A name no longer stored (the entity was removed since) reads as its id.
 */
function EntityPlace({ change }: { change: RuleChangeEntry }) {
  const { t } = useTranslation();
  const campaign = change.level !== 'campaign' && change.campaignId !== null;
  const adGroup = change.level !== 'adGroup' && change.adGroupId !== null;
  return (
    <>
      {campaign && (
        <Text size="xs" c="dimmed">
          {t('automation.logs.run.campaign', {
            name: change.campaignName ?? String(change.campaignId),
          })}
        </Text>
      )}
      {adGroup && (
        <Text size="xs" c="dimmed">
          {t('automation.logs.run.adGroup', {
            name: change.adGroupName ?? String(change.adGroupId),
          })}
        </Text>
      )}
    </>
  );
}

/** The values of the rule's condition metrics that made the entity match. */
function MatchedValues({ change, currency }: { change: RuleChangeEntry; currency: string }) {
  const { t } = useTranslation();
  const values = Object.entries(change.matchedValues ?? {}) as [
    RuleConditionMetric,
    number | null,
  ][];
  if (values.length === 0) return <Text size="xs">—</Text>;
  return (
    <Stack gap={0}>
      {values.map(([metric, value]) => (
        <Text size="xs" key={metric}>
          {t('automation.logs.run.matchedValue', {
            metric: ruleMetricLabel(t, metric),
            value: formatRuleMetric(metric, value, currency),
          })}
        </Text>
      ))}
    </Stack>
  );
}

export function changeStatusColor(status: RuleChangeEntry['status']): string {
  if (status === 'APPLIED') return 'teal';
  if (status === 'FAILED') return 'red';
  if (status === 'PLANNED' || status === 'PENDING') return 'blue';
  return 'gray';
}
