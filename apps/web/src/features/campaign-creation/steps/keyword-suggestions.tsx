// Apple's keyword suggestions for the app in the campaign's countries, with their popularity;
// one or all are added to an ad group's keywords as exact match, skipping those it has already.
import {
  Alert,
  Button,
  Group,
  Loader,
  Progress,
  ScrollArea,
  Stack,
  Table,
  Text,
  Title,
} from '@mantine/core';
import type { WizardKeyword } from '@tapwise/contracts';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { campaignCreationApi, campaignCreationKeys } from '../campaign-creation-api';
import { pastedKeywords } from '../wizard-values';

/** The default match type of an added suggestion (choice: what the user saw is what matches). */
const SUGGESTION_MATCH_TYPE = 'EXACT';

export interface KeywordSuggestionsProps {
  adAccountId: number | null;
  adamId: number | null;
  countries: string[];
  /** Names the panel for screen readers and tests ("Brand"). */
  adGroupName: string;
  keywords: WizardKeyword[];
  onChange(keywords: WizardKeyword[]): void;
}

export function KeywordSuggestions(props: KeywordSuggestionsProps) {
  const { t } = useTranslation();
  const { adAccountId, adamId, countries } = props;
  const ready = adAccountId !== null && adamId !== null && countries.length > 0;
  const request = { adAccountId: adAccountId ?? 0, adamId: adamId ?? 0, countries };
  const suggestions = useQuery({
    queryKey: campaignCreationKeys.keywordSuggestions(request),
    queryFn: () => campaignCreationApi.keywordSuggestions(request),
    enabled: ready,
    retry: false,
  });
  const newOf = (texts: string[]) =>
    pastedKeywords(texts.join('\n'), props.keywords, SUGGESTION_MATCH_TYPE);
  const add = (texts: string[]) => props.onChange([...props.keywords, ...newOf(texts)]);
  const rows = suggestions.data ?? [];
  const missing = newOf(rows.map((row) => row.text));
  const missingTexts = new Set(missing.map((keyword) => keyword.text));

  const body = () => {
    if (!ready) return <Text size="sm">{t('campaignCreation.suggestions.needApp')}</Text>;
    if (suggestions.isPending)
      return (
        <Group gap="xs">
          <Loader size="xs" />
          <Text size="sm">{t('campaignCreation.suggestions.loading')}</Text>
        </Group>
      );
    if (suggestions.isError)
      return (
        <Alert color="red" role="alert">
          <Group justify="space-between" gap="sm">
            <Text size="sm">{t('campaignCreation.suggestions.failed')}</Text>
            <Button
              size="xs"
              variant="light"
              color="red"
              onClick={() => void suggestions.refetch()}
            >
              {t('common.retry')}
            </Button>
          </Group>
        </Alert>
      );
    if (rows.length === 0) return <Text size="sm">{t('campaignCreation.suggestions.none')}</Text>;
    return (
      <ScrollArea.Autosize mah={260}>
        <Table>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('campaignCreation.fields.keyword')}</Table.Th>
              <Table.Th w={160}>{t('campaignCreation.suggestions.popularity')}</Table.Th>
              <Table.Th w={110} />
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {rows.map((row) => (
              <Table.Tr key={row.text}>
                <Table.Td>{row.text}</Table.Td>
                <Table.Td>
                  <Group gap="xs" wrap="nowrap">
                    <Progress
                      value={row.popularity}
                      size="sm"
                      w={90}
                      aria-label={t('campaignCreation.suggestions.popularityOf', {
                        text: row.text,
                      })}
                    />
                    <Text size="xs">{row.popularity}</Text>
                  </Group>
                </Table.Td>
                <Table.Td>
                  <Button
                    size="xs"
                    variant="subtle"
                    disabled={!missingTexts.has(row.text)}
                    aria-label={t('campaignCreation.suggestions.addOne', { text: row.text })}
                    onClick={() => add([row.text])}
                  >
                    {missingTexts.has(row.text)
                      ? t('campaignCreation.keywords.add')
                      : t('campaignCreation.suggestions.added')}
                  </Button>
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </ScrollArea.Autosize>
    );
  };

  return (
    <Stack
      gap="xs"
      role="region"
      aria-label={t('campaignCreation.suggestions.of', { name: props.adGroupName })}
    >
      <Group justify="space-between">
        <Title order={4} size="h6">
          {t('campaignCreation.suggestions.title')}
        </Title>
        {missing.length > 0 && (
          <Button size="xs" variant="light" onClick={() => add(rows.map((row) => row.text))}>
            {t('campaignCreation.suggestions.addAll', { count: missing.length })}
          </Button>
        )}
      </Group>
      {body()}
    </Stack>
  );
}
