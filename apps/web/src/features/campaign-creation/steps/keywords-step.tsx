// Step 5 (search results only): each ad group's keywords (typed, pasted or taken from Apple's
// suggestions) and negative keywords, and the campaign's negative keywords (not when adding an ad
// group to an existing campaign).
import { Card, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { adGroupTitle } from './ad-group-title';
import { KeywordList } from './keyword-list';
import { KeywordSuggestions } from './keyword-suggestions';
import { withAdGroup, type StepProps } from './step-props';

export function KeywordsStep({ values, errors, onChange, addingToCampaign }: StepProps) {
  const { t } = useTranslation();
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
