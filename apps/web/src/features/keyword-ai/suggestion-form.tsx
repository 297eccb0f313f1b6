// The question of a generation: the company's app, its storefront, the model (the endpoint's
// default first), an optional seed phrase and competitor app (any App Store app found by name).
// Read-only members see Suggest disabled with the reason.
import { Group, Select, SimpleGrid, TextInput } from '@mantine/core';
import {
  DEFAULT_METADATA_LOOKUP,
  RESEARCH_STOREFRONTS,
  generateKeywordsInputSchema,
  isValidationMessageKey,
  type GenerateKeywordsInput,
  type ResearchLocale,
  type ResearchStorefront,
} from '@tapwise/contracts';
import { useQuery } from '@tanstack/react-query';
import { useMemo, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { countryOptions } from '../ads-manager/actions/country-names';
import type { AppRef } from '../keyword-research/analysis/analysis-api';
import { AppPicker } from '../keyword-research/analysis/app-picker';
import { WriteButton } from '../keyword-research/analysis/write-button';
import { overviewApi, overviewKeys } from '../overview/overview-api';
import { keywordAiApi, keywordAiKeys } from './keyword-ai-api';

export interface SuggestionQuestion {
  adamId: number | null;
  /** The app's name when it may not be one of the company's apps. */
  appName?: string | undefined;
  storefront: string;
}

/** Where competitors are searched: the storefront when App Store research covers it. */
function researchLocaleOf(storefront: string | null): ResearchLocale {
  const location = storefront?.toLowerCase() as ResearchStorefront | undefined;
  return location && RESEARCH_STOREFRONTS.includes(location)
    ? { ...DEFAULT_METADATA_LOOKUP, location }
    : { ...DEFAULT_METADATA_LOOKUP };
}

export function SuggestionForm(props: {
  initial: SuggestionQuestion;
  pending: boolean;
  onApp(adamId: number | null): void;
  onSubmit(input: GenerateKeywordsInput): void;
}) {
  const { t, i18n } = useTranslation();
  const { initial } = props;
  const [adamId, setAdamId] = useState(initial.adamId);
  const [storefront, setStorefront] = useState<string | null>(initial.storefront || null);
  const [model, setModel] = useState<string | null>(null);
  const [seed, setSeed] = useState('');
  const [competitor, setCompetitor] = useState<AppRef>();
  const [errors, setErrors] = useState<Record<string, string>>({});
  const ownApps = useQuery({ queryKey: overviewKeys.ownApps, queryFn: overviewApi.ownApps });
  const models = useQuery({
    queryKey: keywordAiKeys.models,
    queryFn: keywordAiApi.suggestiveModels,
    staleTime: 10 * 60_000,
  });
  const appOptions = useMemo(() => {
    const byId = new Map((ownApps.data ?? []).map((app) => [app.adamId, app.name]));
    // The caller's app is offered too: one found in the App Store, or while the company's load.
    if (initial.adamId !== null && !byId.has(initial.adamId)) {
      byId.set(initial.adamId, initial.appName ?? String(initial.adamId));
    }
    return [...byId].map(([id, name]) => ({ value: String(id), label: name }));
  }, [ownApps.data, initial]);
  const countries = useMemo(() => countryOptions(i18n.language), [i18n.language]);
  const chosenModel = model ?? models.data?.[0] ?? null;

  function onSubmit(event: FormEvent) {
    event.preventDefault();
    const parsed = generateKeywordsInputSchema.safeParse({
      adamId: adamId ?? undefined,
      storefront: storefront ?? '',
      model: chosenModel,
      seed: seed.trim() || null,
      competitorAdamId: competitor ? Number(competitor.appId) : null,
    });
    if (!parsed.success) {
      setErrors(
        Object.fromEntries(
          parsed.error.issues.map((issue) => [
            String(issue.path[0]),
            t(isValidationMessageKey(issue.message) ? issue.message : 'validation.required'),
          ]),
        ),
      );
      return;
    }
    setErrors({});
    props.onSubmit(parsed.data);
  }

  return (
    <form onSubmit={onSubmit} noValidate aria-label={t('keywordAi.form')}>
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
        <Select
          label={t('keywordAi.app')}
          data={appOptions}
          value={adamId === null ? null : String(adamId)}
          searchable
          error={errors.adamId}
          onChange={(value) => {
            const id = value === null ? null : Number(value);
            setAdamId(id);
            props.onApp(id);
          }}
        />
        <Select
          label={t('keywordAi.storefront')}
          data={countries}
          value={storefront}
          searchable
          error={errors.storefront}
          onChange={setStorefront}
        />
        <Select
          label={t('keywordAi.model')}
          data={models.data ?? []}
          value={chosenModel}
          placeholder={models.isPending ? t('common.loading') : undefined}
          error={models.isError ? t('errors.loadFailed') : errors.model}
          allowDeselect={false}
          onChange={setModel}
        />
        <TextInput
          label={t('keywordAi.seed')}
          description={t('keywordAi.seedHint')}
          value={seed}
          error={errors.seed}
          onChange={(event) => setSeed(event.currentTarget.value)}
        />
        <AppPicker
          label={t('keywordAi.competitor')}
          locale={researchLocaleOf(storefront)}
          value={competitor}
          onChange={setCompetitor}
        />
      </SimpleGrid>
      <Group justify="flex-end" mt="md">
        <WriteButton type="submit" permission="keywordAnalysis.write" loading={props.pending}>
          {t('keywordAi.suggest')}
        </WriteButton>
      </Group>
    </form>
  );
}
