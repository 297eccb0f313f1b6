// Tab 2: the apps that rank in the top 10 for most of an app's keywords, with their share of
// those places.
import { Avatar, Group, Stack, Text } from '@mantine/core';
import type { DataRequest, ResearchLocale, SuggestedCompetitor } from '@tapwise/contracts';
import type { TFunction } from 'i18next';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { analysisApi, type AppRef } from './analysis-api';
import { appOfRequest, localeOfRequest } from './opened-request';
import { AppQuestion } from './app-question';
import { ResearchState } from './research-state';
import { ResearchTable } from './research-table';
import { shareCell, type ResearchColumn } from './table-rows';
import { useResearch } from './use-research';

interface Question {
  app: AppRef;
  locale: ResearchLocale;
}

const idOf = (row: SuggestedCompetitor) => row.app.application_id;
const textOf = (row: SuggestedCompetitor) => `${row.app.title} ${row.app.developer}`;

function competitorColumns(t: TFunction): ResearchColumn<SuggestedCompetitor>[] {
  const label = (key: string) => t(`keywordAnalysis.columns.${key}`);
  return [
    { key: 'rank', label: label('rank'), width: 70, numeric: true, value: (row) => row.rank },
    {
      key: 'app',
      label: label('app'),
      width: 300,
      value: (row) => row.app.title,
      render: (row) => (
        <Group gap="xs" wrap="nowrap">
          <Avatar src={row.app.icon} alt="" size={28} radius="sm" />
          <Text size="sm" truncate>
            {row.app.title}
          </Text>
        </Group>
      ),
    },
    { key: 'developer', label: label('developer'), width: 200, value: (row) => row.app.developer },
    {
      key: 'rating',
      label: label('rating'),
      width: 90,
      numeric: true,
      value: (row) => row.app.rating,
    },
    {
      key: 'noOfKeywords',
      label: label('noOfKeywords'),
      width: 120,
      numeric: true,
      range: true,
      value: (row) => row.noOfKeywords,
    },
    {
      key: 'shareOfVoice',
      label: label('shareOfVoice'),
      width: 120,
      numeric: true,
      value: (row) => row.percent_sov,
      render: (row) => shareCell(row.percent_sov),
    },
  ];
}

export function CompetitorsTab(props: { locale: ResearchLocale; opened?: DataRequest }) {
  const { t } = useTranslation();
  const openedApp = props.opened && appOfRequest(props.opened);
  const [app, setApp] = useState(openedApp);
  const [question, setQuestion] = useState<Question | undefined>(
    () => openedApp && { app: openedApp, locale: localeOfRequest(props.opened!) },
  );
  const research = useResearch('suggestedCompetitors', question, (asked: Question) =>
    analysisApi.competitors(asked.app, asked.locale),
  );
  const columns = useMemo(() => competitorColumns(t), [t]);
  return (
    <Stack gap="md">
      <AppQuestion
        locale={props.locale}
        app={app}
        onApp={setApp}
        ask={t('keywordAnalysis.competitors.search')}
        onAsk={(asked) => setQuestion({ app: asked, locale: props.locale })}
      />
      <ResearchState research={research} asked={question !== undefined}>
        {(rows) => (
          <ResearchTable
            label={t('keywordAnalysis.competitors.table', { app: question?.app.title ?? '' })}
            rows={rows}
            columns={columns}
            rowKey={idOf}
            textOf={textOf}
            fileName={`competitors-${question?.app.appId ?? ''}-${question?.locale.location ?? ''}`}
            initialSort={{ key: 'rank', desc: false }}
          />
        )}
      </ResearchState>
    </Stack>
  );
}
