// Data requests through the real API, a real database, the job worker and the in-process sandbox
// (Apple Ads and its App Store): each operation's rows and live progress, answers from a finished
// request, bad input that starts nothing, cancelling, an outage and its retry, a read-only member,
// and another company's request.
import type { Sandbox } from '@tapwise/apple-ads-sandbox';
import {
  dataRequestChannel,
  ERROR_CODES,
  type DataRequest,
  type DataRequestProgressMessage,
} from '@tapwise/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiClient, type Session } from '../../platform/testing/api-client';
import { createCompany, createMember } from '../../platform/testing/factories';
import { openSocket, type TestSocket } from '../../platform/testing/socket-client';
import { startTestServer, type TestServer } from '../../platform/testing/test-server';
import {
  allowingSandbox,
  connectSandboxCompany,
  startTestSandbox,
  waitForSync,
  type ConnectedCompany,
} from '../sync/sync-test-kit';
import { ownAppIds } from './own-keyword-facts.repository';

let server: TestServer;
let sandbox: Sandbox;
let company: ConnectedCompany;
let ownAppId: string;
/** The storefront's top free game: an app of another developer. */
let chartAppId: string;
let readOnly: Session;
let outsider: Session;
let socket: TestSocket;
const messages: DataRequestProgressMessage[] = [];

beforeAll(async () => {
  sandbox = await startTestSandbox();
  server = await startTestServer({ ...allowingSandbox(sandbox) }, { withWorker: true });
  company = await connectSandboxCompany(server, sandbox);
  expect((await waitForSync(server, company.teamId, company.syncId)).status).toBe('DONE');
  ownAppId = String([...(await ownAppIds(server.database.db, company.teamId))][0]);
  const api = apiClient(server.url);
  const member = await createMember(server.database.db, company.teamId, { isReadOnly: true });
  readOnly = await api.signIn(member.email, member.password);
  const other = await createCompany(server.database.db);
  const stranger = await createMember(server.database.db, other.id);
  outsider = await api.signIn(stranger.email, stranger.password);
  socket = await openSocket(server, company.session);
  socket.socket.on(
    dataRequestChannel(company.session.userId),
    (message: DataRequestProgressMessage) => messages.push(message),
  );
}, 300_000);
afterAll(async () => {
  socket?.close();
  await server?.close();
  await sandbox?.close();
});

function gql<Data>(query: string, variables: Record<string, unknown>, session = company.session) {
  return apiClient(server.url).graphql<Data>(query, variables, session);
}

async function ok<Data>(query: string, variables: Record<string, unknown> = {}) {
  const answer = await gql<Data>(query, variables);
  if (answer.errors?.length) throw new Error(JSON.stringify(answer.errors));
  return answer.data!;
}

const REQUEST = `id status completed progress totalCount currentCount opId keyword appId appName
  catId catType error startTime endTime`;
const APP = 'app { application_id title }';

async function requests(session = company.session): Promise<DataRequest[]> {
  const answer = await gql<{ getDataRequests: DataRequest[] }>(
    `{ getDataRequests { ${REQUEST} } }`,
    {},
    session,
  );
  return answer.data!.getDataRequests;
}

/** Waits until the request leaves RUNNING. */
async function finished(id: string, timeoutMs = 120_000): Promise<DataRequest> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const request = (await requests()).find((found) => found.id === id);
    if (request && request.status !== 'RUNNING') return request;
    if (Date.now() > deadline) throw new Error(`request ${id} still running`);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

const CATEGORY_TOP = `mutation($catId: Int, $type: String) { getCategoryTop(catId: $catId, type: $type) {
  apps { rank category ${APP} } fromDB request { ${REQUEST} } } }`;
const SEARCH_BY_APP = `mutation($appId: ID!, $count: Int, $page: Int, $size: Int) {
  searchByApp(appId: $appId, CountPref: $count, currPage: $page, itemsPerPage: $size) {
    keywords { keyword rank organicRank popularity } paging { currPage itemsPerPage totalItems totalPages }
    fromDB request { ${REQUEST} } } }`;
const SEARCH_BY_KEYWORD = `mutation($keyword: String!, $location: String, $page: Int, $size: Int) {
  searchByKeyword(keyword: $keyword, location: $location, currPage: $page, itemsPerPage: $size) {
    apps { rank own ${APP} } paging { totalItems totalPages } fromDB request { ${REQUEST} } } }`;
const COMPETITORS = `mutation($appId: ID!) { getCompetitors(appId: $appId) {
  apps { rank noOfKeywords percent_sov ${APP} } fromDB request { ${REQUEST} } } }`;
const DELETE = `mutation($id: ID!) { deleteDataRequest(dr_id: $id) { code } }`;
const RETRY = `mutation($id: ID!) { retryDataRequest(dr_id: $id) { ${REQUEST} } }`;

interface Started {
  fromDB: boolean;
  request: DataRequest;
  paging?: { currPage: number; itemsPerPage: number; totalItems: number; totalPages: number };
}
type WithRows<Rows extends string, Row> = Started & Record<Rows, Row[]>;

