// AI keyword suggestions for an app (docs/api/keyword-ai.md): the question, the member's
// credits, a generation that may take up to a minute (cancelling abandons it: the server stores
// a list and spends its credit together or not at all), the grounded list, and earlier lists.
import { Alert, Button, Group, Loader, Progress, Select, Stack, Text } from '@mantine/core';
import { KEYWORD_AI_TIMEOUT_MS, type GenerateKeywordsInput } from '@tapwise/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../shared/format/format';
import { CreditsNotice } from './credits-notice';
import { keywordAiApi, keywordAiKeys, type KeywordSuggestionList } from './keyword-ai-api';
import { SuggestionActions } from './suggestion-actions';
import { suggestionFailure } from './suggestion-failure';
import { SuggestionForm, type SuggestionQuestion } from './suggestion-form';
import { SuggestionTable } from './suggestion-table';

export interface KeywordAiPanelProps extends Partial<SuggestionQuestion> {
  /** Takes the chosen texts (the wizard's keyword step, the generator's segment lists). */
  onPick?(texts: string[]): void;
  /** The label of the onPick action. */
  pickLabel?: string;
}

export function KeywordAiPanel(props: KeywordAiPanelProps) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [adamId, setAdamId] = useState(props.adamId ?? null);
  const [list, setList] = useState<KeywordSuggestionList>();
  const [selected, setSelected] = useState<Set<string>>(new Set());
  const abort = useRef<AbortController>(undefined);
  const [initial] = useState(() => ({
    adamId: props.adamId ?? null,
    appName: props.appName,
    storefront: props.storefront ?? '',
  }));
  const lists = useQuery({
    queryKey: keywordAiKeys.lists(adamId),
    queryFn: () => keywordAiApi.lists(adamId),
  });
  const generation = useMutation({
    mutationFn: (input: GenerateKeywordsInput) => {
      abort.current = new AbortController();
      return keywordAiApi.generate(input, abort.current.signal);
    },
    onSuccess: (answer) => show(answer),
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: keywordAiKeys.credits });
      void queryClient.invalidateQueries({ queryKey: ['keywordAi', 'lists'] });
    },
  });
  const failure = generation.isError ? suggestionFailure(generation.error) : undefined;

  function show(next: KeywordSuggestionList | undefined) {
    setList(next);
    setSelected(new Set());
  }

  function cancel() {
    abort.current?.abort();
    generation.reset();
  }

  return (
    <Stack gap="md">
      <SuggestionForm
        initial={initial}
        pending={generation.isPending}
        onApp={setAdamId}
        onSubmit={(input) => generation.mutate(input)}
      />
      <CreditsNotice globalLimitReached={failure === 'globalLimit'} />
      {generation.isPending && (
        <Stack gap={4} role="status" aria-live="polite">
          <Group gap="xs" justify="space-between">
            <Group gap="xs">
              <Loader size="xs" />
              <Text size="sm">
                {t('keywordAi.generating', { seconds: KEYWORD_AI_TIMEOUT_MS / 1000 })}
              </Text>
            </Group>
            <Button size="xs" variant="default" onClick={cancel}>
              {t('common.cancel')}
            </Button>
          </Group>
          <Progress value={100} animated striped aria-label={t('keywordAi.generatingLabel')} />
        </Stack>
      )}
      {failure === 'modelFailed' && (
        <Alert color="red" role="alert">
          {t('keywordAi.modelFailed')}
        </Alert>
      )}
      {failure === 'failed' && (
        <Alert color="red" role="alert">
          {t('errors.requestFailed')}
        </Alert>
      )}
      {(lists.data?.length ?? 0) > 0 && (
        <Select
          label={t('keywordAi.earlierLists')}
          data={(lists.data ?? []).map((entry) => ({
            value: entry.id,
            label: t('keywordAi.listLabel', {
              date: formatDateTime(entry.createdAt),
              model: entry.model,
              n: entry.keywords.length,
            }),
          }))}
          value={list?.id ?? null}
          onChange={(id) => show(lists.data?.find((entry) => entry.id === id))}
        />
      )}
      {list && list.keywords.length === 0 && (
        <Text role="status">{t('keywordAi.noSuggestions')}</Text>
      )}
      {list && list.keywords.length > 0 && (
        <>
          <SuggestionTable keywords={list.keywords} selected={selected} onSelect={setSelected} />
          <SuggestionActions
            texts={list.keywords.map((k) => k.text).filter((text) => selected.has(text))}
            onPick={props.onPick}
            pickLabel={props.pickLabel}
          />
        </>
      )}
    </Stack>
  );
}
