// Step 4 (search results only): Search Match per ad group, Apple's automatedKeywordsOptIn.
import { Card, Stack, Switch, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { adGroupTitle } from './ad-group-title';
import { withAdGroup, type StepProps } from './step-props';

export function SearchMatchStep({ values, onChange }: StepProps) {
  const { t } = useTranslation();
  return (
    <Stack gap="md">
      <Text size="sm" c="dimmed">
        {t('campaignCreation.searchMatch.help')}
      </Text>
      {values.adGroups.map((adGroup, index) => (
        <Card key={index} withBorder>
          <Switch
            label={t('campaignCreation.searchMatch.label', {
              name: adGroupTitle(adGroup, index, t),
            })}
            checked={adGroup.searchMatch}
            onChange={(event) =>
              onChange(withAdGroup(values, index, { searchMatch: event.currentTarget.checked }))
            }
          />
        </Card>
      ))}
    </Stack>
  );
}
