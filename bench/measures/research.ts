// Keyword research (issue 21) against a running sandbox of the dataset's scenario: a "keywords
// for app" request of 100 keywords from the API call to DONE, its job run in-process as the
// worker runs it, with a cold App Store cache each run; and, in Chromium, the longest main-thread
// task while the Keyword Analysis page renders a finished request of 1,000 rows and while it sorts
// them by two columns.
import {
  DATA_REQUEST_DEFAULT_COUNT,
  DATA_REQUEST_OP_IDS,
  DEFAULT_METADATA_LOOKUP,
  type DataRequest,
  type KeywordRanking,
} from '../../packages/contracts/src/index.js';
import type { Page } from 'playwright-core';
import type { AppContext } from '../../apps/server/src/modules/app-context.js';
import { finishedProgress } from '../../apps/server/src/modules/keyword-research/data-request-progress.js';
import { workDataRequest } from '../../apps/server/src/modules/keyword-research/data-requests.service.js';
import {
  countDataRequestRows,
  deleteDataRequestRow,
  findDataRequest,
  insertDataRequest,
  saveDataRequestStep,
} from '../../apps/server/src/modules/keyword-research/data-requests.repository.js';
import { appStoreCache } from '../../apps/server/src/modules/keyword-research/keyword-research.tables.js';
import { apiClient, type Session } from '../../apps/server/src/platform/testing/api-client.js';
import { launchBrowser } from '../../e2e/support/browser.js';
import type { BenchDataset } from '../support/bench-dataset.js';
import { connectBenchSandbox } from '../support/bench-sandbox.js';
import type { Figure } from '../support/figures.js';
import { median, type RunCounts } from '../support/timing.js';
import { longestTaskOf, observedPage, signIn, takeLongTasks, type WebMember } from './web.js';

const GROUP = 'research';
const SOURCE = 'issue 21';
const KEYWORDS = 100;
const TABLE_ROWS = 1_000;

export interface ResearchOptions extends WebMember {
  context: AppContext;
  userId: string;
  session: Session;
  runs: RunCounts;
}

const SEARCH_BY_APP = `mutation($appId: ID!, $count: Int) {
  searchByApp(appId: $appId, CountPref: $count) { fromDB request { id } } }`;

/** One request from the API call to DONE; checks it examined every keyword, then deletes it. */
async function keywordsForAppRun(
  dataset: BenchDataset,
  options: ResearchOptions,
): Promise<{ seconds: number; rows: number }> {
  const { db } = dataset.database;
  await db.delete(appStoreCache);
  const started = performance.now();
  const answer = await apiClient(options.serverUrl).graphql<{
    searchByApp: { fromDB: boolean; request: Pick<DataRequest, 'id'> };
  }>(SEARCH_BY_APP, { appId: String(dataset.scope.adamId), count: KEYWORDS }, options.session);
  if (answer.errors?.length || !answer.data) throw new Error(JSON.stringify(answer.errors));
  const { fromDB, request } = answer.data.searchByApp;
  if (fromDB) throw new Error('searchByApp answered from an earlier request');
  // The bench server has no worker: the job's handler runs here, as the worker would run it.
  await workDataRequest(options.context, dataset.teamId, request.id);
  const seconds = (performance.now() - started) / 1000;
  const done = await findDataRequest(db, dataset.teamId, request.id);
  if (done?.status !== 'DONE' || done.currentCount !== KEYWORDS)
    throw new Error(
      `the request ended ${done?.status} with ${done?.currentCount} of ${KEYWORDS} keywords examined: ${done?.error}`,
    );
  const rows = await countDataRequestRows(db, dataset.teamId, request.id);
  await deleteDataRequestRow(db, dataset.teamId, request.id);
  return { seconds, rows };
}

async function keywordsForAppFigures(
  dataset: BenchDataset,
  options: ResearchOptions,
): Promise<Figure[]> {
  for (let warmup = 0; warmup < options.runs.warmups; warmup++)
    await keywordsForAppRun(dataset, options);
  const runs = [];
  for (let run = 0; run < options.runs.runs; run++)
    runs.push(await keywordsForAppRun(dataset, options));
  const seconds = runs.map((run) => run.seconds);
  const detail = `${KEYWORDS} examined, ${runs[0]!.rows} kept, cold App Store cache, ${runs.length} runs`;
  const figure = (name: string, value: number): Figure => ({
    group: GROUP,
    name: `keywords for app, ${KEYWORDS} keywords ${name}`,
    value,
    unit: 's',
    target: { is: '<', value: 20, source: SOURCE },
    detail,
  });
  return [figure('median', median(seconds)), figure('max', Math.max(...seconds))];
}

/** A keyword row as a keywords-for-app request keeps it; every fourth one the company bids on. */
function benchKeyword(n: number, appId: number): KeywordRanking {
  return {
    keyword: `bench keyword ${(n * 7919) % TABLE_ROWS} ${n}`,
    appid: String(appId),
    rank: n,
    popularity: 5 + ((n * 37) % 95),
    totalApps: 200,
    organicRank: 1 + ((n * 13) % 200),
    totalDownloads: null,
    volume: 100 + ((n * 211) % 10_000),
    percent_sov: n % 3 === 0 ? (n * 17) % 100 : null,
    noOfKeywords: null,
    category: null,
    own:
      n % 4 === 0
        ? {
            keywordIds: [String(900_000 + n)],
            localSpend: ((n * 31) % 500).toFixed(2),
            currency: 'USD',
            impressions: n * 40,
            taps: n * 3,
            installs: n,
          }
        : null,
  };
}

