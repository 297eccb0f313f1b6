// /keyword-auction-insights (spec 1 §2, §9): four research tabs under one locale bar. The tab
// comes from the query (`tab`), as does a data request the member's list opens (`request`, with
// `q` the time it was opened): its question is shown on its tab.
import { Stack, Tabs } from '@mantine/core';
import {
  DATA_REQUEST_OP_IDS,
  DATA_REQUEST_TABS,
  DEFAULT_METADATA_LOOKUP,
  type DataRequest,
  type ResearchLocale,
} from '@tapwise/contracts';
import { useQuery } from '@tanstack/react-query';
import { useState, type ComponentType } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { PageFrame } from '../../../shared/ui/page-frame';
import { ResearchPagesLink } from '../research-pages-link';
import { analysisApi } from './analysis-api';
import { AppsForKeywordTab } from './apps-for-keyword-tab';
import { CategoryTopTab } from './category-top-tab';
import { CompetitorsTab } from './competitors-tab';
import { KeywordsForAppTab } from './keywords-for-app-tab';
import { LocaleBar } from './locale-bar';
import { localeOfRequest } from './opened-request';

type TabKind = keyof typeof DATA_REQUEST_TABS;
const TAB_KINDS = Object.keys(DATA_REQUEST_TABS) as TabKind[];

/** What each tab shows: its question and answer, in the page's storefront. */
const TAB_CONTENTS: Record<
  TabKind,
  ComponentType<{ locale: ResearchLocale; opened?: DataRequest }>
> = {
  keywordsForApp: KeywordsForAppTab,
  appsForKeyword: AppsForKeywordTab,
  suggestedCompetitors: CompetitorsTab,
  topAppsForCategory: CategoryTopTab,
};

/** The tab's kind named by the query's `tab` (0-3), the first when absent or unknown. */
export function tabOfQuery(value: string | null): TabKind {
  return TAB_KINDS.find((kind) => String(DATA_REQUEST_TABS[kind]) === value) ?? TAB_KINDS[0]!;
}

export default function KeywordAnalysisPage() {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const [locale, setLocale] = useState<ResearchLocale>({ ...DEFAULT_METADATA_LOOKUP });
  const tab = tabOfQuery(params.get('tab'));
  const opened = useOpenedRequest(params.get('request'));
  // The opened request's storefront becomes the page's, once it is known.
  const [shownRequest, setShownRequest] = useState<string>();
  if (opened && opened.id !== shownRequest) {
    setShownRequest(opened.id);
    setLocale(localeOfRequest(opened));
  }
  const openedOf = (kind: TabKind) =>
    opened?.opId === DATA_REQUEST_OP_IDS[kind] ? opened : undefined;
  return (
    <PageFrame
      title={t('keywordAnalysis.title')}
      actions={<ResearchPagesLink to="organicRanking" />}
    >
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
          {TAB_KINDS.map((kind) => {
            const TabContent = TAB_CONTENTS[kind];
            const opened = openedOf(kind);
            return (
              <Tabs.Panel key={kind} value={kind} pt="md">
                <TabContent key={opened?.id} locale={locale} opened={opened} />
              </Tabs.Panel>
            );
          })}
        </Tabs>
      </Stack>
    </PageFrame>
  );
}

/** The data request a link names, from the member's list; undefined while unknown. */
function useOpenedRequest(id: string | null): DataRequest | undefined {
  const requests = useQuery({
    queryKey: ['keywordAnalysis', 'dataRequests'],
    queryFn: analysisApi.dataRequests,
    enabled: id !== null,
  });
  return requests.data?.find((request) => request.id === id);
}
