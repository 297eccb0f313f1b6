// What a report covers: its organisations (ad accounts), their apps (none chosen: all of them),
// the countries (storefronts) and the goals of those apps whose numbers it adds.
import { MultiSelect, SimpleGrid } from '@mantine/core';
import { useQueries, useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { countryOptions } from '../ads-manager/actions/country-names';
import { goalKeys, goalsApi } from '../goals/goals-api';
import { overviewApi, overviewKeys } from '../overview/overview-api';
import type { DraftFieldsProps } from './schedule-fields';

const unique = <T,>(entries: [number, T][]) => [...new Map(entries).entries()];

export function ScopeFields({ draft, errors, change }: DraftFieldsProps) {
  const { t, i18n } = useTranslation();
  const error = (field: keyof typeof errors) => (errors[field] ? t(errors[field]) : undefined);
  const ownApps = useQuery({ queryKey: overviewKeys.ownApps, queryFn: overviewApi.ownApps });
  const apps = ownApps.data ?? [];
  const orgs = unique(apps.map((app) => [app.adAccountId, app.adAccountName]));
  const orgApps = unique(
    apps
      .filter((app) => draft.orgIds.includes(app.adAccountId))
      .map((app) => [app.adamId, app.name]),
  );
  const reportApps = draft.appIds.length ? draft.appIds : orgApps.map(([adamId]) => adamId);
  const goals = useQueries({
    queries: reportApps.map((appId) => ({
      queryKey: goalKeys.ofApp(appId),
      queryFn: () => goalsApi.ofApp(appId),
    })),
  });
  const goalOptions = goals.flatMap((query) =>
    (query.data ?? []).map((goal) => ({ value: goal.id, label: `${goal.name} · ${goal.appName}` })),
  );
  const countries = useMemo(() => countryOptions(i18n.language), [i18n.language]);

  function changeOrgs(values: string[]) {
    const orgIds = values.map(Number);
    // Apps of an organisation taken out leave the report with it.
    const kept = new Set(
      apps.filter((app) => orgIds.includes(app.adAccountId)).map((app) => app.adamId),
    );
    change({ orgIds, appIds: draft.appIds.filter((appId) => kept.has(appId)) });
  }

  return (
    <SimpleGrid cols={{ base: 1, sm: 2 }}>
      <MultiSelect
        label={t('scheduledReports.form.orgs')}
        required
        data={orgs.map(([id, name]) => ({ value: String(id), label: name }))}
        value={draft.orgIds.map(String)}
        onChange={changeOrgs}
        searchable
        error={error('orgIds')}
      />
      <MultiSelect
        label={t('scheduledReports.form.apps')}
        placeholder={draft.appIds.length ? undefined : t('scheduledReports.form.allApps')}
        disabled={draft.orgIds.length === 0}
        data={orgApps.map(([id, name]) => ({ value: String(id), label: name }))}
        value={draft.appIds.map(String)}
        onChange={(values) => change({ appIds: values.map(Number) })}
        searchable
        error={error('appIds')}
      />
      <MultiSelect
        label={t('scheduledReports.form.countries')}
        required
        data={countries}
        value={draft.countries}
        onChange={(values) => change({ countries: values })}
        searchable
        error={error('countries')}
      />
      <MultiSelect
        label={t('scheduledReports.form.goals')}
        description={t('scheduledReports.form.goalsHint')}
        data={goalOptions}
        value={draft.goalIds}
        onChange={(values) => change({ goalIds: values })}
        // The contract caps goalIds at 20.
        maxValues={20}
        searchable
        error={error('goalIds')}
      />
    </SimpleGrid>
  );
}
