// Tab 1: the apps the storefront's search shows for a keyword, in their order.
import { Group, Stack, TextInput } from '@mantine/core';
import { researchTermSchema, type DataRequest, type ResearchLocale } from '@tapwise/contracts';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { analysisApi } from './analysis-api';
import { AppCard, AppCardList } from './app-card';
import { localeOfRequest } from './opened-request';
import { ResearchState } from './research-state';
import { useResearch } from './use-research';
import { WriteButton } from './write-button';

interface Question {
  keyword: string;
  locale: ResearchLocale;
}

export function AppsForKeywordTab(props: { locale: ResearchLocale; opened?: DataRequest }) {
  const { t } = useTranslation();
  const { opened } = props;
  const [keyword, setKeyword] = useState(opened?.keyword ?? '');
  const [error, setError] = useState<string>();
  const [question, setQuestion] = useState<Question | undefined>(() =>
    opened?.keyword ? { keyword: opened.keyword, locale: localeOfRequest(opened) } : undefined,
  );
  const research = useResearch('appsForKeyword', question, (asked: Question) =>
    analysisApi.appsForKeyword(asked.keyword, asked.locale),
  );

  function onSubmit(event: FormEvent) {
    event.preventDefault();
    const parsed = researchTermSchema.safeParse(keyword);
    if (!parsed.success) {
      setError(t(parsed.error.issues[0]!.message));
      return;
    }
    setError(undefined);
    setQuestion({ keyword: parsed.data, locale: props.locale });
  }

  return (
    <Stack gap="md">
      <form onSubmit={onSubmit} noValidate>
        <Group align="flex-start">
          <TextInput
            w={360}
            label={t('keywordAnalysis.appsForKeyword.keyword')}
            value={keyword}
            error={error}
            onChange={(event) => setKeyword(event.currentTarget.value)}
          />
          <WriteButton permission="keywordAnalysis.write" type="submit" mt={25}>
            {t('keywordAnalysis.appsForKeyword.search')}
          </WriteButton>
        </Group>
      </form>
      <ResearchState research={research} asked={question !== undefined}>
        {(rows) => (
          <AppCardList
            label={t('keywordAnalysis.appsForKeyword.list', { keyword: question?.keyword ?? '' })}
          >
            {rows.map((row) => (
              <AppCard key={row.app.application_id} app={row.app} rank={row.rank} own={row.own} />
            ))}
          </AppCardList>
        )}
      </ResearchState>
    </Stack>
  );
}
