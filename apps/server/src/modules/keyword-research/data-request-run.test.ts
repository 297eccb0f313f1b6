// Running data requests against a real database: each kind's rows and the progress it announces,
// an outage that fails the request and a retry that continues it, a stopping worker whose job
// resumes from the saved rows, a cancelled request, and (fast-check) the announced and saved
// progress following the contracts' arithmetic for any total.
import {
  advanceDataRequest,
  DATA_REQUEST_OP_IDS,
  type AppForKeyword,
  type DataRequestProgressMessage,
  type KeywordRanking,
  type SuggestedCompetitor,
  type TopCategoryApp,
} from '@tapwise/contracts';
import type { AppStoreApp, AppStoreClient } from '@tapwise/app-store';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { JobHandedBack } from '../../platform/jobs/job-queue';
import { createCompany, createMember } from '../../platform/testing/factories';
import { createTestDatabase, type TestDatabase } from '../../platform/testing/test-database';
import { DATA_REQUEST_KIND_BY_OP_ID } from './data-request-kinds';
import { DATA_REQUEST_FAILED, runDataRequest } from './data-request-run';
import type { DataRequestSources } from './data-request-sources';
import {
  cancelDataRequest,
  findDataRequest,
  insertDataRequest,
  readDataRequestRows,
  reopenDataRequest,
  type DataRequestRow,
} from './data-requests.repository';
import { latestAppKeywords } from './app-keywords';

let database: TestDatabase;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(async () => {
  await database?.close();
});

const REQUEST_APP = 500;

function storeApp(adamId: number): AppStoreApp {
  return {
    adamId,
    title: `App ${adamId}`,
    developer: 'Dev',
    icon: `https://icons.example/${adamId}.png`,
    bundleId: null,
    genres: ['Games'],
    genreIds: [6014],
    primaryGenreId: 6014,
    primaryGenreName: 'Games',
    rating: 4.5,
    ratingCount: 10,
    version: '1.0',
    price: 0,
    currency: 'USD',
  };
}

/**
 * A storefront where a term's search shows `results(term)` apps numbered from 1000 (the request
 * app at the place `requestAppPlace(term)` when it has one), and an outage can be switched on.
 */
function storefront(
  options: {
    results?: (term: string) => number;
    requestAppPlace?: (term: string) => number | null;
    chartSize?: number;
  } = {},
) {
  const state = { down: false, searches: 0 };
  const results = options.results ?? (() => 100);
  const appStore: AppStoreClient = {
    async search(term, query) {
      if (state.down) throw new Error('App Store unavailable');
      state.searches += 1;
      const apps = Array.from({ length: results(term) }, (_, index) => storeApp(1000 + index));
      const place = options.requestAppPlace?.(term) ?? null;
      if (place !== null) apps.splice(place - 1, 0, storeApp(REQUEST_APP));
      return { apps: apps.slice(0, query.limit), totalApps: apps.length };
    },
    async lookup(ids) {
      if (state.down) throw new Error('App Store unavailable');
      return ids.map(storeApp);
    },
    async topChart(query) {
      if (state.down) throw new Error('App Store unavailable');
      const size = Math.min(options.chartSize ?? 100, query.limit);
      return Array.from({ length: size }, (_, index) => storeApp(2000 + index));
    },
  };
  return { state, appStore };
}

function sourcesOf(
  appStore: AppStoreClient,
  ideas: string[] = [],
  ownIds: number[] = [],
): DataRequestSources {
  return {
    appStore,
    keywordIdeas: async (_app, _locale, limit) => ideas.slice(0, limit),
    termFacts: async () => ({ popularity: new Map(), shares: new Map() }),
    async rankTerms(app, terms, locale) {
      return Promise.all(
        terms.map(async (term, index): Promise<KeywordRanking> => {
          const { apps, totalApps } = await appStore.search(term, {
            country: locale.location,
            language: locale.language,
            device: locale.device,
            limit: 200,
          });
          const place = apps.findIndex((found) => found.adamId === app.adamId);
          return {
            keyword: term,
            appid: String(app.adamId),
            rank: index + 1,
            popularity: 50,
            totalApps,
            organicRank: place < 0 ? null : place + 1,
            totalDownloads: null,
            volume: null,
            percent_sov: null,
            noOfKeywords: null,
            category: null,
            own: null,
          };
        }),
      );
    },
    appKeywords: (app, locale) =>
      latestAppKeywords({ db: database.db }, teamIdOfRun, app.adamId, locale),
    ownAppIds: async () => new Set(ownIds),
  };
}

