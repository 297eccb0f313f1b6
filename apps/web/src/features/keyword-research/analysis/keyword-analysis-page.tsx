// /keyword-auction-insights (spec 1 §2, §9): four research tabs under one locale bar. The tab
// comes from the query (`tab`, as the data-request list opens it, with `q` the time it was opened).
import { Stack, Tabs } from '@mantine/core';
import {
  DATA_REQUEST_TABS,
  DEFAULT_METADATA_LOOKUP,
  type ResearchLocale,
} from '@tapwise/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { PageFrame } from '../../../shared/ui/page-frame';
import { AppsForKeywordTab } from './apps-for-keyword-tab';
import { CategoryTopTab } from './category-top-tab';
import { CompetitorsTab } from './competitors-tab';
import { KeywordsForAppTab } from './keywords-for-app-tab';
import { LocaleBar } from './locale-bar';

type TabKind = keyof typeof DATA_REQUEST_TABS;
const TAB_KINDS = Object.keys(DATA_REQUEST_TABS) as TabKind[];

/** The tab's kind named by the query's `tab` (0-3), the first when absent or unknown. */
export function tabOfQuery(value: string | null): TabKind {
  return TAB_KINDS.find((kind) => String(DATA_REQUEST_TABS[kind]) === value) ?? TAB_KINDS[0]!;
}

export default function KeywordAnalysisPage() {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const [locale, setLocale] = useState<ResearchLocale>({ ...DEFAULT_METADATA_LOOKUP });
  const tab = tabOfQuery(params.get('tab'));
  return (
    <PageFrame title={t('keywordAnalysis.title')}>
      <Stack gap="md">
        <LocaleBar locale={locale} onChange={setLocale} />
        <Tabs
          value={tab}
          onChange={(kind) =>
            kind && setParams({ tab: String(DATA_REQUEST_TABS[kind as TabKind]) })
          }
        >
          <Tabs.List>
            {TAB_KINDS.map((kind) => (
              <Tabs.Tab key={kind} value={kind}>
                {t(`keywordAnalysis.tabs.${kind}`)}
              </Tabs.Tab>
            ))}
          </Tabs.List>
          <Tabs.Panel value="keywordsForApp" pt="md">
            <KeywordsForAppTab locale={locale} />
          </Tabs.Panel>
          <Tabs.Panel value="appsForKeyword" pt="md">
            <AppsForKeywordTab locale={locale} />
          </Tabs.Panel>
          <Tabs.Panel value="suggestedCompetitors" pt="md">
            <CompetitorsTab locale={locale} />
          </Tabs.Panel>
          <Tabs.Panel value="topAppsForCategory" pt="md">
            <CategoryTopTab locale={locale} />
          </Tabs.Panel>
        </Tabs>
      </Stack>
    </PageFrame>
  );
}
