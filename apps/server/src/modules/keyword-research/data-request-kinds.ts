// Each kind of data request: its runner and its total (docs/keyword-research.md, Data requests).
import { DATA_REQUEST_OP_IDS, KEYWORD_SEARCH_RESULT_COUNT } from '@tapwise/contracts';
import type { DataRequestRunner } from './data-request-run';
import { appsForKeyword } from './runners/apps-for-keyword';
import { keywordsForApp } from './runners/keywords-for-app';
import { COMPETITOR_KEYWORD_COUNT, suggestedCompetitors } from './runners/suggested-competitors';
import { TOP_CHART_SIZE, topAppsForCategory } from './runners/top-apps-for-category';

interface DataRequestKind {
  run: DataRequestRunner;
  /** The request's total from its CountPref. */
  total(countPref: number): number;
}

export const DATA_REQUEST_KIND_BY_OP_ID: Record<number, DataRequestKind> = {
  [DATA_REQUEST_OP_IDS.keywordsForApp]: { run: keywordsForApp, total: (countPref) => countPref },
  [DATA_REQUEST_OP_IDS.appsForKeyword]: {
    run: appsForKeyword,
    total: () => KEYWORD_SEARCH_RESULT_COUNT,
  },
  [DATA_REQUEST_OP_IDS.suggestedCompetitors]: {
    run: suggestedCompetitors,
    total: () => COMPETITOR_KEYWORD_COUNT,
  },
  [DATA_REQUEST_OP_IDS.topAppsForCategory]: {
    run: topAppsForCategory,
    total: () => TOP_CHART_SIZE,
  },
};