let teamIdOfRun = '';

async function newRequest(
  opId: number,
  fields: Partial<Pick<DataRequestRow, 'keyword' | 'appId' | 'catId' | 'catType'>> & {
    countPref?: number;
  } = {},
) {
  const team = await createCompany(database.db);
  const member = await createMember(database.db, team.id);
  teamIdOfRun = team.id;
  const countPref = fields.countPref ?? 100;
  return insertDataRequest(database.db, team.id, {
    userId: member.user.id,
    opId,
    keyword: fields.keyword ?? null,
    appId: fields.appId ?? null,
    catId: fields.catId ?? null,
    catType: fields.catType ?? null,
    location: 'us',
    language: 'en',
    device: 'iphone',
    countPref,
    totalCount: DATA_REQUEST_KIND_BY_OP_ID[opId]!.total(countPref),
    appName: null,
    icon: null,
    clientId: null,
  });
}

function listener() {
  const messages: DataRequestProgressMessage[] = [];
  const channels = new Set<string>();
  const realtime = {
    toTeam() {},
    toUser(_user: string, channel: string, message: unknown) {
      channels.add(channel);
      messages.push(message as DataRequestProgressMessage);
    },
  };
  return { messages, channels, realtime };
}

async function run(
  request: DataRequestRow,
  sources: DataRequestSources,
  realtime: ReturnType<typeof listener>['realtime'],
  stopping?: AbortSignal,
) {
  await runDataRequest(
    { db: database.db, realtime, ...(stopping ? { stopping } : {}) },
    request.teamId,
    request.id,
    sources,
    DATA_REQUEST_KIND_BY_OP_ID[request.opId]!.run,
  );
}

async function stored(request: DataRequestRow) {
  return {
    row: (await findDataRequest(database.db, request.teamId, request.id))!,
    rows: await readDataRequestRows(database.db, request.teamId, request.id),
  };
}

/**
 * Each message advances the previous state as the contracts' arithmetic says; a request that ran
 * out of work before its total ends with the state at the total.
 */
function expectSpecArithmetic(request: DataRequestRow, messages: DataRequestProgressMessage[]) {
  let state = { totalCount: request.totalCount, currentCount: 0, progress: 0, completed: false };
  for (const { data } of messages) {
    state = advanceDataRequest(state, request.opId, data.currentCount);
    const { status: _status, ...progress } = data;
    if (data.status === 'DONE' && !state.completed)
      state = advanceDataRequest(state, DATA_REQUEST_OP_IDS.topAppsForCategory, state.totalCount);
    expect(progress).toEqual(state);
  }
}

describe('apps for a keyword (kind 2)', () => {
  it('stores the search in order, five apps per message, marking own apps', async () => {
    const request = await newRequest(2, { keyword: 'puzzle' });
    const { messages, channels, realtime } = listener();
    await run(request, sourcesOf(storefront().appStore, [], [1002]), realtime);

    const { row, rows } = await stored(request);
    expect(row).toMatchObject({
      status: 'DONE',
      progress: 100,
      currentCount: 100,
      totalCount: 100,
    });
    expect(row.endTime).toBeInstanceOf(Date);
    expect(rows).toHaveLength(100);
    const apps = rows as AppForKeyword[];
    expect(apps.map((app) => app.rank)).toEqual(Array.from({ length: 100 }, (_, i) => i + 1));
    expect(apps.filter((app) => app.own).map((app) => app.app.application_id)).toEqual(['1002']);
    expect(messages).toHaveLength(20);
    expect(messages.map((m) => m.data.currentCount).slice(0, 3)).toEqual([5, 10, 15]);
    expect(messages.at(-1)).toMatchObject({
      opId: 2,
      context: request.id,
      keyword: 'puzzle',
      data: { currentCount: 100, progress: 100, completed: true, status: 'DONE' },
    });
    expect([...channels]).toEqual([`dataRequest:${request.userId}`]);
    expectSpecArithmetic(request, messages);
  });
});