/** The bench member's finished keywords-for-app request of the dataset's app with 1,000 rows. */
async function insertTableRequest(dataset: BenchDataset, userId: string): Promise<string> {
  const { db } = dataset.database;
  const request = await insertDataRequest(db, dataset.teamId, {
    userId,
    opId: DATA_REQUEST_OP_IDS.keywordsForApp,
    appId: dataset.scope.adamId,
    appName: 'Bench app',
    countPref: DATA_REQUEST_DEFAULT_COUNT,
    totalCount: DATA_REQUEST_DEFAULT_COUNT,
    ...DEFAULT_METADATA_LOOKUP,
  });
  const rows = Array.from({ length: TABLE_ROWS }, (_, index) => ({
    position: index + 1,
    row: benchKeyword(index + 1, dataset.scope.adamId),
  }));
  const saved = await saveDataRequestStep(db, dataset.teamId, request.id, {
    progress: finishedProgress({
      totalCount: DATA_REQUEST_DEFAULT_COUNT,
      currentCount: 0,
      progress: 0,
      completed: false,
    }),
    rows,
    status: 'DONE',
  });
  if (!saved) throw new Error('the table request was not saved');
  return request.id;
}

interface TableRun {
  rendering: number;
  sortings: number[];
}

const SORTED_BY = ['Keyword', 'Organic rank'];

/**
 * Opens the request from its link and waits for its 1,000 rows; rendering is timed from the end of
 * the page's largest answer (the request's rows) to the table shown. Then sorts by each column.
 */
async function tableRun(page: Page, serverUrl: string, requestId: string): Promise<TableRun> {
  await page.goto(
    `${serverUrl}/keyword-auction-insights?q=${Date.now()}&tab=0&request=${requestId}`,
  );
  const table = page.locator(`table[aria-rowcount="${TABLE_ROWS + 1}"]`);
  await table.locator('tbody tr[aria-rowindex]').first().waitFor({ timeout: 60_000 });
  await page.waitForTimeout(500);
  const now = () => page.evaluate(() => performance.now());
  const shown = await now();
  const answered = await page.evaluate(() => {
    const answers = performance
      .getEntriesByType('resource')
      .filter((entry) => entry.name.includes('/graphql')) as PerformanceResourceTiming[];
    return answers.reduce((largest, entry) =>
      entry.encodedBodySize > largest.encodedBodySize ? entry : largest,
    ).responseEnd;
  });
  const sortings: { from: number; to: number }[] = [];
  for (const name of SORTED_BY) {
    const header = table.getByRole('columnheader', { name, exact: true });
    const before = await header.getAttribute('aria-sort');
    const from = await now();
    await header.getByRole('button').click();
    await page.waitForFunction(([element, sort]) => element?.getAttribute('aria-sort') !== sort, [
      await header.elementHandle(),
      before,
    ] as const);
    await page.waitForTimeout(500);
    sortings.push({ from, to: await now() });
  }
  const longest = longestTaskOf(await takeLongTasks(page));
  return {
    rendering: longest(answered, shown),
    sortings: sortings.map(({ from, to }) => longest(from, to)),
  };
}

async function tableFigures(dataset: BenchDataset, options: ResearchOptions): Promise<Figure[]> {
  const requestId = await insertTableRequest(dataset, options.userId);
  const browser = await launchBrowser();
  try {
    const page = await observedPage(browser);
    await signIn(page, options);
    for (let warmup = 0; warmup < options.runs.warmups; warmup++)
      await tableRun(page, options.serverUrl, requestId);
    const runs: TableRun[] = [];
    for (let run = 0; run < options.runs.runs; run++)
      runs.push(await tableRun(page, options.serverUrl, requestId));
    const detail = `${TABLE_ROWS.toLocaleString('en-US')} rows, median of ${runs.length}`;
    const figure = (name: string, values: number[]): Figure => ({
      group: GROUP,
      name: `analysis table, longest task ${name}`,
      value: median(values),
      unit: 'ms',
      target: { is: '<=', value: 50, source: SOURCE },
      detail,
    });
    return [
      figure(
        'while the rows render',
        runs.map((run) => run.rendering),
      ),
      ...SORTED_BY.map((name, index) =>
        figure(
          `sorting by ${name.toLowerCase()}`,
          runs.map((run) => run.sortings[index]!),
        ),
      ),
    ];
  } finally {
    await browser.close();
    await deleteDataRequestRow(dataset.database.db, dataset.teamId, requestId);
  }
}

export async function measureResearch(
  dataset: BenchDataset,
  options: ResearchOptions,
): Promise<Figure[]> {
  const sandbox = await connectBenchSandbox(dataset, options.context.secrets);
  try {
    return [
      ...(await keywordsForAppFigures(dataset, options)),
      ...(await tableFigures(dataset, options)),
    ];
  } finally {
    await sandbox.close();
  }
}
