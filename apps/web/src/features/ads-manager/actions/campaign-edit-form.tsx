// Edit a campaign (spec 1 §4): name, daily budget, countries or regions, end date.
import { MultiSelect, Stack, TextInput } from '@mantine/core';
import { campaignEditInput, type CampaignEditInput, type ReportRow } from '@tapwise/contracts';
import { useMemo, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { rowCurrency } from '../table/row-values';
import { actionsApi } from './actions-api';
import { confirmUnusualChange } from './confirm-unusual-change';
import { countryOptions } from './country-names';
import {
  amountOf,
  changedFields,
  dayOf,
  issuesByField,
  notifyNoChanges,
  timeOfDay,
  useEditSubmission,
} from './edit-form';
import { FormButtons } from './form-buttons';
import type { OnChanged } from './types';
import { entityRef } from './write-levels';

interface CampaignValues {
  name: string;
  dailyBudget: string;
  countriesOrRegions: string[];
  endDate: string;
  [key: string]: unknown;
}

function valuesOf(row: ReportRow): CampaignValues {
  return {
    name: row.name,
    dailyBudget: amountOf(row.details.dailyBudgetMicros),
    countriesOrRegions: row.details.countriesOrRegions ?? [],
    endDate: dayOf(row.details.endTime),
  };
}

/** The write input with only the fields the user changed. */
export function campaignChanges(row: ReportRow, values: CampaignValues): CampaignEditInput | null {
  const changed = changedFields(valuesOf(row), values);
  if (changed.length === 0) return null;
  const input: CampaignEditInput = { adAccountId: row.adAccountId, campaign: entityRef(row) };
  if (changed.includes('name')) input.name = values.name.trim();
  if (changed.includes('dailyBudget')) input.dailyBudget = values.dailyBudget.trim();
  if (changed.includes('countriesOrRegions')) input.countriesOrRegions = values.countriesOrRegions;
  if (changed.includes('endDate'))
    input.endTime = values.endDate ? timeOfDay(values.endDate, 'end') : null;
  return input;
}

export function CampaignEditForm(props: { row: ReportRow; onChanged: OnChanged; onClose(): void }) {
  const { t, i18n } = useTranslation();
  const [values, setValues] = useState(() => valuesOf(props.row));
  const { pending, errors, setErrors, send } = useEditSubmission(
    props.row,
    props.onChanged,
    props.onClose,
  );
  const countries = useMemo(() => countryOptions(i18n.language), [i18n.language]);

  function set<Key extends keyof CampaignValues & string>(key: Key, value: CampaignValues[Key]) {
    setValues((current) => ({ ...current, [key]: value }));
    setErrors((current) => ({ ...current, [key]: '' }));
  }

  function onSubmit(event: FormEvent) {
    event.preventDefault();
    const input = campaignChanges(props.row, values);
    if (!input) {
      notifyNoChanges();
      return;
    }
    const parsed = campaignEditInput.safeParse(input);
    if (!parsed.success) {
      setErrors(issuesByField(parsed.error.issues));
      return;
    }
    void (async () => {
      const confirmed = await confirmUnusualChange(
        'dailyBudget',
        { currentMicros: props.row.details.dailyBudgetMicros, next: parsed.data.dailyBudget },
        rowCurrency(props.row),
      );
      if (confirmed) await send(() => actionsApi.updateCampaign(parsed.data));
    })();
  }

  return (
    <form onSubmit={onSubmit} noValidate>
      <Stack gap="md">
        <TextInput
          label={t('adsActions.fields.name')}
          value={values.name}
          error={errors.name || undefined}
          onChange={(event) => set('name', event.currentTarget.value)}
        />
        <TextInput
          label={t('adsActions.fields.dailyBudget')}
          inputMode="decimal"
          value={values.dailyBudget}
          error={errors.dailyBudget || undefined}
          onChange={(event) => set('dailyBudget', event.currentTarget.value)}
        />
        <MultiSelect
          label={t('adsActions.fields.countries')}
          data={countries}
          searchable
          value={values.countriesOrRegions}
          error={errors.countriesOrRegions || undefined}
          nothingFoundMessage={t('adsActions.fields.noCountry')}
          onChange={(codes) => set('countriesOrRegions', codes)}
        />
        <TextInput
          type="date"
          label={t('adsActions.fields.endDate')}
          value={values.endDate}
          error={errors.endTime || undefined}
          onChange={(event) => set('endDate', event.currentTarget.value)}
        />
        <FormButtons pending={pending} onCancel={props.onClose} />
      </Stack>
    </form>
  );
}
