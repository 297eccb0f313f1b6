// One segment of the generator: its switch, a custom segment's slug, where its keywords come from
// (typed terms, rival apps, or research filtered by ranges) and its own CPT.
import {
  Card,
  CloseButton,
  Group,
  NumberInput,
  Stack,
  Switch,
  TagsInput,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { GENERATOR_LIMITS } from '@tapwise/contracts';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { CompetitorPicker } from './competitor-picker';
import {
  RANGE_NAMES,
  type GeneratorErrors,
  type RangeName,
  type RangeValues,
  type SegmentValues,
} from './generator-values';

/** Segments whose researched keywords the ranges filter. */
const RANGED = new Set(['category', 'competitor']);

function RangeFields(props: {
  name: RangeName;
  range: RangeValues;
  path: string;
  errors: GeneratorErrors;
  onChange(range: RangeValues): void;
}) {
  const { t } = useTranslation();
  const label = t(`campaignGenerator.ranges.${props.name}`);
  const errorAt = (end: 'from' | 'to') => {
    const key =
      props.errors[`${props.path}.${end}`] ??
      (end === 'from' ? undefined : props.errors[props.path]);
    return key ? t(key) : undefined;
  };
  const field = (end: 'from' | 'to') => (
    <NumberInput
      w={120}
      min={0}
      allowDecimal={false}
      label={t(`campaignGenerator.ranges.${end}`, { range: label })}
      value={props.range[end]}
      onChange={(value) => props.onChange({ ...props.range, [end]: String(value) })}
      error={errorAt(end)}
    />
  );
  return (
    <Group gap="xs" align="flex-start">
      {field('from')}
      {field('to')}
    </Group>
  );
}

export interface SegmentCardProps {
  segment: SegmentValues;
  index: number;
  errors: GeneratorErrors;
  /** The first chosen country, where rival apps are searched. */
  country: string | undefined;
  onChange(segment: SegmentValues): void;
  onRemove?(): void;
  /** Tools that add keywords from elsewhere (AI suggestions), shown under the keyword list. */
  keywordTools?: ReactNode;
}

export function SegmentCard(props: SegmentCardProps) {
  const { t } = useTranslation();
  const { segment, index, errors, onChange } = props;
  const path = `segments.${index}`;
  const errorAt = (field: string) =>
    errors[`${path}.${field}`] ? t(errors[`${path}.${field}`]!) : undefined;
  const set = (patch: Partial<SegmentValues>) => onChange({ ...segment, ...patch });
  const title = t(`campaignGenerator.segments.${segment.segment}`);
  return (
    <Card withBorder padding="sm" data-testid="segment-card">
      <Stack gap="sm">
        <Group justify="space-between">
          <Group gap="sm">
            <Title order={3} size="h5">
              {title}
            </Title>
            <Switch
              aria-label={t('campaignGenerator.segment.enable', { segment: title })}
              checked={segment.enabled}
              onChange={(event) => set({ enabled: event.currentTarget.checked })}
            />
          </Group>
          {props.onRemove && (
            <CloseButton
              aria-label={t('campaignGenerator.segment.remove', { segment: segment.slug || title })}
              onClick={props.onRemove}
            />
          )}
        </Group>
        {segment.segment === 'discovery' && (
          <Text size="sm" c="dimmed">
            {t('campaignGenerator.segment.discoveryHint')}
          </Text>
        )}
        {segment.enabled && (
          <>
            {segment.segment === 'custom' && (
              <TextInput
                w={260}
                label={t('campaignGenerator.segment.slug')}
                description={t('campaignGenerator.segment.slugHint')}
                maxLength={GENERATOR_LIMITS.slug}
                value={segment.slug}
                onChange={(event) => set({ slug: event.currentTarget.value })}
                error={errorAt('slug')}
              />
            )}
            {/* Every segment takes typed keywords: brand and custom have only these, category and
                competitor add them to the researched ones, Discovery runs them broad. */}
            <Stack gap={4}>
              <TagsInput
                label={t('campaignGenerator.segment.keywords')}
                description={t('campaignGenerator.segment.keywordsHint')}
                value={segment.keywords}
                onChange={(keywords) => set({ keywords })}
                maxTags={GENERATOR_LIMITS.keywordsPerSegment}
                clearable
                error={errorAt('keywords')}
              />
              {props.keywordTools}
            </Stack>
            {segment.segment === 'competitor' && (
              <CompetitorPicker
                adamIds={segment.competitorAdamIds}
                country={props.country}
                error={errorAt('competitorAdamIds')}
                onChange={(competitorAdamIds) => set({ competitorAdamIds })}
              />
            )}
            {RANGED.has(segment.segment) && (
              <Stack gap={4}>
                <Text size="sm" fw={500}>
                  {t('campaignGenerator.segment.ranges')}
                </Text>
                <Text size="xs" c="dimmed">
                  {t('campaignGenerator.segment.rangesHint')}
                </Text>
                <Group gap="lg" align="flex-start">
                  {RANGE_NAMES.map((name) => (
                    <RangeFields
                      key={name}
                      name={name}
                      range={segment.ranges[name]}
                      path={`${path}.ranges.${name}`}
                      errors={errors}
                      onChange={(range) => set({ ranges: { ...segment.ranges, [name]: range } })}
                    />
                  ))}
                </Group>
              </Stack>
            )}
            <TextInput
              w={160}
              inputMode="decimal"
              label={t('campaignGenerator.segment.cpt')}
              placeholder={t('campaignGenerator.segment.cptPlaceholder')}
              value={segment.cpt}
              onChange={(event) => set({ cpt: event.currentTarget.value })}
              error={errorAt('cpt')}
            />
          </>
        )}
      </Stack>
    </Card>
  );
}
