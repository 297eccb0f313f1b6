// The competitor segment's rival apps: found by name through keyword research's app search (in the
// storefront of the first chosen country), kept as App Store ids.
import { Badge, CloseButton, Group, Stack, Text } from '@mantine/core';
import { GENERATOR_LIMITS, researchLocaleSchema } from '@tapwise/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { AppPicker } from '../keyword-research/analysis/app-picker';

const localeOf = (country: string | undefined) => {
  const parsed = researchLocaleSchema.safeParse({ location: country?.toLowerCase() });
  return parsed.success ? parsed.data : researchLocaleSchema.parse({});
};

export function CompetitorPicker(props: {
  adamIds: number[];
  country: string | undefined;
  error: string | undefined;
  onChange(adamIds: number[]): void;
}) {
  const { t } = useTranslation();
  // Titles of the apps chosen here; ids loaded from a template show as ids.
  const [titles, setTitles] = useState<Record<number, string>>({});
  const full = props.adamIds.length >= GENERATOR_LIMITS.competitors;
  return (
    <Stack gap={4}>
      {!full && (
        <AppPicker
          locale={localeOf(props.country)}
          value={undefined}
          onChange={(app) => {
            const adamId = Number(app?.appId);
            if (!app || !Number.isInteger(adamId) || props.adamIds.includes(adamId)) return;
            setTitles((current) => ({ ...current, [adamId]: app.title }));
            props.onChange([...props.adamIds, adamId]);
          }}
        />
      )}
      <Group gap={6} aria-label={t('campaignGenerator.segment.competitors')}>
        {props.adamIds.map((adamId) => (
          <Badge
            key={adamId}
            variant="light"
            rightSection={
              <CloseButton
                size="xs"
                aria-label={t('campaignGenerator.segment.removeCompetitor', {
                  name: titles[adamId] ?? adamId,
                })}
                onClick={() => props.onChange(props.adamIds.filter((id) => id !== adamId))}
              />
            }
          >
            {titles[adamId] ?? adamId}
          </Badge>
        ))}
      </Group>
      {props.error && (
        <Text size="sm" c="red">
          {props.error}
        </Text>
      )}
    </Stack>
  );
}