describe('top apps of a category (kind 5)', () => {
  it('stores the chart with each app’s category and reports the count', async () => {
    const request = await newRequest(5, { catId: 6014, catType: 'paid' });
    const { messages, realtime } = listener();
    await run(request, sourcesOf(storefront().appStore), realtime);

    const { row, rows } = await stored(request);
    expect(row).toMatchObject({ status: 'DONE', progress: 100, currentCount: 100 });
    expect((rows as TopCategoryApp[])[0]).toMatchObject({ rank: 1, category: 'Games' });
    expect(rows).toHaveLength(100);
    expect(messages).toHaveLength(1);
    expect(messages[0]).toMatchObject({ opId: 5, categoryId: 6014, type: 'paid' });
  });
});

describe('keywords for an app (kind 1)', () => {
  it('keeps the terms the app ranks for, ten terms per message', async () => {
    const ideas = Array.from({ length: 25 }, (_, i) => `term ${i}`);
    // The app shows for every third term.
    const place = (term: string) => (Number(term.split(' ')[1]) % 3 === 0 ? 4 : null);
    const request = await newRequest(1, { appId: REQUEST_APP, countPref: 30 });
    const { messages, realtime } = listener();
    await run(request, sourcesOf(storefront({ requestAppPlace: place }).appStore, ideas), realtime);

    const { row, rows } = await stored(request);
    expect(row).toMatchObject({ status: 'DONE', progress: 100, currentCount: 30, totalCount: 30 });
    const keywords = rows as KeywordRanking[];
    expect(keywords.map((k) => k.keyword)).toEqual(ideas.filter((term) => place(term) !== null));
    expect(keywords.map((k) => k.rank)).toEqual(keywords.map((_, i) => i + 1));
    expect(keywords.every((k) => k.organicRank === 4)).toBe(true);
    expect(messages.map((m) => m.data.currentCount)).toEqual([10, 20, 30]);
    expectSpecArithmetic(request, messages);
  });
});

describe('suggested competitors (kind 4)', () => {
  it('ranks the apps by how many of the app’s keywords they hold a top-10 place for', async () => {
    const ideas = ['a', 'b', 'c', 'd'];
    // Term "a" shows apps 1000-1009, the others only 1000-1004: 1000-1004 share every keyword.
    const { appStore } = storefront({ results: (term) => (term === 'a' ? 10 : 5) });
    const request = await newRequest(4, { appId: REQUEST_APP });
    const { messages, realtime } = listener();
    await run(request, sourcesOf(appStore, ideas), realtime);

    const { row, rows } = await stored(request);
    expect(row).toMatchObject({ status: 'DONE', progress: 100, currentCount: 20 });
    const competitors = rows as SuggestedCompetitor[];
    expect(competitors).toHaveLength(10);
    expect(competitors[0]).toMatchObject({ rank: 1, noOfKeywords: 4, percent_sov: 10 });
    expect(competitors[9]).toMatchObject({ rank: 10, noOfKeywords: 1, percent_sov: 2.5 });
    expect(messages.map((m) => m.data.currentCount)).toEqual([1, 2, 3, 4, 20]);
    expect(messages.at(-1)?.data).toMatchObject({ progress: 100, completed: true });
  });
});

