// The web app in Debian's Chromium against the suite's server: the JavaScript a page loads
// (gzip-compressed, as it would travel), how long /overview takes to show its data after
// navigation, and the longest main-thread task while the Keywords tab loads all its rows and
// while they are scrolled, with the wheel and by dragging the scrollbar.
import { gzipSync } from 'node:zlib';
import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import { launchBrowser, newPage } from '../../e2e/support/browser.js';
import type { Figure } from '../support/figures.js';
import { median, timeRuns, type RunCounts } from '../support/timing.js';

export interface LongTask {
  start: number;
  duration: number;
}
declare global {
  interface Window {
    longTasks: LongTask[];
  }
}

export interface WebOptions extends WebMember {
  timeToData: RunCounts;
  /** Loading and scrolling the Keywords tab with all rows. */
  table: RunCounts;
}

const GROUP = 'web';
const LONG_TASK_TARGET = { is: '<=', value: 50, source: 'issue 7' } as const;

export interface WebMember {
  serverUrl: string;
  email: string;
  password: string;
}

export async function signIn(page: Page, { serverUrl, email, password }: WebMember) {
  await page.goto(`${serverUrl}/login`);
  await page.getByLabel('Email').fill(email);
  await page.getByRole('textbox', { name: 'Password' }).fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.getByRole('heading', { name: 'Overview' }).waitFor();
  await page.waitForLoadState('networkidle');
}

const spendShown = (page: Page) => page.getByTestId('total-spend').getByTestId('total-value');

type StorageState = Awaited<ReturnType<BrowserContext['storageState']>>;

/**
 * The gzip size in KiB of every script a first visit of `url` loads, in a context of its own,
 * until the page shows what `ready` finds and the network is quiet.
 */
async function scriptKiB(
  browser: Browser,
  url: string,
  ready: (page: Page) => Locator,
  storageState?: StorageState,
) {
  const context = await browser.newContext(storageState ? { storageState } : {});
  try {
    const page = await context.newPage();
    const bodies: Promise<Buffer>[] = [];
    page.on('response', (response) => {
      if (response.request().resourceType() === 'script') bodies.push(response.body());
    });
    await page.goto(url);
    await ready(page).waitFor();
    await page.waitForLoadState('networkidle');
    const bytes = (await Promise.all(bodies)).reduce((sum, body) => sum + gzipSync(body).length, 0);
    return { kib: bytes / 1024, files: bodies.length };
  } finally {
    await context.close();
  }
}

async function bundleFigures(browser: Browser, options: WebOptions, signedIn: BrowserContext) {
  const login = await scriptKiB(browser, `${options.serverUrl}/login`, (page) =>
    page.getByRole('button', { name: 'Sign in' }),
  );
  const overview = await scriptKiB(
    browser,
    `${options.serverUrl}/overview`,
    spendShown,
    await signedIn.storageState(),
  );
  return [
    {
      group: GROUP,
      name: 'JavaScript for /login (gzip)',
      value: login.kib,
      unit: 'KiB',
      target: { is: '<=', value: 350, source: 'budget' },
      detail: `${login.files} files, first visit`,
    },
    {
      group: GROUP,
      name: 'JavaScript for /overview (gzip)',
      value: overview.kib,
      unit: 'KiB',
      target: { is: '<=', value: 525, source: 'budget' },
      detail: `${overview.files} files, first visit signed in`,
    },
  ] satisfies Figure[];
}

/** From navigation to the spend card's value, with the app cached and the session open. */
async function timeToData(page: Page, options: WebOptions): Promise<Figure> {
  const timing = await timeRuns(async () => {
    await page.goto(`${options.serverUrl}/overview`);
    await spendShown(page).waitFor();
  }, options.timeToData);
  return {
    group: GROUP,
    name: '/overview time to data p50',
    value: timing.p50,
    unit: 'ms',
    target: { is: '<', value: 1_500, source: 'issue 6' },
    detail: `navigation to the totals shown, ${timing.runs} runs`,
  };
}

interface TableRun {
  rows: string;
  loadSeconds: number;
  loading: number;
  wheel: number;
  dragging: number;
}

/**
 * Opens the Keywords tab, picks All rows per page, then scrolls with the wheel and drags the
 * scrollbar. Loading is timed from picking All: opening the app and the page (its modules, chart
 * and first rows) is what "time to data" measures.
 */
