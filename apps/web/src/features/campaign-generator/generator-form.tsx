// The generator's settings: app, names, countries, segmentation, bids and budgets, and the
// segments. Checked with the contract's schema before the preview is asked for; the server's
// refusals show at their fields too.
import { Alert, Button, Card, Group, MultiSelect, Stack, TextInput, Title } from '@mantine/core';
import { GENERATOR_LIMITS, type GeneratorSettings } from '@tapwise/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { serverFieldErrors } from '../../shared/api/api-error';
import { notifyError } from '../../shared/ui/notify';
import { AppSelect } from '../campaign-creation/steps/app-select';
import { AudienceFields } from '../campaign-creation/steps/audience-step';
import { useCountryOptions } from '../campaign-creation/use-country-options';
import { generatorApi, generatorKeys, type CampaignGeneration } from './generator-api';
import { generatorFailureText } from './generator-messages';
import {
  checkSettings,
  draftSettings,
  freeSlug,
  initialGeneratorValues,
  newSegment,
  valuesOfSettings,
  type GeneratorErrors,
  type GeneratorValues,
  type SegmentValues,
} from './generator-values';
import { SegmentCard } from './segment-card';
import { TemplatesBar, type LoadedTemplate } from './templates-bar';

/** What a keyword tool (AI suggestions) gets to add keywords to a segment's list. */
export interface KeywordToolProps {
  segmentIndex: number;
  values: GeneratorValues;
  onAddKeywords(segmentIndex: number, texts: string[]): void;
}

/** Adds texts to a segment's keywords, once each (case-insensitive), up to the segment's limit. */
export function withKeywords(
  values: GeneratorValues,
  segmentIndex: number,
  texts: readonly string[],
): GeneratorValues {
  return {
    ...values,
    segments: values.segments.map((segment, index) => {
      if (index !== segmentIndex) return segment;
      const seen = new Set(segment.keywords.map((keyword) => keyword.toLowerCase()));
      const added = texts
        .map((text) => text.trim())
        .filter((text) => {
          const key = text.toLowerCase();
          if (text === '' || seen.has(key)) return false;
          seen.add(key);
          return true;
        });
      return {
        ...segment,
        keywords: [...segment.keywords, ...added].slice(0, GENERATOR_LIMITS.keywordsPerSegment),
      };
    }),
  };
}

