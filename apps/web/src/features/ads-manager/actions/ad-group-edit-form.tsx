// Edit an ad group (spec 1 §4): name, default bid, CPA goal, Search Match, schedule and audience.
import {
  Checkbox,
  Chip,
  Group,
  Input,
  NumberInput,
  SegmentedControl,
  Select,
  Stack,
  Switch,
  TextInput,
} from '@mantine/core';
import {
  AGE_MAX,
  AGE_MIN,
  adGroupEditInput,
  type AdGroupEditInput,
  type ReportRow,
} from '@tapwise/contracts';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { rowCurrency } from '../table/row-values';
import { actionsApi } from './actions-api';
import { confirmUnusualChange } from './confirm-unusual-change';
import {
  DAYS_PER_WEEK,
  DEVICE_CLASSES,
  HOURS_PER_DAY,
  audienceChanges,
  audienceOf,
  type AudienceValues,
} from './audience';
import { FormButtons } from './form-buttons';
import {
  amountOf,
  changedFields,
  dayOf,
  issuesByField,
  notifyNoChanges,
  timeOfDay,
  useEditSubmission,
} from './edit-form';
import type { OnChanged } from './types';
import { entityRef } from './write-levels';

interface AdGroupValues extends AudienceValues {
  name: string;
  defaultBid: string;
  cpaGoal: string;
  automatedKeywordsOptIn: boolean;
  startDate: string;
  endDate: string;
  [key: string]: unknown;
}

function valuesOf(row: ReportRow): AdGroupValues {
  return {
    name: row.name,
    defaultBid: amountOf(row.details.defaultBidMicros),
    cpaGoal: amountOf(row.details.cpaGoalMicros),
    automatedKeywordsOptIn: row.details.automatedKeywordsOptIn ?? false,
    startDate: dayOf(row.details.startTime),
    endDate: dayOf(row.details.endTime),
    ...audienceOf(row.details.targetingDimensions),
  };
}

/** The write input with only the fields the user changed. */
export function adGroupChanges(row: ReportRow, values: AdGroupValues): AdGroupEditInput | null {
  const initial = valuesOf(row);
  const changed = changedFields(initial, values);
  const targeting = audienceChanges(initial, values);
  const own = changed.filter((key) => !(key in audienceOf(undefined)));
  if (own.length === 0 && !targeting) return null;
  const input: AdGroupEditInput = { adAccountId: row.adAccountId, adGroup: entityRef(row) };
  if (own.includes('name')) input.name = values.name.trim();
  if (own.includes('defaultBid')) input.defaultBid = values.defaultBid.trim();
  if (own.includes('cpaGoal')) input.cpaGoal = values.cpaGoal.trim();
  if (own.includes('automatedKeywordsOptIn')) {
    input.automatedKeywordsOptIn = values.automatedKeywordsOptIn;
  }
  if (own.includes('startDate') && values.startDate) {
    input.startTime = timeOfDay(values.startDate, 'start');
  }
  if (own.includes('endDate'))
    input.endTime = values.endDate ? timeOfDay(values.endDate, 'end') : null;
  if (targeting) input.targeting = targeting;
  return input;
}

const hourOptions = (last: number) =>
  Array.from({ length: HOURS_PER_DAY }, (_, index) => index + last).map((hour) => ({
    value: String(hour),
    label: `${String(hour).padStart(2, '0')}:00`,
  }));

/** Short weekday names, Sunday first as Apple's dayparts count, in the interface language. */
function weekdayNames(language: string): string[] {
  const format = new Intl.DateTimeFormat(language, { weekday: 'short', timeZone: 'UTC' });
  // 1 January 2023 was a Sunday.
  return Array.from({ length: DAYS_PER_WEEK }, (_, day) =>
    format.format(new Date(Date.UTC(2023, 0, 1 + day))),
  );
}

