// The keyword journey's GraphQL query (docs/api/keyword-journey.md), guarded on the server by
// keywordOptimization.read. Stage counts travel as lists; the page reads them as maps.
import {
  KEYWORD_STAGES,
  METRIC_COUNT_FIELDS,
  type AppScope,
  type KeywordJourney,
  type KeywordJourneyWindow,
  type KeywordStage,
  type StageCountMap,
} from '@tapwise/contracts';
import { graphqlRequest } from '../../shared/api/graphql';

export interface KeywordJourneySelection extends AppScope {
  days: KeywordJourneyWindow;
  goalId: string | null;
  stage: KeywordStage;
}

type StageCountList = { stage: KeywordStage; count: number }[];
type Wire = Omit<KeywordJourney, 'stageCounts' | 'weeks'> & {
  stageCounts: StageCountList;
  weeks: (Omit<KeywordJourney['weeks'][number], 'stageCounts'> & { stageCounts: StageCountList })[];
};

const toMap = (list: StageCountList): StageCountMap => {
  const map = Object.fromEntries(KEYWORD_STAGES.map((stage) => [stage, 0])) as StageCountMap;
  for (const entry of list) map[entry.stage] = entry.count;
  return map;
};

const COUNTS = `{ ${METRIC_COUNT_FIELDS.join(' ')} }`;
const STAGE_COUNTS = '{ stage count }';

export const keywordJourneyKeys = {
  journey: (selection: KeywordJourneySelection) => ['keywordJourney', selection] as const,
};

export async function fetchKeywordJourney(
  selection: KeywordJourneySelection,
): Promise<KeywordJourney> {
  const { goalId, ...rest } = selection;
  const { keywordJourney } = await graphqlRequest<{ keywordJourney: Wire }>(
    `query KeywordJourney($input: KeywordJourneyInput!) {
      keywordJourney(input: $input) {
        window { start end } currency stage eventSource dataDays needsWait
        goal { id name } goals { id name }
        stageCounts ${STAGE_COUNTS}
        keywords { keywordId text matchType campaignId adGroupId counts ${COUNTS} events }
        weeks { start end forward back stageCounts ${STAGE_COUNTS} }
      }
    }`,
    { input: { ...rest, ...(goalId ? { goalId } : {}) } },
  );
  return {
    ...keywordJourney,
    stageCounts: toMap(keywordJourney.stageCounts),
    weeks: keywordJourney.weeks.map((week) => ({ ...week, stageCounts: toMap(week.stageCounts) })),
  };
}
