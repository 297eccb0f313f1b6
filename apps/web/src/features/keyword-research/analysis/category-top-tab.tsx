// Tab 3: the storefront's top chart of a category or game genre, free or paid.
import { Group, SegmentedControl, Select, Stack } from '@mantine/core';
import {
  ALL_CATEGORIES_ID,
  APP_CATEGORIES,
  CATEGORY_TYPES,
  DEFAULT_GAME_CATEGORY_ID,
  GAME_GENRES,
  categoryName,
  type CategoryType,
  type DataRequest,
  type ResearchLocale,
} from '@tapwise/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { analysisApi, type CategoryQuestion } from './analysis-api';
import { AppCard, AppCardList } from './app-card';
import { localeOfRequest } from './opened-request';
import { ResearchState } from './research-state';
import { useResearch } from './use-research';
import { WriteButton } from './write-button';

interface Question extends CategoryQuestion {
  locale: ResearchLocale;
}

const option = ({ id, name }: { id: number; name: string }) => ({ value: String(id), label: name });

export function CategoryTopTab(props: { locale: ResearchLocale; opened?: DataRequest }) {
  const { t } = useTranslation();
  const { opened } = props;
  const [catId, setCatId] = useState<number>(opened?.catId ?? DEFAULT_GAME_CATEGORY_ID);
  const [type, setType] = useState<CategoryType>(opened?.catType ?? 'free');
  const [question, setQuestion] = useState<Question | undefined>(
    () => opened && { catId, type, locale: localeOfRequest(opened) },
  );
  const research = useResearch('topAppsForCategory', question, (asked: Question) =>
    analysisApi.categoryTop({ catId: asked.catId, type: asked.type }, asked.locale),
  );
  // Category names are the App Store's own (English) names.
  const categories = [
    { value: String(ALL_CATEGORIES_ID), label: categoryName(ALL_CATEGORIES_ID)! },
    { group: t('keywordAnalysis.categoryTop.apps'), items: APP_CATEGORIES.map(option) },
    { group: t('keywordAnalysis.categoryTop.games'), items: GAME_GENRES.map(option) },
  ];
  return (
    <Stack gap="md">
      <Group align="flex-end">
        <Select
          w={280}
          label={t('keywordAnalysis.categoryTop.category')}
          data={categories}
          value={String(catId)}
          searchable
          allowDeselect={false}
          onChange={(value) => value !== null && setCatId(Number(value))}
        />
        <SegmentedControl
          aria-label={t('keywordAnalysis.categoryTop.price')}
          value={type}
          data={CATEGORY_TYPES.map((value) => ({
            value,
            label: t(`keywordAnalysis.categoryTop.types.${value}`),
          }))}
          onChange={(value) => setType(value as CategoryType)}
        />
        <WriteButton
          permission="keywordAnalysis.write"
          onClick={() => setQuestion({ catId, type, locale: props.locale })}
        >
          {t('keywordAnalysis.categoryTop.search')}
        </WriteButton>
      </Group>
      <ResearchState research={research} asked={question !== undefined}>
        {(rows) => (
          <AppCardList label={t('keywordAnalysis.categoryTop.list')}>
            {rows.map((row) => (
              <AppCard key={row.app.application_id} app={row.app} rank={row.rank} />
            ))}
          </AppCardList>
        )}
      </ResearchState>
    </Stack>
  );
}
