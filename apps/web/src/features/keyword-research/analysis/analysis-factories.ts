// Test data of the Keyword Analysis page: research rows, data requests and a GraphQL endpoint
// answering the page's calls.
import type {
  AppForKeyword,
  DataRequest,
  DataRequestProgressMessage,
  KeywordRanking,
  ResearchApp,
} from '@tapwise/contracts';
import { fakeGraphql } from '../../../test/fake-graphql';
import { APP, ACCOUNT_ID } from '../../ads-manager/ads-manager-factories';

type Answer = (variables: Record<string, unknown>) => unknown;

export function buildApp(index: number, overrides: Partial<ResearchApp> = {}): ResearchApp {
  return {
    application_id: String(1_000_000 + index),
    title: `App ${index}`,
    icon: `https://example.com/icon-${index}.png`,
    genres: ['Games', 'Puzzle'],
    rating: 4.5,
    developer: `Studio ${index}`,
    version: '1.0',
    price: 0,
    currency: 'USD',
    rating_count: 1200 + index,
    power: null,
    in_apps: true,
    ...overrides,
  };
}

export function buildKeyword(
  index: number,
  overrides: Partial<KeywordRanking> = {},
): KeywordRanking {
  return {
    keyword: `keyword ${index}`,
    appid: String(APP.adamId),
    rank: index,
    popularity: (index * 7) % 100,
    totalApps: 200,
    organicRank: index,
    totalDownloads: null,
    volume: index * 10,
    percent_sov: null,
    noOfKeywords: null,
    category: null,
    own: null,
    ...overrides,
  };
}

export function buildAppForKeyword(index: number, own = false): AppForKeyword {
  return { rank: index, own, app: buildApp(index) };
}

export function buildRequest(overrides: Partial<DataRequest> = {}): DataRequest {
  return {
    id: 'dr-1',
    opId: 1,
    status: 'DONE',
    completed: true,
    progress: 100,
    totalCount: 100,
    currentCount: 100,
    missedCount: 0,
    CountPref: 100,
    keyword: null,
    appId: String(APP.adamId),
    appName: APP.name,
    icon: null,
    location: 'us',
    language: 'en',
    device: 'iphone',
    catId: null,
    catType: null,
    clientId: null,
    startTime: '2026-11-26T10:00:00.000Z',
    endTime: null,
    currentTime: '2026-11-26T10:00:00.000Z',
    error: null,
    ...overrides,
  };
}

export const RUNNING = {
  status: 'RUNNING',
  completed: false,
  progress: 0,
  currentCount: 0,
} as const;

export function progressMessage(
  request: DataRequest,
  data: DataRequestProgressMessage['data'],
): DataRequestProgressMessage {
  return {
    opId: request.opId,
    context: request.id,
    keyword: request.keyword,
    appId: request.appId,
    categoryId: null,
    type: null,
    bulkActionId: null,
    data,
  };
}

/** The page's endpoint: the company's app with one campaign and ad group, and the given answers. */
export function analysisServer(answers: Record<string, Answer>) {
  return fakeGraphql({
    getOwnAppsFromDB: () => [APP],
    getCampaignsByApp: () => [{ id: 77, name: 'Brand campaign', deleted: false }],
    getAdGroupsByCampaigns: () => [
      { id: 88, name: 'Exact brand', campaignId: 77, deleted: false, adAccountId: ACCOUNT_ID },
    ],
    ...answers,
  });
}