describe('failures, restarts and cancelling', () => {
  it('fails on an outage keeping its rows, and a retry continues from them', async () => {
    const ideas = Array.from({ length: 40 }, (_, i) => `term ${i}`);
    const world = storefront({ requestAppPlace: () => 1 });
    const sources = sourcesOf(world.appStore, ideas);
    const request = await newRequest(1, { appId: REQUEST_APP, countPref: 40 });
    const { messages, realtime } = listener();
    const failing: DataRequestSources = {
      ...sources,
      async rankTerms(app, terms, locale) {
        if (terms[0] === 'term 20') world.state.down = true;
        return sources.rankTerms(app, terms, locale);
      },
    };
    await run(request, failing, realtime);

    const failed = await stored(request);
    expect(failed.row).toMatchObject({ status: 'FAILED', currentCount: 20, progress: 50 });
    expect(failed.row.error).toBe(DATA_REQUEST_FAILED);
    expect(failed.row.endTime).toBeInstanceOf(Date);
    expect(failed.rows).toHaveLength(20);
    expect(messages.at(-1)?.data).toMatchObject({ status: 'FAILED', completed: true });

    world.state.down = false;
    await reopenDataRequest(database.db, request.teamId, request.id);
    await run(request, sources, realtime);
    const done = await stored(request);
    expect(done.row).toMatchObject({ status: 'DONE', progress: 100, error: null });
    expect((done.rows as KeywordRanking[]).map((k) => k.keyword)).toEqual(ideas);
    expect(messages.map((m) => m.data.currentCount)).toEqual([10, 20, 20, 30, 40]);
  });

  it('hands its job back when the worker stops and resumes from the saved rows', async () => {
    const request = await newRequest(2, { keyword: 'resume' });
    const { messages, realtime } = listener();
    const stopping = new AbortController();
    const { appStore } = storefront();
    const sources = sourcesOf(appStore);
    const stoppingSoon: DataRequestSources = {
      ...sources,
      ownAppIds: async () => {
        stopping.abort();
        return new Set();
      },
    };
    await expect(run(request, stoppingSoon, realtime, stopping.signal)).rejects.toBeInstanceOf(
      JobHandedBack,
    );
    expect((await stored(request)).row).toMatchObject({ status: 'RUNNING', currentCount: 5 });

    await run(request, sources, realtime);
    const { row, rows } = await stored(request);
    expect(row).toMatchObject({ status: 'DONE', currentCount: 100 });
    expect((rows as AppForKeyword[]).map((app) => app.rank)).toEqual(
      Array.from({ length: 100 }, (_, i) => i + 1),
    );
    expect(messages).toHaveLength(20);
    expectSpecArithmetic(request, messages);
  });

  it('leaves a finished request as it is when its job runs again', async () => {
    const request = await newRequest(5, { catId: 0, catType: 'free' });
    const { messages, realtime } = listener();
    const sources = sourcesOf(storefront().appStore);
    await run(request, sources, realtime);
    const first = await stored(request);
    await run(request, sources, realtime);

    expect(await stored(request)).toEqual(first);
    expect(messages).toHaveLength(1);
  });

  it('stops at its next step once cancelled, announcing nothing more', async () => {
    const request = await newRequest(2, { keyword: 'cancel' });
    const { messages, realtime } = listener();
    const { appStore } = storefront();
    const sources = sourcesOf(appStore);
    const cancelling: DataRequestSources = {
      ...sources,
      ownAppIds: async () => {
        await cancelDataRequest(database.db, request.teamId, request.id);
        return new Set();
      },
    };
    await run(request, cancelling, realtime);

    const { row, rows } = await stored(request);
    expect(row.status).toBe('CANCELLED');
    expect(rows).toHaveLength(0);
    expect(messages).toHaveLength(0);
  });
});

describe('progress arithmetic', () => {
  it('saves and announces what advanceDataRequest gives, for any number of results', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(1, 2, 5),
        fc.integer({ min: 0, max: 100 }),
        fc.integer({ min: 1, max: 200 }),
        async (opId, results, countPref) => {
          const ideas = Array.from({ length: results }, (_, i) => `idea ${i}`);
          const request = await newRequest(opId, {
            keyword: 'any',
            appId: REQUEST_APP,
            catId: 0,
            catType: 'free',
            countPref,
          });
          const world = storefront({
            results: () => results,
            chartSize: results,
            requestAppPlace: () => 1,
          });
          const { messages, realtime } = listener();
          await run(request, sourcesOf(world.appStore, ideas), realtime);

          const { row } = await stored(request);
          expectSpecArithmetic(request, messages);
          expect(messages.at(-1)?.data).toEqual({
            totalCount: row.totalCount,
            currentCount: row.totalCount,
            progress: 100,
            completed: true,
            status: 'DONE',
          });
          expect(row).toMatchObject({
            status: 'DONE',
            progress: 100,
            currentCount: row.totalCount,
          });
        },
      ),
      { numRuns: 15 },
    );
  });
});
