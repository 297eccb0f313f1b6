// Step 6: each ad group's audience: customer type, gender, age range, devices and daypart.
// AudienceFields is also the campaign generator's segmentation.
import {
  Card,
  Checkbox,
  Chip,
  Group,
  NumberInput,
  Select,
  SegmentedControl,
  Stack,
  Switch,
  Text,
  Title,
} from '@mantine/core';
import {
  AGE_MAX,
  AGE_MIN,
  CUSTOMER_TYPES,
  DEVICE_CLASSES,
  GENDER_CODES,
  type CustomerType,
  type DeviceClass,
  type GenderCode,
  type WizardAudience,
} from '@tapwise/contracts';
import { useTranslation } from 'react-i18next';
import { WEEK_DAYS, choiceOf, hoursOf, type DaypartChoice } from '../daypart';
import { adGroupTitle } from './ad-group-title';
import { errorAt, withAdGroup, type StepProps } from './step-props';

const HOURS = Array.from({ length: 25 }, (_, hour) => ({
  value: String(hour),
  label: `${String(hour).padStart(2, '0')}:00`,
}));

export function AudienceFields(props: {
  audience: WizardAudience;
  path: string;
  errors: StepProps['errors'];
  onChange(audience: WizardAudience): void;
}) {
  const { t } = useTranslation();
  const { audience, onChange } = props;
  const set = (patch: Partial<WizardAudience>) => onChange({ ...audience, ...patch });
  const daypart = choiceOf(audience.daypart ?? []);
  const setDaypart = (patch: Partial<DaypartChoice>) =>
    set({ daypart: hoursOf({ ...daypart, ...patch }) });
  return (
    <Stack gap="sm">
      <Group grow align="flex-start">
        <Select
          label={t('campaignCreation.fields.customerType')}
          allowDeselect={false}
          data={CUSTOMER_TYPES.map((value) => ({
            value,
            label: t(`campaignCreation.customerTypes.${value}`),
          }))}
          value={audience.customerType}
          onChange={(value) => set({ customerType: (value as CustomerType | null) ?? 'all' })}
        />
        <Stack gap={4}>
          <Text size="sm" fw={500}>
            {t('campaignCreation.fields.gender')}
          </Text>
          <SegmentedControl
            aria-label={t('campaignCreation.fields.gender')}
            value={audience.gender}
            data={GENDER_CODES.map((value) => ({
              value,
              label: t(`campaignCreation.genders.${value}`),
            }))}
            onChange={(value) => set({ gender: value as GenderCode })}
          />
        </Stack>
      </Group>
      <Group align="flex-end">
        <Switch
          label={t('campaignCreation.audience.allAges')}
          checked={audience.age === null}
          onChange={(event) =>
            set({ age: event.currentTarget.checked ? null : { min: AGE_MIN, max: null } })
          }
        />
        {audience.age && (
          <>
            <NumberInput
              w={110}
              label={t('campaignCreation.fields.ageMin')}
              min={AGE_MIN}
              max={AGE_MAX}
              value={audience.age.min}
              onChange={(value) =>
                set({ age: { min: Number(value) || AGE_MIN, max: audience.age?.max ?? null } })
              }
            />
            <NumberInput
              w={110}
              label={t('campaignCreation.fields.ageMax')}
              placeholder={t('campaignCreation.audience.noMaximum')}
              min={AGE_MIN}
              max={AGE_MAX}
              value={audience.age.max ?? ''}
              onChange={(value) =>
                set({
                  age: {
                    min: audience.age?.min ?? AGE_MIN,
                    max: value === '' ? null : Number(value),
                  },
                })
              }
              error={errorAt(props.errors, `${props.path}.age.max`, t)}
            />
          </>
        )}
      </Group>
      <Checkbox.Group
        label={t('campaignCreation.fields.devices')}
        value={audience.devices}
        onChange={(devices) => set({ devices: devices as DeviceClass[] })}
        error={errorAt(props.errors, `${props.path}.devices`, t)}
      >
        <Group mt={4}>
          {DEVICE_CLASSES.map((device) => (
            <Checkbox key={device} value={device} label={t(`campaignCreation.devices.${device}`)} />
          ))}
        </Group>
      </Checkbox.Group>
      <Switch
        label={t('campaignCreation.audience.allWeek')}
        checked={audience.daypart === null}
        onChange={(event) =>
          set({ daypart: event.currentTarget.checked ? null : hoursOf(choiceOf([])) })
        }
      />
      {audience.daypart !== null && (
        <Stack gap="xs">
          <Chip.Group
            multiple
            value={daypart.days.map(String)}
            onChange={(days) => setDaypart({ days: days.map(Number) })}
          >
            <Group gap={6}>
              {WEEK_DAYS.map((day) => (
                <Chip key={day} value={String(day)} size="xs">
                  {t(`campaignCreation.weekDays.${day}`)}
                </Chip>
              ))}
            </Group>
          </Chip.Group>
          <Group>
            <Select
              w={110}
              label={t('campaignCreation.fields.fromHour')}
              data={HOURS.slice(0, 24)}
              allowDeselect={false}
              value={String(daypart.fromHour)}
              onChange={(value) => setDaypart({ fromHour: Number(value) })}
            />
            <Select
              w={110}
              label={t('campaignCreation.fields.toHour')}
              data={HOURS.slice(1)}
              allowDeselect={false}
              value={String(daypart.toHour)}
              onChange={(value) => setDaypart({ toHour: Number(value) })}
            />
          </Group>
          {errorAt(props.errors, `${props.path}.daypart`, t) && (
            <Text c="red" size="sm">
              {errorAt(props.errors, `${props.path}.daypart`, t)}
            </Text>
          )}
        </Stack>
      )}
    </Stack>
  );
}

export function AudienceStep({ values, errors, onChange }: StepProps) {
  const { t } = useTranslation();
  return (
    <Stack gap="md">
      {values.adGroups.map((adGroup, index) => (
        <Card key={index} withBorder>
          <Stack gap="xs">
            <Title order={3} size="h5">
              {adGroupTitle(adGroup, index, t)}
            </Title>
            <AudienceFields
              audience={adGroup.audience}
              path={`adGroups.${index}.audience`}
              errors={errors}
              onChange={(audience) => onChange(withAdGroup(values, index, { audience }))}
            />
          </Stack>
        </Card>
      ))}
    </Stack>
  );
}