async function keywordTableRun(page: Page, serverUrl: string): Promise<TableRun> {
  await page.goto(`${serverUrl}/ads-manager?tab=keywords&period=last30Days`);
  await page.getByTestId('report-row').first().waitFor();
  await page.waitForLoadState('networkidle');
  await page.getByRole('combobox', { name: 'Rows per page' }).click();
  const allOption = page.getByRole('option', { name: 'All', exact: true });
  await allOption.waitFor();
  const pickedAll = await page.evaluate(() => performance.now());
  await allOption.click();
  // Every page of "All" is in when the table has as many rows as the total says, the section is
  // not fetching and shows no progress bar.
  await page.waitForFunction(
    () => {
      const total = document.querySelector('[data-testid="row-total"]')?.textContent ?? '';
      const rowCount = document.querySelector('[data-testid="report-table"]')?.ariaRowCount;
      return (
        Number(rowCount) - 2 === Number(total.replace(/\D/g, '')) &&
        document.querySelector('[data-testid="report-section"]')?.getAttribute('aria-busy') ===
          'false' &&
        !document.querySelector('[data-testid="load-progress"]')
      );
    },
    undefined,
    { timeout: 300_000, polling: 100 },
  );
  await page.waitForTimeout(500);
  const loaded = await page.evaluate(() => performance.now());
  const rows = ((await page.getByTestId('row-total').textContent()) ?? '').trim();

  // The wheel, fast (a 200 px notch every frame, 12,000 px a second) through the first 4,000
  // rows; then the scrollbar, where every frame jumps a screen and a half and replaces every row.
  const scroller = page.getByTestId('report-table-scroller');
  const box = (await scroller.boundingBox())!;
  await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
  const now = () => page.evaluate(() => performance.now());
  const wheelStarted = await now();
  for (let notch = 0; notch < 800; notch++) {
    await page.mouse.wheel(0, 200);
    await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(resolve)));
  }
  const wheelEnded = await now();
  const dragged = await scroller.evaluate(async (element) => {
    element.scrollTop = 0;
    const started = performance.now();
    while (element.scrollTop + element.clientHeight < element.scrollHeight - 1) {
      element.scrollTop += 1_200;
      await new Promise((resolve) => requestAnimationFrame(resolve));
    }
    await new Promise((resolve) => requestAnimationFrame(resolve));
    return { started, ended: performance.now() + 1 };
  });

  const longest = longestTaskOf(await takeLongTasks(page));
  return {
    rows,
    loadSeconds: (loaded - pickedAll) / 1000,
    loading: longest(pickedAll, loaded),
    wheel: longest(wheelStarted, wheelEnded),
    dragging: longest(dragged.started, dragged.ended),
  };
}

async function tableFigures(page: Page, options: WebOptions): Promise<Figure[]> {
  const { warmups, runs: count } = options.table;
  for (let warmup = 0; warmup < warmups; warmup++) await keywordTableRun(page, options.serverUrl);
  const runs: TableRun[] = [];
  for (let run = 0; run < count; run++) runs.push(await keywordTableRun(page, options.serverUrl));
  const of = (pick: (run: TableRun) => number) => median(runs.map(pick));
  const detail = `${runs[0]!.rows}, median of ${runs.length}`;
  const longTask = (name: string, value: number): Figure => ({
    group: GROUP,
    name: `keywords table, longest task ${name}`,
    value,
    unit: 'ms',
    target: LONG_TASK_TARGET,
    detail,
  });
  return [
    {
      group: GROUP,
      name: 'keywords table, all rows shown after',
      value: of((run) => run.loadSeconds),
      unit: 's',
      detail,
    },
    longTask(
      'while all rows load',
      of((run) => run.loading),
    ),
    longTask(
      'while wheel scrolling',
      of((run) => run.wheel),
    ),
    longTask(
      'while dragging the scrollbar',
      of((run) => run.dragging),
    ),
  ];
}

/** A page that records every long task of its main thread, from the first script on. */
export async function observedPage(browser: Browser): Promise<Page> {
  const page = await newPage(browser);
  await page.addInitScript(() => {
    window.longTasks = [];
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries())
        window.longTasks.push({ start: entry.startTime, duration: entry.duration });
    }).observe({ type: 'longtask', buffered: true });
  });
  return page;
}

/** The long tasks the page recorded since the last call (or since it loaded). */
export function takeLongTasks(page: Page): Promise<LongTask[]> {
  return page.evaluate(() => window.longTasks.splice(0));
}

/** The longest of the tasks that started in [from, to) of the page's clock; 0 when none. */
export function longestTaskOf(tasks: readonly LongTask[]) {
  return (from: number, to: number) =>
    Math.max(
      0,
      ...tasks.filter((task) => task.start >= from && task.start < to).map((task) => task.duration),
    );
}

export async function measureWeb(options: WebOptions): Promise<Figure[]> {
  const browser = await launchBrowser();
  try {
    const page = await observedPage(browser);
    await signIn(page, options);
    return [
      ...(await bundleFigures(browser, options, page.context())),
      await timeToData(page, options),
      ...(await tableFigures(page, options)),
    ];
  } finally {
    await browser.close();
  }
}