describe('top apps of a category', () => {
  it('fetches the chart in the background with live progress, then answers from the database', async () => {
    const first = await ok<{ getCategoryTop: WithRows<'apps', { rank: number }> }>(CATEGORY_TOP, {
      catId: 6014,
      type: 'free',
    });
    expect(first.getCategoryTop).toMatchObject({ fromDB: false, apps: [] });
    expect(first.getCategoryTop.request).toMatchObject({ opId: 5, catId: 6014, catType: 'free' });
    const done = await finished(first.getCategoryTop.request.id);
    expect(done).toMatchObject({ status: 'DONE', progress: 100, completed: true });
    expect(done.endTime).not.toBeNull();

    const again = await ok<{ getCategoryTop: WithRows<'apps', { rank: number }> }>(CATEGORY_TOP, {
      catId: 6014,
      type: 'free',
    });
    expect(again.getCategoryTop.fromDB).toBe(true);
    expect(again.getCategoryTop.request.id).toBe(done.id);
    expect(again.getCategoryTop.apps.length).toBeGreaterThan(0);
    expect(again.getCategoryTop.apps[0]).toMatchObject({ rank: 1 });
    chartAppId = (again.getCategoryTop.apps[0] as unknown as { app: { application_id: string } })
      .app.application_id;
    await expect
      .poll(() => messages.filter((m) => m.context === done.id).at(-1)?.data)
      .toMatchObject({ status: 'DONE', progress: 100, completed: true });
  });
});

describe('keywords of an app, its competitors and the apps of a keyword', () => {
  let keyword = '';

  it('keeps the terms an app ranks for, readable page by page and as the app’s keywords', async () => {
    const started = await ok<{ searchByApp: WithRows<'keywords', { keyword: string }> }>(
      SEARCH_BY_APP,
      { appId: chartAppId, count: 30 },
    );
    const done = await finished(started.searchByApp.request.id);
    expect(done).toMatchObject({
      error: null,
      status: 'DONE',
      progress: 100,
      totalCount: 30,
      appId: chartAppId,
    });

    const page = await ok<{
      searchByApp: WithRows<'keywords', { keyword: string; rank: number; organicRank: number }>;
    }>(SEARCH_BY_APP, { appId: chartAppId, count: 30, page: 1, size: 5 });
    expect(page.searchByApp.fromDB).toBe(true);
    const { totalItems } = page.searchByApp.paging!;
    expect(totalItems).toBeGreaterThan(0);
    expect(page.searchByApp.paging).toMatchObject({
      currPage: 1,
      itemsPerPage: 5,
      totalPages: Math.ceil(totalItems / 5),
    });
    expect(page.searchByApp.keywords[0]).toMatchObject({ rank: 1 });
    expect(page.searchByApp.keywords.every((k) => k.organicRank >= 1)).toBe(true);
    keyword = page.searchByApp.keywords[0]!.keyword;

    const report = await ok<{ searchByAppReport: { keyword: string }[]; AppKeywords: unknown[] }>(
      `query($appId: ID!) { searchByAppReport(appId: $appId) { keyword }
        AppKeywords(appId: $appId) { keyword } }`,
      { appId: chartAppId },
    );
    expect(report.searchByAppReport).toHaveLength(totalItems);
    expect(report.AppKeywords).toHaveLength(totalItems);
    const progress = messages.filter((m) => m.context === done.id).map((m) => m.data.currentCount);
    expect(progress).toEqual([10, 20, 30]);
  });

  it('ranks competitors by the app’s keywords they hold a top-10 place for', async () => {
    const started = await ok<{ getCompetitors: WithRows<'apps', unknown> }>(COMPETITORS, {
      appId: ownAppId,
    });
    const done = await finished(started.getCompetitors.request.id);
    expect(done).toMatchObject({ status: 'DONE', progress: 100, opId: 4 });
    const again = await ok<{
      getCompetitors: WithRows<
        'apps',
        { rank: number; noOfKeywords: number; app: { application_id: string } }
      >;
    }>(COMPETITORS, { appId: ownAppId });
    expect(again.getCompetitors.fromDB).toBe(true);
    const apps = again.getCompetitors.apps;
    expect(apps.length).toBeGreaterThan(0);
    expect(apps.map((app) => app.app.application_id)).not.toContain(ownAppId);
    const counts = apps.map((app) => app.noOfKeywords);
    expect(counts).toEqual([...counts].sort((a, b) => b - a));
  });

  it('lists the search of a keyword five apps per message, the company’s app marked', async () => {
    const started = await ok<{ searchByKeyword: WithRows<'apps', unknown> }>(SEARCH_BY_KEYWORD, {
      keyword,
    });
    const same = await ok<{ searchByKeyword: WithRows<'apps', unknown> }>(SEARCH_BY_KEYWORD, {
      keyword,
    });
    const id = started.searchByKeyword.request.id;
    if (same.searchByKeyword.request.status === 'RUNNING')
      expect(same.searchByKeyword.request.id).toBe(id);
    await finished(id);
    const rows = await ok<{
      searchByKeyword: WithRows<
        'apps',
        { rank: number; own: boolean; app: { application_id: string } }
      >;
    }>(SEARCH_BY_KEYWORD, { keyword, size: 200 });
    const apps = rows.searchByKeyword.apps;
    expect(apps.map((app) => app.rank)).toEqual(apps.map((_, i) => i + 1));
    expect(apps.length).toBeGreaterThan(0);
    for (const app of apps) expect(app.own).toBe(app.app.application_id === ownAppId);
    const counts = messages.filter((m) => m.context === id).map((m) => m.data.currentCount);
    expect(counts.slice(0, -1).every((count, i) => count === (i + 1) * 5)).toBe(true);
    expect((await requests()).filter((request) => request.keyword === keyword)).toHaveLength(1);
  });
});

