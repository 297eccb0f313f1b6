// A searchable multi-select of regions or cities of one country, read from Apple as the user
// types (at least 2 characters, as Apple requires). Chosen ones keep their names, so they show
// without a new lookup.
import { Loader, MultiSelect } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import type { GeoTarget, GeoTargetEntity } from '@tapwise/contracts';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { campaignCreationApi, campaignCreationKeys } from '../campaign-creation-api';

/** Apple refuses shorter queries (MIN_QUERY_LENGTH). */
const MIN_QUERY_LENGTH = 2;
const SEARCH_DEBOUNCE_MS = 300;

export interface GeoPickerProps {
  adAccountId: number | null;
  countryCode: string;
  entity: GeoTargetEntity;
  label: string;
  value: GeoTarget[];
  onChange(value: GeoTarget[]): void;
  error?: string;
}

export function GeoPicker(props: GeoPickerProps) {
  const { t } = useTranslation();
  const [search, setSearch] = useState('');
  const [query] = useDebouncedValue(search.trim(), SEARCH_DEBOUNCE_MS);
  const searchable = query.length >= MIN_QUERY_LENGTH && props.adAccountId !== null;
  const found = useQuery({
    queryKey: campaignCreationKeys.geo({
      adAccountId: props.adAccountId ?? 0,
      countryCode: props.countryCode,
      query,
      entity: props.entity,
    }),
    queryFn: () =>
      campaignCreationApi.searchGeo({
        adAccountId: props.adAccountId ?? 0,
        countryCode: props.countryCode,
        query,
        entity: props.entity,
      }),
    enabled: searchable,
    placeholderData: keepPreviousData,
    retry: false,
  });
  const names = new Map(props.value.map((target) => [target.id, target.name]));
  for (const geo of searchable ? (found.data ?? []) : []) names.set(geo.id, geo.displayName);
  const waiting = search.trim() !== query || found.isFetching;
  const nothingFound = (() => {
    if (search.trim().length < MIN_QUERY_LENGTH) return t('campaignCreation.geo.typeMore');
    if (waiting) return t('campaignCreation.geo.searching');
    if (found.isError) return t('campaignCreation.geo.failed');
    return t('campaignCreation.geo.noMatch');
  })();
  return (
    <MultiSelect
      label={props.label}
      placeholder={t('campaignCreation.geo.placeholder')}
      searchable
      clearable
      hidePickedOptions
      searchValue={search}
      onSearchChange={setSearch}
      // Apple has matched the names already; the list is not filtered again here.
      filter={({ options }) => options}
      data={[...names].map(([value, label]) => ({ value, label }))}
      value={props.value.map((target) => target.id)}
      onChange={(ids) => props.onChange(ids.map((id) => ({ id, name: names.get(id) ?? id })))}
      nothingFoundMessage={nothingFound}
      rightSection={
        searchable && found.isFetching ? (
          <Loader size="xs" aria-label={t('campaignCreation.geo.searching')} />
        ) : undefined
      }
      error={props.error}
    />
  );
}
