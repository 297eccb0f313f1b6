// The rule's goal: one of the goals of the rule's app (getGoalsFromApp), whose metrics the
// conditions may then test. Without one app in the scope there is no goal to pick; clearing the
// goal leaves goal conditions the server refuses until one is picked again.
import { Select, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { graphqlRequest } from '../../../shared/api/graphql';
import type { RuleForm } from './use-rule-form';

interface GoalOption {
  id: string;
  name: string;
  status: string;
}

const goalsOfApp = async (appId: number) =>
  (
    await graphqlRequest<{ getGoalsFromApp: GoalOption[] }>(
      `query RuleGoals($appId: Float!) { getGoalsFromApp(appId: $appId) { id name status } }`,
      { appId },
    )
  ).getGoalsFromApp;

/** The app a rule's goal belongs to: the scope's one app, else none. */
export function ruleAppOf(form: RuleForm): number | undefined {
  const adamIds = form.draft.scope.adamIds ?? [];
  return adamIds.length === 1 ? adamIds[0] : undefined;
}

export function GoalField({ form }: { form: RuleForm }) {
  const { t } = useTranslation();
  const appId = ruleAppOf(form);
  const goals = useQuery({
    queryKey: ['goals', 'of-app', appId],
    queryFn: () => goalsOfApp(appId!),
    enabled: appId !== undefined,
  });
  const options = (goals.data ?? []).map((goal) => ({
    value: goal.id,
    label: goal.status === 'WAITING' ? t('goalRules.waitingGoal', { name: goal.name }) : goal.name,
  }));
  return (
    <Select
      label={t('goalRules.goal')}
      placeholder={appId === undefined ? t('goalRules.pickOneApp') : t('goalRules.noGoal')}
      description={t('goalRules.goalHint')}
      data={options}
      value={form.draft.goalId ?? null}
      disabled={appId === undefined}
      error={form.errorOn('goalId')}
      clearable
      onChange={(value) =>
        form.update('goalId', (draft) => ({ ...draft, goalId: value ?? undefined }))
      }
      nothingFoundMessage={<Text size="sm">{t('goalRules.noGoals')}</Text>}
    />
  );
}
