// The Keyword Analysis page's GraphQL calls (docs/keyword-research.md). The four research
// mutations start a data request or answer from one; asked again with the same question once it
// is done, they answer its rows.
import {
  DATA_REQUEST_MAX_PAGE_SIZE,
  KEYWORD_SEARCH_RESULT_COUNT,
  type AppForKeyword,
  type CategoryType,
  type DataRequest,
  type KeywordRanking,
  type ResearchLocale,
  type SuggestedCompetitor,
  type TopCategoryApp,
} from '@tapwise/contracts';
import { graphqlRequest } from '../../../shared/api/graphql';

const APP = `application_id title icon genres rating developer version price currency rating_count power in_apps`;
const REQUEST = `id opId status completed progress totalCount currentCount missedCount CountPref keyword appId appName icon location language device catId catType clientId startTime endTime currentTime error`;
const RANKING = `keyword appid rank popularity totalApps organicRank totalDownloads volume percent_sov noOfKeywords category own { keywordIds localSpend currency impressions taps installs }`;
const LOCALE_ARGS = `$location: String, $language: String, $device: String`;
const LOCALE_VALUES = `location: $location, language: $language, device: $device`;

/** An app the question is about: its App Store id, with its name and icon for the request list. */
export interface AppRef {
  appId: string;
  title: string;
  icon: string;
}

/** What every research answer carries: its rows and the data request behind them. */
export interface ResearchAnswer<Row> {
  rows: Row[];
  request: DataRequest;
}

export interface CategoryQuestion {
  catId: number;
  type: CategoryType;
}

export const analysisApi = {
  /** The member's data requests (a link from their list names one by id). */
  dataRequests: async () =>
    (
      await graphqlRequest<{ getDataRequests: DataRequest[] }>(
        `query DataRequests { getDataRequests { ${REQUEST} } }`,
      )
    ).getDataRequests,

  searchForApps: async (term: string, locale: ResearchLocale) =>
    (
      await graphqlRequest<{ searchForApps: AppForKeyword[] }>(
        `query SearchForApps($term: String!, $num: Int, ${LOCALE_ARGS}) {
          searchForApps(term: $term, num: $num, ${LOCALE_VALUES}) { rank own app { ${APP} } }
        }`,
        { term, num: KEYWORD_SEARCH_RESULT_COUNT, ...locale },
      )
    ).searchForApps,

  keywordsForApp: async (
    app: AppRef,
    locale: ResearchLocale,
  ): Promise<ResearchAnswer<KeywordRanking>> => {
    const { searchByApp } = await graphqlRequest<{
      searchByApp: { keywords: KeywordRanking[]; request: DataRequest };
    }>(
      `mutation SearchByApp($appId: ID!, $title: String, $icon: String, $itemsPerPage: Int, ${LOCALE_ARGS}) {
        searchByApp(appId: $appId, title: $title, icon: $icon, itemsPerPage: $itemsPerPage, ${LOCALE_VALUES}) {
          keywords { ${RANKING} } request { ${REQUEST} }
        }
      }`,
      // One page holds every row of the request, however many it kept.
      { ...app, itemsPerPage: DATA_REQUEST_MAX_PAGE_SIZE, ...locale },
    );
    return { rows: searchByApp.keywords, request: searchByApp.request };
  },

  appsForKeyword: async (
    keyword: string,
    locale: ResearchLocale,
  ): Promise<ResearchAnswer<AppForKeyword>> => {
    const { searchByKeyword } = await graphqlRequest<{
      searchByKeyword: { apps: AppForKeyword[]; request: DataRequest };
    }>(
      `mutation SearchByKeyword($keyword: String!, $itemsPerPage: Int, ${LOCALE_ARGS}) {
        searchByKeyword(keyword: $keyword, itemsPerPage: $itemsPerPage, ${LOCALE_VALUES}) {
          apps { rank own app { ${APP} } } request { ${REQUEST} }
        }
      }`,
      { keyword, itemsPerPage: KEYWORD_SEARCH_RESULT_COUNT, ...locale },
    );
    return { rows: searchByKeyword.apps, request: searchByKeyword.request };
  },

  competitors: async (
    app: AppRef,
    locale: ResearchLocale,
  ): Promise<ResearchAnswer<SuggestedCompetitor>> => {
    const { getCompetitors } = await graphqlRequest<{
      getCompetitors: { apps: SuggestedCompetitor[]; request: DataRequest };
    }>(
      `mutation GetCompetitors($appId: ID!, $title: String, $icon: String, ${LOCALE_ARGS}) {
        getCompetitors(appId: $appId, title: $title, icon: $icon, ${LOCALE_VALUES}) {
          apps { rank noOfKeywords percent_sov app { ${APP} } } request { ${REQUEST} }
        }
      }`,
      { ...app, ...locale },
    );
    return { rows: getCompetitors.apps, request: getCompetitors.request };
  },

  categoryTop: async (
    question: CategoryQuestion,
    locale: ResearchLocale,
  ): Promise<ResearchAnswer<TopCategoryApp>> => {
    const { getCategoryTop } = await graphqlRequest<{
      getCategoryTop: { apps: TopCategoryApp[]; request: DataRequest };
    }>(
      `mutation GetCategoryTop($catId: Int, $type: String, ${LOCALE_ARGS}) {
        getCategoryTop(catId: $catId, type: $type, ${LOCALE_VALUES}) {
          apps { rank category app { ${APP} } } request { ${REQUEST} }
        }
      }`,
      { ...question, ...locale },
    );
    return { rows: getCategoryTop.apps, request: getCategoryTop.request };
  },
};
