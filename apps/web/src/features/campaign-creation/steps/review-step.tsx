// Step 8: everything the wizard will send, to read before Create.
import { Card, Stack, Table, Text, Title } from '@mantine/core';
import { placementHasKeywords, type WizardAd, type WizardAudience } from '@tapwise/contracts';
import { useQuery } from '@tanstack/react-query';
import type { TFunction } from 'i18next';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { adsManagerApi, adsManagerKeys } from '../../ads-manager/ads-manager-api';
import { countryOptions } from '../../ads-manager/actions/country-names';
import { choiceOf } from '../daypart';
import { pageOfChoice, useProductPages } from '../product-pages';
import { adGroupTitle } from './ad-group-title';
import type { StepProps } from './step-props';

function Facts({ rows }: { rows: [string, ReactNode][] }) {
  return (
    <Table variant="vertical" withTableBorder>
      <Table.Tbody>
        {rows.map(([label, value]) => (
          <Table.Tr key={label}>
            <Table.Th w={220}>{label}</Table.Th>
            <Table.Td>{value}</Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}

function audienceSummary(audience: WizardAudience, t: TFunction): [string, ReactNode][] {
  const daypart = audience.daypart ? choiceOf(audience.daypart) : null;
  return [
    [
      t('campaignCreation.fields.customerType'),
      t(`campaignCreation.customerTypes.${audience.customerType}`),
    ],
    [t('campaignCreation.fields.gender'), t(`campaignCreation.genders.${audience.gender}`)],
    [
      t('campaignCreation.fields.age'),
      audience.age
        ? `${audience.age.min}–${audience.age.max ?? t('campaignCreation.audience.noMaximum')}`
        : t('campaignCreation.audience.allAges'),
    ],
    [
      t('campaignCreation.fields.devices'),
      audience.devices.map((device) => t(`campaignCreation.devices.${device}`)).join(', '),
    ],
    [
      t('campaignCreation.fields.daypart'),
      daypart
        ? `${daypart.days.map((day) => t(`campaignCreation.weekDays.${day}`)).join(', ')} · ${daypart.fromHour}:00–${daypart.toHour}:00`
        : t('campaignCreation.audience.allWeek'),
    ],
  ];
}

const keywordList = (
  keywords: { text: string; matchType: string; bid?: string }[],
  t: TFunction,
) =>
  keywords.length === 0
    ? t('campaignCreation.keywords.none')
    : keywords
        .map(
          (keyword) =>
            `${keyword.text} (${t(`campaignCreation.matchTypes.${keyword.matchType}`)}${keyword.bid ? `, ${keyword.bid}` : ''})`,
        )
        .join(', ');

export function ReviewStep({ placement, values }: StepProps) {
  const { t, i18n } = useTranslation();
  const apps = useQuery({ queryKey: adsManagerKeys.apps, queryFn: adsManagerApi.apps });
  const app = apps.data?.find(
    (entry) => entry.adamId === values.adamId && entry.adAccountId === values.adAccountId,
  );
  const countryNames = new Map(
    countryOptions(i18n.language).map((option) => [option.value, option.label]),
  );
  const withKeywords = placementHasKeywords(placement);
  const pages = useProductPages(values);
  const pageName = (choice: WizardAd['productPage']) =>
    choice.kind === 'custom'
      ? `${t('campaignCreation.ads.customPage')}: ${
          pageOfChoice(pages.data, choice)?.name ??
          t('campaignCreation.productPages.unlisted', { id: choice.productPageId })
        }`
      : t('campaignCreation.ads.defaultPage');
  return (
    <Stack gap="md" data-testid="review">
      <Facts
        rows={[
          [t('campaignCreation.fields.placement'), t(`campaignCreation.placements.${placement}`)],
          [t('campaignCreation.fields.app'), app ? `${app.name} · ${app.adAccountName}` : '—'],
          [t('campaignCreation.fields.campaignName'), values.campaignName],
          [
            t('campaignCreation.fields.dailyBudget'),
            `${values.dailyBudget} ${app?.currency ?? ''}`,
          ],
          [
            t('campaignCreation.fields.countries'),
            values.countries.map((code) => countryNames.get(code) ?? code).join(', '),
          ],
          ...(withKeywords
            ? ([
                [t('campaignCreation.keywords.negatives'), keywordList(values.negativeKeywords, t)],
              ] as [string, ReactNode][])
            : []),
        ]}
      />
      {values.adGroups.map((adGroup, index) => (
        <Card key={index} withBorder>
          <Stack gap="xs">
            <Title order={3} size="h5">
              {adGroupTitle(adGroup, index, t)}
            </Title>
            <Facts
              rows={[
                [t('campaignCreation.fields.defaultBid'), adGroup.defaultBid],
                [t('campaignCreation.fields.cpaGoal'), adGroup.cpaGoal || '—'],
                ...(withKeywords
                  ? ([
                      [
                        t('campaignCreation.fields.bidMode'),
                        t(`campaignCreation.bidModes.${adGroup.bidMode}`),
                      ],
                      [
                        t('campaignCreation.steps.searchMatch'),
                        t(
                          adGroup.searchMatch
                            ? 'campaignCreation.review.on'
                            : 'campaignCreation.review.off',
                        ),
                      ],
                      [
                        t('campaignCreation.review.keywords', { count: adGroup.keywords.length }),
                        keywordList(adGroup.keywords, t),
                      ],
                    ] as [string, ReactNode][])
                  : []),
                ...audienceSummary(adGroup.audience, t),
                [
                  t('campaignCreation.steps.creativeSets'),
                  adGroup.ads.length === 0 ? (
                    <Text size="sm" c="dimmed">
                      {t('campaignCreation.review.noAds')}
                    </Text>
                  ) : (
                    adGroup.ads.map((ad) => `${ad.name} (${pageName(ad.productPage)})`).join(', ')
                  ),
                ],
              ]}
            />
          </Stack>
        </Card>
      ))}
    </Stack>
  );
}
