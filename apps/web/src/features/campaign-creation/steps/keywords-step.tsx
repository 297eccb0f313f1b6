// Step 5 (search results only): each ad group's keywords (typed, pasted, taken from Apple's
// suggestions or from AI suggestions) and negative keywords, and the campaign's negative keywords (not when adding an ad
// group to an existing campaign).
import { Card, Group, Stack, Text, Title } from '@mantine/core';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { STORAGE_KEYS, readStored, removeStored } from '../../../shared/storage/browser-storage';
import { pastedKeywords } from '../wizard-values';
import { KeywordAiButton } from '../../keyword-ai/keyword-ai-button';
import { adGroupTitle } from './ad-group-title';
import { KeywordList } from './keyword-list';
import { KeywordSuggestions } from './keyword-suggestions';
import { withAdGroup, type StepProps } from './step-props';

/** Keywords Keyword Analysis left for a new campaign (a JSON list of texts), taken once. */
function takeKeywordsFromAnalysis(): string[] {
  const stored = readStored(STORAGE_KEYS.keysFromKai);
  if (stored === null) return [];
  removeStored(STORAGE_KEYS.keysFromKai);
  try {
    const texts: unknown = JSON.parse(stored);
    return Array.isArray(texts) ? texts.filter((text) => typeof text === 'string') : [];
  } catch {
    return [];
  }
}

export function KeywordsStep({ values, errors, onChange, addingToCampaign }: StepProps) {
  const { t } = useTranslation();
  // The first ad group starts with the keywords chosen in Keyword Analysis, once.
  useEffect(() => {
    const texts = takeKeywordsFromAnalysis();
    const first = values.adGroups[0];
    if (texts.length === 0 || !first) return;
    onChange(
      withAdGroup(values, 0, {
        keywords: [...first.keywords, ...pastedKeywords(texts.join('\n'), first.keywords, 'EXACT')],
      }),
    );
    // Only on arrival at the step: the stored keywords are gone after the first read.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
  return (
    <Stack gap="md">
      {values.adGroups.map((adGroup, index) => {
        const name = adGroupTitle(adGroup, index, t);
        return (
          <Card key={index} withBorder>
            <Stack gap="xs">
              <Title order={3} size="h5">
                {name}
              </Title>
              <KeywordList
                label={t('campaignCreation.keywords.of', { name })}
                keywords={adGroup.keywords}
                withBids={adGroup.bidMode === 'custom'}
                path={`adGroups.${index}.keywords`}
                errors={errors}
                onChange={(keywords) => onChange(withAdGroup(values, index, { keywords }))}
              />
              <KeywordSuggestions
                adAccountId={values.adAccountId}
                adamId={values.adamId}
                countries={values.countries}
                adGroupName={name}
                keywords={adGroup.keywords}
                onChange={(keywords) => onChange(withAdGroup(values, index, { keywords }))}
              />
              <Group>
                <KeywordAiButton
                  size="xs"
                  adamId={values.adamId}
                  storefront={values.countries[0]}
                  pickLabel={t('keywordAi.wizardPick')}
                  onPick={(texts) =>
                    onChange(
                      withAdGroup(values, index, {
                        keywords: [
                          ...adGroup.keywords,
                          ...pastedKeywords(texts.join('\n'), adGroup.keywords, 'EXACT'),
                        ],
                      }),
                    )
                  }
                />
              </Group>
              <KeywordList
                label={t('campaignCreation.keywords.adGroupNegatives', { name })}
                keywords={adGroup.negativeKeywords}
                withBids={false}
                path={`adGroups.${index}.negativeKeywords`}
                errors={errors}
                onChange={(keywords) =>
                  onChange(
                    withAdGroup(values, index, {
                      negativeKeywords: keywords.map(({ text, matchType }) => ({
                        text,
                        matchType,
                      })),
                    }),
                  )
                }
              />
            </Stack>
          </Card>
        );
      })}
      {!addingToCampaign && (
        <Card withBorder>
          <Stack gap="xs">
            <Title order={3} size="h5">
              {t('campaignCreation.keywords.negatives')}
            </Title>
            <Text size="sm" c="dimmed">
              {t('campaignCreation.keywords.negativesHelp')}
            </Text>
            <KeywordList
              label={t('campaignCreation.keywords.negatives')}
              keywords={values.negativeKeywords}
              withBids={false}
              path="negativeKeywords"
              errors={errors}
              onChange={(keywords) =>
                onChange({
                  ...values,
                  negativeKeywords: keywords.map(({ text, matchType }) => ({ text, matchType })),
                })
              }
            />
          </Stack>
        </Card>
      )}
    </Stack>
  );
}
