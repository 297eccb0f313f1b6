// What a rule looks at: the target level its conditions are checked for, and the entities it
// covers, each picker narrowed by the ones above it. Picking keywords needs exactly one ad group.
import { MultiSelect, Select, SimpleGrid, Stack } from '@mantine/core';
import { RULE_TARGETS, type RuleScope, type RuleTarget } from '@tapwise/contracts';
import { useTranslation } from 'react-i18next';
import { withTarget } from './rule-draft';
import type { RuleForm } from './use-rule-form';
import { useScopeOptions, type PickerOption } from './use-scope-options';

type ScopeKey = keyof RuleScope;
/** Top-down: a change at one level clears the picks below it, which it may no longer contain. */
const SCOPE_LEVELS: readonly ScopeKey[] = [
  'adAccountIds',
  'adamIds',
  'campaignIds',
  'adGroupIds',
  'keywordIds',
];

export function ScopeFields({ form }: { form: RuleForm }) {
  const { t } = useTranslation();
  const scope = form.draft.scope;
  const options = useScopeOptions(scope);

  function pick(level: ScopeKey, values: string[]) {
    const below = SCOPE_LEVELS.slice(SCOPE_LEVELS.indexOf(level) + 1);
    form.update('scope', (draft) => ({
      ...draft,
      scope: {
        ...draft.scope,
        ...Object.fromEntries(below.map((key) => [key, []])),
        [level]: values.map(Number),
      },
    }));
  }

  const picker = (level: ScopeKey, data: PickerOption[], extra: object = {}) => (
    <MultiSelect
      label={t(`automation.builder.scope.${level}`)}
      placeholder={t('automation.builder.scope.all')}
      data={data}
      value={(scope[level] ?? []).map(String)}
      onChange={(values) => pick(level, values)}
      error={form.errorAt(`scope.${level}`)}
      searchable
      clearable
      {...extra}
    />
  );

  return (
    <Stack gap="sm">
      <Select
        label={t('automation.builder.target')}
        data={RULE_TARGETS.map((target) => ({
          value: target,
          label: t(`automation.list.targets.${target}`),
        }))}
        value={form.draft.target}
        onChange={(value) =>
          value && form.update('actions', (draft) => withTarget(draft, value as RuleTarget))
        }
        allowDeselect={false}
      />
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        {picker('adAccountIds', options.accounts)}
        {picker('adamIds', options.apps)}
        {picker('campaignIds', options.campaigns)}
        {picker('adGroupIds', options.adGroups, {
          disabled: (scope.campaignIds ?? []).length === 0,
          description: t('automation.builder.scope.adGroupsHint'),
        })}
      </SimpleGrid>
      {picker('keywordIds', options.keywords, {
        disabled: !options.keywordsAvailable,
        description: t('validation.ruleKeywordsNeedOneAdGroup'),
      })}
    </Stack>
  );
}
