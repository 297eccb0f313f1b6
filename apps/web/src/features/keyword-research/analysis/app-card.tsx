// An App Store app as research shows it: icon, title, developer, rating (stars and count) and
// genres, with its place in the list and a badge when it is one of the company's own.
import { Avatar, Badge, Card, Group, Rating, Stack, Text } from '@mantine/core';
import type { ResearchApp } from '@tapwise/contracts';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

export function AppCard(props: {
  app: ResearchApp;
  rank: number;
  own?: boolean;
  /** Figures particular to the list (a competitor's keywords and share of voice). */
  extra?: ReactNode;
}) {
  const { t } = useTranslation();
  const { app } = props;
  return (
    <Card withBorder padding="sm" component="li" aria-label={app.title}>
      <Group wrap="nowrap" align="flex-start">
        <Text fw={700} w={32} ta="right" aria-label={t('keywordAnalysis.app.rank')}>
          {props.rank}
        </Text>
        <Avatar src={app.icon} alt="" radius="md" size={56} />
        <Stack gap={2} style={{ minWidth: 0, flex: 1 }}>
          <Group gap="xs" wrap="nowrap">
            <Text fw={600} truncate>
              {app.title}
            </Text>
            {props.own && (
              <Badge size="sm" variant="light">
                {t('keywordAnalysis.app.own')}
              </Badge>
            )}
          </Group>
          <Text size="sm" c="dimmed" truncate>
            {app.developer}
          </Text>
          <Group gap="xs">
            <Rating
              value={app.rating ?? 0}
              fractions={10}
              readOnly
              size="xs"
              aria-label={t('keywordAnalysis.app.rating', { rating: app.rating ?? 0 })}
            />
            <Text size="xs" c="dimmed">
              {t('keywordAnalysis.app.ratingCount', { ratings: app.rating_count })}
            </Text>
          </Group>
          <Text size="xs" c="dimmed" truncate>
            {app.genres.join(', ')}
          </Text>
          {props.extra}
        </Stack>
      </Group>
    </Card>
  );
}

/** Cards of a ranked list of apps. */
export function AppCardList(props: { label: string; children: ReactNode }) {
  return (
    <Stack
      component="ul"
      gap="xs"
      p={0}
      m={0}
      style={{ listStyle: 'none' }}
      aria-label={props.label}
    >
      {props.children}
    </Stack>
  );
}
