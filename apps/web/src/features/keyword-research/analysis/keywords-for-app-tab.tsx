// Tab 0: the keywords an app ranks for, with what the company does with them; selected keywords
// can be added to an ad group or used in a new campaign. AI suggestions start from the chosen app.
import { Group, Stack } from '@mantine/core';
import type { DataRequest, KeywordRanking, ResearchLocale } from '@tapwise/contracts';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { KeywordAiButton } from '../../keyword-ai/keyword-ai-button';
import { analysisApi, type AppRef } from './analysis-api';
import { appOfRequest, localeOfRequest } from './opened-request';
import { AppQuestion } from './app-question';
import { KeywordActions } from './keyword-actions';
import { keywordColumns } from './keyword-columns';
import { ResearchState } from './research-state';
import { ResearchTable } from './research-table';
import { useResearch } from './use-research';

interface Question {
  app: AppRef;
  locale: ResearchLocale;
}

const keywordOf = (row: KeywordRanking) => row.keyword;

export function KeywordsForAppTab(props: { locale: ResearchLocale; opened?: DataRequest }) {
  const { t } = useTranslation();
  const openedApp = props.opened && appOfRequest(props.opened);
  const [app, setApp] = useState(openedApp);
  const [question, setQuestion] = useState<Question | undefined>(
    () => openedApp && { app: openedApp, locale: localeOfRequest(props.opened!) },
  );
  const [selected, setSelected] = useState<Set<string>>(new Set());
  const research = useResearch('keywordsForApp', question, (asked: Question) =>
    analysisApi.keywordsForApp(asked.app, asked.locale),
  );
  const columns = useMemo(() => keywordColumns(t), [t]);
  const selection = useMemo(() => ({ selected, onChange: setSelected }), [selected]);

  return (
    <Stack gap="md">
      <Group align="flex-end" justify="space-between">
        <AppQuestion
          locale={props.locale}
          app={app}
          onApp={setApp}
          ask={t('keywordAnalysis.keywordsForApp.search')}
          onAsk={(asked) => {
            setSelected(new Set());
            setQuestion({ app: asked, locale: props.locale });
          }}
        />
        <KeywordAiButton
          adamId={app ? Number(app.appId) : null}
          appName={app?.title}
          storefront={props.locale.location}
        />
      </Group>
      <ResearchState research={research} asked={question !== undefined}>
        {(rows) => (
          <ResearchTable
            label={t('keywordAnalysis.keywordsForApp.table', { app: question?.app.title ?? '' })}
            rows={rows}
            columns={columns}
            rowKey={keywordOf}
            textOf={keywordOf}
            fileName={`keywords-${question?.app.appId ?? ''}-${question?.locale.location ?? ''}`}
            initialSort={{ key: 'popularity', desc: true }}
            selection={selection}
            actions={<KeywordActions texts={[...selected]} />}
          />
        )}
      </ResearchState>
    </Stack>
  );
}
