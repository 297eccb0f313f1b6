// Step 3: the campaign's ad groups, each with its name, default max CPT bid, optional CPA goal
// and bid mode (ad group default, or a custom bid per keyword).
import {
  ActionIcon,
  Button,
  Card,
  Group,
  SegmentedControl,
  Stack,
  Text,
  TextInput,
} from '@mantine/core';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import { CAMPAIGN_CREATION_LIMITS, placementHasKeywords, type BidMode } from '@tapwise/contracts';
import { useTranslation } from 'react-i18next';
import { newAdGroup } from '../wizard-values';
import { errorAt, withAdGroup, type StepProps } from './step-props';

export function AdGroupStep({ placement, values, errors, onChange, addingToCampaign }: StepProps) {
  const { t } = useTranslation();
  const canRemove = values.adGroups.length > 1;
  return (
    <Stack gap="md">
      {errors.adGroups && (
        <Text c="red" size="sm" role="alert">
          {t(errors.adGroups)}
        </Text>
      )}
      {values.adGroups.map((adGroup, index) => {
        const at = (field: string) => errorAt(errors, `adGroups.${index}.${field}`, t);
        const title = adGroup.name || t('campaignCreation.adGroup.untitled', { number: index + 1 });
        return (
          <Card key={index} withBorder data-testid="ad-group-card">
            <Stack gap="sm">
              <Group justify="space-between">
                <Text fw={600}>{title}</Text>
                {canRemove && (
                  <ActionIcon
                    variant="subtle"
                    color="red"
                    aria-label={t('campaignCreation.adGroup.remove', { name: title })}
                    onClick={() =>
                      onChange({
                        ...values,
                        adGroups: values.adGroups.filter((_, other) => other !== index),
                      })
                    }
                  >
                    <IconTrash size={16} />
                  </ActionIcon>
                )}
              </Group>
              <Group grow align="flex-start">
                <TextInput
                  label={t('campaignCreation.fields.adGroupName')}
                  required
                  value={adGroup.name}
                  onChange={(event) =>
                    onChange(withAdGroup(values, index, { name: event.currentTarget.value }))
                  }
                  error={at('name')}
                />
                <TextInput
                  label={t('campaignCreation.fields.defaultBid')}
                  required
                  inputMode="decimal"
                  value={adGroup.defaultBid}
                  onChange={(event) =>
                    onChange(withAdGroup(values, index, { defaultBid: event.currentTarget.value }))
                  }
                  error={at('defaultBid')}
                />
                <TextInput
                  label={t('campaignCreation.fields.cpaGoal')}
                  inputMode="decimal"
                  value={adGroup.cpaGoal}
                  onChange={(event) =>
                    onChange(withAdGroup(values, index, { cpaGoal: event.currentTarget.value }))
                  }
                  error={at('cpaGoal')}
                />
              </Group>
              {placementHasKeywords(placement) && (
                <Stack gap={4}>
                  <Text size="sm" fw={500} id={`bid-mode-${index}`}>
                    {t('campaignCreation.fields.bidMode')}
                  </Text>
                  <SegmentedControl
                    aria-labelledby={`bid-mode-${index}`}
                    value={adGroup.bidMode}
                    data={[
                      {
                        value: 'adGroupDefault',
                        label: t('campaignCreation.bidModes.adGroupDefault'),
                      },
                      { value: 'custom', label: t('campaignCreation.bidModes.custom') },
                    ]}
                    onChange={(bidMode) =>
                      onChange(withAdGroup(values, index, { bidMode: bidMode as BidMode }))
                    }
                  />
                </Stack>
              )}
            </Stack>
          </Card>
        );
      })}
      {!addingToCampaign && (
        <Group>
          <Button
            variant="light"
            leftSection={<IconPlus size={16} />}
            disabled={values.adGroups.length >= CAMPAIGN_CREATION_LIMITS.adGroups}
            onClick={() =>
              onChange({ ...values, adGroups: [...values.adGroups, newAdGroup(placement)] })
            }
          >
            {t('campaignCreation.adGroup.add')}
          </Button>
        </Group>
      )}
    </Stack>
  );
}