export function AdGroupEditForm(props: { row: ReportRow; onChanged: OnChanged; onClose(): void }) {
  const { t, i18n } = useTranslation();
  const [values, setValues] = useState(() => valuesOf(props.row));
  const { pending, errors, setErrors, send } = useEditSubmission(
    props.row,
    props.onChanged,
    props.onClose,
  );

  function set<Key extends keyof AdGroupValues & string>(key: Key, value: AdGroupValues[Key]) {
    setValues((current) => ({ ...current, [key]: value }));
    setErrors((current) => ({ ...current, [key]: '' }));
  }

  function onSubmit(event: FormEvent) {
    event.preventDefault();
    const input = adGroupChanges(props.row, values);
    if (!input) {
      notifyNoChanges();
      return;
    }
    const parsed = adGroupEditInput.safeParse(input);
    if (!parsed.success) {
      setErrors(issuesByField(parsed.error.issues));
      return;
    }
    void (async () => {
      const confirmed = await confirmUnusualChange(
        'defaultBid',
        { currentMicros: props.row.details.defaultBidMicros, next: parsed.data.defaultBid },
        rowCurrency(props.row),
      );
      if (confirmed) await send(() => actionsApi.updateAdGroup(parsed.data));
    })();
  }

  const error = (key: string) => errors[key] || undefined;
  const days = weekdayNames(i18n.language);
  return (
    <form onSubmit={onSubmit} noValidate>
      <Stack gap="md">
        <TextInput
          label={t('adsActions.fields.name')}
          value={values.name}
          error={error('name')}
          onChange={(event) => set('name', event.currentTarget.value)}
        />
        <Group grow align="flex-start">
          <TextInput
            label={t('adsActions.fields.defaultBid')}
            inputMode="decimal"
            value={values.defaultBid}
            error={error('defaultBid')}
            onChange={(event) => set('defaultBid', event.currentTarget.value)}
          />
          <TextInput
            label={t('adsActions.fields.cpaGoal')}
            inputMode="decimal"
            value={values.cpaGoal}
            error={error('cpaGoal')}
            onChange={(event) => set('cpaGoal', event.currentTarget.value)}
          />
        </Group>
        <Switch
          label={t('adsActions.fields.searchMatch')}
          checked={values.automatedKeywordsOptIn}
          onChange={(event) => set('automatedKeywordsOptIn', event.currentTarget.checked)}
        />
        <Group grow align="flex-start">
          <TextInput
            type="date"
            label={t('adsActions.fields.startDate')}
            value={values.startDate}
            error={error('startTime')}
            onChange={(event) => set('startDate', event.currentTarget.value)}
          />
          <TextInput
            type="date"
            label={t('adsActions.fields.endDate')}
            value={values.endDate}
            error={error('endTime')}
            onChange={(event) => set('endDate', event.currentTarget.value)}
          />
        </Group>
        <Checkbox.Group
          label={t('adsActions.fields.devices')}
          value={values.devices}
          error={error('targeting.deviceClass')}
          onChange={(devices) => set('devices', devices)}
        >
          <Group mt={4}>
            {DEVICE_CLASSES.map((device) => (
              <Checkbox key={device} value={device} label={t(`adsActions.devices.${device}`)} />
            ))}
          </Group>
        </Checkbox.Group>
        <Input.Wrapper label={t('adsActions.fields.gender')}>
          <SegmentedControl
            fullWidth
            value={values.gender || 'ALL'}
            onChange={(gender) => set('gender', gender === 'ALL' ? '' : gender)}
            data={['ALL', 'M', 'F'].map((gender) => ({
              value: gender,
              label: t(`adsActions.genders.${gender}`),
            }))}
          />
        </Input.Wrapper>
        <Group grow align="flex-start">
          <NumberInput
            label={t('adsActions.fields.ageMin')}
            min={AGE_MIN}
            max={AGE_MAX}
            allowDecimal={false}
            value={values.ageMin}
            error={error('targeting.age')}
            onChange={(age) => set('ageMin', String(age))}
          />
          <NumberInput
            label={t('adsActions.fields.ageMax')}
            min={AGE_MIN}
            max={AGE_MAX}
            allowDecimal={false}
            value={values.ageMax}
            error={error('targeting.age.max')}
            onChange={(age) => set('ageMax', String(age))}
          />
        </Group>
        <Input.Wrapper label={t('adsActions.fields.daypart')} error={error('targeting.daypart')}>
          <Chip.Group
            multiple
            value={values.days.map(String)}
            onChange={(chosen) =>
              set(
                'days',
                chosen.map(Number).sort((a, b) => a - b),
              )
            }
          >
            <Group gap={6} mt={4}>
              {Array.from({ length: DAYS_PER_WEEK }, (_, day) => (
                <Chip key={day} value={String(day)} size="xs">
                  {days[day]}
                </Chip>
              ))}
            </Group>
          </Chip.Group>
        </Input.Wrapper>
        <Group grow>
          <Select
            label={t('adsActions.fields.fromHour')}
            data={hourOptions(0)}
            value={String(values.fromHour)}
            allowDeselect={false}
            onChange={(hour) => set('fromHour', Number(hour))}
          />
          <Select
            label={t('adsActions.fields.toHour')}
            data={hourOptions(1)}
            value={String(values.toHour)}
            allowDeselect={false}
            onChange={(hour) => set('toHour', Number(hour))}
          />
        </Group>
        <FormButtons pending={pending} onCancel={props.onClose} />
      </Stack>
    </form>
  );
}