export function GeneratorForm(props: {
  onPreviewed(generation: CampaignGeneration): void;
  /** Renders tools under each typed keyword list (the AI suggestion button plugs in here). */
  keywordTool?(props: KeywordToolProps): ReactNode;
}) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [values, setValues] = useState(initialGeneratorValues);
  const [errors, setErrors] = useState<GeneratorErrors>({});
  const [loaded, setLoaded] = useState<LoadedTemplate | null>(null);
  const [pending, setPending] = useState(false);
  const countries = useCountryOptions(values, 'SEARCH_RESULTS');
  const errorAt = (path: string) => (errors[path] ? t(errors[path]) : undefined);

  const change = (patch: Partial<GeneratorValues>) =>
    setValues((current) => ({ ...current, ...patch }));
  const setSegment = (index: number, segment: SegmentValues) =>
    change({ segments: values.segments.map((entry, at) => (at === index ? segment : entry)) });
  const addKeywords = (segmentIndex: number, texts: string[]) =>
    setValues((current) => withKeywords(current, segmentIndex, texts));

  /** The checked settings, or undefined after showing the issues at their fields. */
  function settingsOrIssues(): GeneratorSettings | undefined {
    const checked = checkSettings(values);
    if (checked.ok) {
      setErrors({});
      return checked.settings;
    }
    setErrors(checked.errors);
    return undefined;
  }

  async function submit(event: FormEvent) {
    event.preventDefault();
    const settings = settingsOrIssues();
    if (!settings) return;
    setPending(true);
    try {
      const generation = await generatorApi.preview(settings);
      queryClient.setQueryData(generatorKeys.generation(generation.id), generation);
      void queryClient.invalidateQueries({ queryKey: generatorKeys.generations });
      props.onPreviewed(generation);
    } catch (error) {
      setErrors(serverFieldErrors(error));
      notifyError(generatorFailureText(error));
    } finally {
      setPending(false);
    }
  }

  const customCount = values.segments.filter((segment) => segment.segment === 'custom').length;
  const hasIssues = Object.keys(errors).length > 0;

  // The templates bar stays outside the form: its name dialog is a form of its own, and React
  // would carry its submit event through the portal to this one.
  return (
    <Stack gap="md">
      <TemplatesBar
        loaded={loaded}
        onLoad={(template) => {
          setValues(valuesOfSettings(template.settings));
          setErrors({});
          setLoaded({ id: template.id, name: template.name, isDraft: template.isDraft });
        }}
        onUnload={() => setLoaded(null)}
        templateSettings={settingsOrIssues}
        draftSettings={() => draftSettings(values)}
      />
      <form
        onSubmit={(event) => void submit(event)}
        noValidate
        aria-label={t('campaignGenerator.form.title')}
      >
        <Stack gap="md">
          <Card withBorder>
            <Stack gap="sm" maw={640}>
              <Title order={2} size="h4">
                {t('campaignGenerator.form.appSection')}
              </Title>
              <AppSelect
                adAccountId={values.adAccountId}
                adamId={values.adamId}
                error={errorAt('adamId') ?? errorAt('adAccountId')}
                onChange={(app) =>
                  change({
                    adAccountId: app?.adAccountId ?? null,
                    adamId: app?.adamId ?? null,
                    // Names follow the app chosen; the user may still edit them.
                    ...(app ? { organisationName: app.adAccountName, appName: app.name } : {}),
                  })
                }
              />
              <Group grow align="flex-start">
                <TextInput
                  label={t('campaignGenerator.form.organisationName')}
                  required
                  value={values.organisationName}
                  onChange={(event) => change({ organisationName: event.currentTarget.value })}
                  error={errorAt('organisationName')}
                />
                <TextInput
                  label={t('campaignGenerator.form.appName')}
                  required
                  value={values.appName}
                  onChange={(event) => change({ appName: event.currentTarget.value })}
                  error={errorAt('appName')}
                />
              </Group>
              <MultiSelect
                label={t('campaignGenerator.form.countries')}
                required
                searchable
                data={countries.options}
                maxValues={GENERATOR_LIMITS.countries}
                value={values.countries}
                onChange={(chosen) => change({ countries: chosen })}
                error={errorAt('countries')}
              />
            </Stack>
          </Card>
          <Card withBorder>
            <Stack gap="sm" maw={640}>
              <Title order={2} size="h4">
                {t('campaignGenerator.form.segmentation')}
              </Title>
              <AudienceFields
                audience={values.audience}
                path="audience"
                errors={errors}
                onChange={(audience) => change({ audience })}
              />
            </Stack>
          </Card>
          <Card withBorder>
            <Stack gap="sm" maw={640}>
              <Title order={2} size="h4">
                {t('campaignGenerator.form.budgets')}
              </Title>
              <Group grow align="flex-start">
                <TextInput
                  label={t('campaignGenerator.form.cpt')}
                  required
                  inputMode="decimal"
                  value={values.cpt}
                  onChange={(event) => change({ cpt: event.currentTarget.value })}
                  error={errorAt('cpt')}
                />
                <TextInput
                  label={t('campaignGenerator.form.dailyCap')}
                  description={t('campaignGenerator.form.dailyCapHint')}
                  required
                  inputMode="decimal"
                  value={values.dailyCap}
                  onChange={(event) => change({ dailyCap: event.currentTarget.value })}
                  error={errorAt('dailyCap')}
                />
                <TextInput
                  label={t('campaignGenerator.form.totalBudget')}
                  description={t('campaignGenerator.form.totalBudgetHint')}
                  inputMode="decimal"
                  value={values.totalBudget}
                  onChange={(event) => change({ totalBudget: event.currentTarget.value })}
                  error={errorAt('totalBudget')}
                />
              </Group>
              {values.countries.length > 0 && (
                <Group align="flex-start">
                  {values.countries.map((country) => (
                    <TextInput
                      key={country}
                      w={140}
                      inputMode="decimal"
                      label={t('campaignGenerator.form.countryBudget', { country })}
                      placeholder={values.dailyCap}
                      value={values.countryBudgets[country] ?? ''}
                      onChange={(event) =>
                        change({
                          countryBudgets: {
                            ...values.countryBudgets,
                            [country]: event.currentTarget.value,
                          },
                        })
                      }
                      error={errorAt(`countryBudgets.${country}`)}
                    />
                  ))}
                </Group>
              )}
            </Stack>
          </Card>
          <Stack gap="sm">
            <Title order={2} size="h4">
              {t('campaignGenerator.form.segments')}
            </Title>
            {values.segments.map((segment, index) => (
              <SegmentCard
                key={index}
                segment={segment}
                index={index}
                errors={errors}
                country={values.countries[0]}
                onChange={(next) => setSegment(index, next)}
                onRemove={
                  segment.segment === 'custom'
                    ? () => change({ segments: values.segments.filter((_, at) => at !== index) })
                    : undefined
                }
                keywordTools={props.keywordTool?.({
                  segmentIndex: index,
                  values,
                  onAddKeywords: addKeywords,
                })}
              />
            ))}
            {customCount < GENERATOR_LIMITS.customSegments && (
              <Group>
                <Button
                  variant="light"
                  onClick={() =>
                    change({
                      segments: [
                        ...values.segments,
                        newSegment('custom', freeSlug(values.segments)),
                      ],
                    })
                  }
                >
                  {t('campaignGenerator.form.addCustom')}
                </Button>
              </Group>
            )}
          </Stack>
          {hasIssues && (
            <Alert color="red" variant="light" role="alert">
              {errors.segments ? t(errors.segments) : t('campaignGenerator.form.fixIssues')}
            </Alert>
          )}
          <Group>
            <Button type="submit" loading={pending}>
              {t('campaignGenerator.form.preview')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Stack>
  );
}
