// The goal select of the ads manager and the overview: the goals of the app in view (every goal
// of the company when no app is), hidden while the company has none. Picking one adds the goal
// metrics; clearing it takes them away.
import { Select } from '@mantine/core';
import { utcToday, type Goal } from '@tapwise/contracts';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { goalKeys, goalsApi } from './goals-api';

function useGoalChoices(appId: number | null) {
  const exists = useQuery({
    queryKey: goalKeys.exists(null),
    queryFn: () => goalsApi.exists(null),
  });
  const today = utcToday(new Date());
  const goals = useQuery({
    queryKey: appId ? goalKeys.ofApp(appId) : goalKeys.list({ start: today, end: today }),
    queryFn: (): Promise<Goal[]> =>
      appId ? goalsApi.ofApp(appId) : goalsApi.list({ start: today, end: today }),
    enabled: exists.data === true,
  });
  return { exists: exists.data === true, goals: goals.data ?? [], withApp: appId === null };
}

export function GoalPicker(props: {
  /** The app in view; null for every app. */
  appId: number | null;
  value: string | null;
  onChange(goalId: string | null): void;
}) {
  const { t } = useTranslation();
  const choices = useGoalChoices(props.appId);
  if (!choices.exists) return null;
  return (
    <Select
      label={t('goals.picker.label')}
      placeholder={t('goals.picker.none')}
      data={choices.goals.map((goal) => ({
        value: goal.id,
        label: choices.withApp ? `${goal.name} — ${goal.appName}` : goal.name,
      }))}
      value={props.value}
      onChange={props.onChange}
      clearable
      w={240}
      data-testid="goal-picker"
    />
  );
}