describe('refusals', () => {
  it('starts nothing for bad input or an app the storefront does not have', async () => {
    const before = (await requests()).length;
    const empty = await gql(SEARCH_BY_KEYWORD, { keyword: '  ' });
    expect(empty.errors?.[0]?.extensions?.code).toBe(ERROR_CODES.BAD_REQUEST);
    const storefront = await gql(SEARCH_BY_KEYWORD, { keyword: 'chess', location: 'xx' });
    expect(storefront.errors?.[0]?.extensions?.code).toBe(ERROR_CODES.BAD_REQUEST);
    const count = await gql(SEARCH_BY_APP, { appId: ownAppId, count: 201 });
    expect(count.errors?.[0]?.extensions?.code).toBe(ERROR_CODES.BAD_REQUEST);
    const unknown = await gql(SEARCH_BY_APP, { appId: '999999999' });
    expect(unknown.errors?.[0]).toMatchObject({
      message: 'No app with this id in this storefront.',
      extensions: { code: ERROR_CODES.NOT_FOUND },
    });
    expect(await requests()).toHaveLength(before);
  });

  it('lists the requests started since `at`, and refuses a time no date can hold', async () => {
    const all = await requests();
    const since = await gql<{ getDataRequests: DataRequest[] }>(
      'query($at: Float) { getDataRequests(at: $at) { id } }',
      { at: Date.parse(all.at(-1)!.startTime) + 1 },
    );
    expect(since.data?.getDataRequests.length).toBe(all.length - 1);
    const refused = await gql('query($at: Float) { getDataRequests(at: $at) { id } }', {
      at: 1e300,
    });
    expect(refused.errors?.[0]?.extensions?.code).toBe(ERROR_CODES.BAD_REQUEST);
  });

  it('lets a read-only member read the requests but not start one', async () => {
    expect(await requests(readOnly)).toEqual([]);
    const refused = await gql(CATEGORY_TOP, { catId: 6000 }, readOnly);
    expect(refused.errors?.[0]?.extensions?.code).toBe(ERROR_CODES.FORBIDDEN);
  });

  it('answers NOT_FOUND for another company’s request or an unknown id', async () => {
    const [mine] = await requests();
    for (const id of [mine!.id, '00000000-0000-4000-8000-000000000000']) {
      const answer = await gql(DELETE, { id }, outsider);
      expect(answer.errors?.[0]?.extensions?.code).toBe(ERROR_CODES.NOT_FOUND);
    }
    expect((await requests()).map((request) => request.id)).toContain(mine!.id);
  });
});

describe('cancelling, failing and retrying', () => {
  it('cancels a running request and deletes a finished one', async () => {
    const started = await ok<{ getCategoryTop: WithRows<'apps', unknown> }>(CATEGORY_TOP, {
      catId: 6017,
      type: 'paid',
    });
    const id = started.getCategoryTop.request.id;
    expect(await ok(DELETE, { id })).toEqual({ deleteDataRequest: { code: 0 } });
    expect((await requests()).map((request) => request.id)).not.toContain(id);

    const [finishedOne] = (await requests()).filter((request) => request.status === 'DONE');
    expect(await ok(DELETE, { id: finishedOne!.id })).toEqual({ deleteDataRequest: { code: 0 } });
    expect((await requests()).map((request) => request.id)).not.toContain(finishedOne!.id);
  });

  it('fails on an App Store outage with a message, and a retry completes it', async () => {
    sandbox.setFaults({ appStoreOutage: 100 });
    const started = await ok<{ getCategoryTop: WithRows<'apps', unknown> }>(CATEGORY_TOP, {
      catId: 6005,
      type: 'free',
    });
    const failed = await finished(started.getCategoryTop.request.id);
    expect(failed.status).toBe('FAILED');
    expect(failed.error).toBeTruthy();
    expect(failed.endTime).not.toBeNull();
    expect(messages.filter((m) => m.context === failed.id).at(-1)?.data.status).toBe('FAILED');

    sandbox.resetFaults();
    const retried = await ok<{ retryDataRequest: DataRequest }>(RETRY, { id: failed.id });
    expect(retried.retryDataRequest).toMatchObject({ status: 'RUNNING', error: null });
    expect(await finished(failed.id)).toMatchObject({ status: 'DONE', progress: 100 });
  });
});
