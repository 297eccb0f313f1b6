// Where research questions are asked, shared by every tab: the storefront (by country name), the
// language and the device.
import { Group, SegmentedControl, Select, TextInput } from '@mantine/core';
import {
  RESEARCH_DEVICES,
  RESEARCH_STOREFRONTS,
  researchLocaleSchema,
  type ResearchDevice,
  type ResearchLocale,
} from '@tapwise/contracts';
import countries from 'i18n-iso-countries';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
// Registers the country names of every interface language.
import '../../ads-manager/actions/country-names';

export function LocaleBar(props: {
  locale: ResearchLocale;
  onChange(locale: ResearchLocale): void;
}) {
  const { t, i18n } = useTranslation();
  const storefronts = useMemo(
    () =>
      RESEARCH_STOREFRONTS.map((code) => ({
        value: code,
        label:
          countries.getName(code.toUpperCase(), i18n.language) ??
          countries.getName(code.toUpperCase(), 'en') ??
          code,
      })).sort((a, b) => a.label.localeCompare(b.label, i18n.language)),
    [i18n.language],
  );
  const { locale } = props;
  const languageIssue = researchLocaleSchema
    .safeParse(locale)
    .error?.issues.find((issue) => issue.path[0] === 'language')?.message;
  return (
    <Group align="flex-end" gap="sm" role="group" aria-label={t('keywordAnalysis.locale.label')}>
      <Select
        label={t('keywordAnalysis.locale.storefront')}
        data={storefronts}
        value={locale.location}
        searchable
        allowDeselect={false}
        onChange={(value) => value && props.onChange({ ...locale, location: value })}
      />
      <TextInput
        w={120}
        label={t('keywordAnalysis.locale.language')}
        value={locale.language}
        error={languageIssue && t(languageIssue)}
        maxLength={2}
        onChange={(event) => props.onChange({ ...locale, language: event.currentTarget.value })}
      />
      <SegmentedControl
        aria-label={t('keywordAnalysis.locale.device')}
        value={locale.device}
        data={RESEARCH_DEVICES.map((device) => ({
          value: device,
          label: t(`keywordAnalysis.locale.devices.${device}`),
        }))}
        onChange={(value) => props.onChange({ ...locale, device: value as ResearchDevice })}
      />
    </Group>
  );
}
