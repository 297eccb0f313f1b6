// Choosing the app a question is about: one of the company's own apps, or any App Store app found
// by name in the chosen storefront.
import { Select } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import type { ResearchLocale } from '@tapwise/contracts';
import { useQuery } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { overviewApi, overviewKeys } from '../../overview/overview-api';
import { analysisApi, type AppRef } from './analysis-api';

const SEARCH_MIN_LENGTH = 2;
const SEARCH_DEBOUNCE_MS = 400;

export function AppPicker(props: {
  locale: ResearchLocale;
  value: AppRef | undefined;
  onChange(app: AppRef | undefined): void;
  /** The field's label when it is not the question's app (a competitor). */
  label?: string;
}) {
  const { t } = useTranslation();
  const [search, setSearch] = useState('');
  const [term] = useDebouncedValue(search.trim(), SEARCH_DEBOUNCE_MS);
  const ownApps = useQuery({ queryKey: overviewKeys.ownApps, queryFn: overviewApi.ownApps });
  const found = useQuery({
    queryKey: ['keywordAnalysis', 'searchForApps', term, props.locale],
    queryFn: () => analysisApi.searchForApps(term, props.locale),
    enabled: term.length >= SEARCH_MIN_LENGTH && term !== props.value?.title,
    staleTime: Infinity,
  });
  // Every app offered, by id, so a choice becomes an AppRef.
  const apps = useMemo(() => {
    const byId = new Map<string, AppRef>();
    for (const app of ownApps.data ?? []) {
      byId.set(String(app.adamId), { appId: String(app.adamId), title: app.name, icon: '' });
    }
    for (const { app } of found.data ?? []) {
      byId.set(app.application_id, { appId: app.application_id, title: app.title, icon: app.icon });
    }
    if (props.value) byId.set(props.value.appId, props.value);
    return byId;
  }, [ownApps.data, found.data, props.value]);
  const ownIds = new Set((ownApps.data ?? []).map((app) => String(app.adamId)));
  const options = (ids: string[]) => ids.map((id) => ({ value: id, label: apps.get(id)!.title }));
  const data = [
    { group: t('keywordAnalysis.picker.ownApps'), items: options([...ownIds]) },
    {
      group: t('keywordAnalysis.picker.storeApps'),
      items: options([...apps.keys()].filter((id) => !ownIds.has(id))),
    },
  ].filter((group) => group.items.length > 0);

  return (
    <Select
      w={360}
      label={props.label ?? t('keywordAnalysis.picker.app')}
      placeholder={t('keywordAnalysis.picker.appPlaceholder')}
      data={data}
      value={props.value?.appId ?? null}
      searchable
      clearable={props.label !== undefined}
      searchValue={search}
      onSearchChange={setSearch}
      nothingFoundMessage={
        found.isFetching ? t('common.loading') : t('keywordAnalysis.picker.noApp')
      }
      onChange={(id) => props.onChange(id ? apps.get(id) : undefined)}
    />
  );
}
