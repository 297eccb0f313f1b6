// Benchmark: the ads manager's Keywords tab with "All" rows in Chromium on the mature-sized
// dataset (20,000 keywords, last 30 days). Counts the browser's long tasks (over 50 ms) while the
// rows load and render, and while the table is scrolled from top to bottom. Target (issue 7): none.
// Needs the built web app (`npm run build -w apps/web`) and Debian's Chromium.
// Run: BENCH_DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres npx tsx bench/ads-manager-browser.ts
//      [--rebuild]
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { launchBrowser, newPage } from '../e2e/support/browser.js';
import { loadConfig } from '../apps/server/src/platform/config.js';
import { createLogger } from '../apps/server/src/platform/logger.js';
import { startServer } from '../apps/server/src/platform/server.js';
import { createMember } from '../apps/server/src/platform/testing/factories.js';
import { openAdsManagerDataset } from './support/ads-manager-dataset.js';

const { values: options } = parseArgs({
  options: { rebuild: { type: 'boolean', default: false } },
});

interface LongTask {
  start: number;
  duration: number;
}
declare global {
  interface Window {
    longTasks: LongTask[];
  }
}

const { database, marker } = await openAdsManagerDataset(options.rebuild);
const config = loadConfig({
  NODE_ENV: 'test',
  HOST: '127.0.0.1',
  PORT: '0',
  LOG_LEVEL: 'silent',
  RATE_LIMIT_PER_MINUTE: '1000000',
  DATA_DIR: fs.mkdtempSync(path.join(os.tmpdir(), 'tapwise-bench-')),
});
const server = await startServer({
  config,
  logger: createLogger(config),
  withWorker: false,
  database,
});
const member = await createMember(database.db, marker.teamId, { role: 'ADMIN' });
const browser = await launchBrowser();

try {
  const page = await newPage(browser);
  // Every long task of the page's main thread, from the first script on.
  await page.addInitScript(() => {
    window.longTasks = [];
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries())
        window.longTasks.push({ start: entry.startTime, duration: entry.duration });
    }).observe({ type: 'longtask', buffered: true });
  });
  await page.goto(`${server.url}/login`);
  await page.getByLabel('Email').fill(member.email);
  await page.getByRole('textbox', { name: 'Password' }).fill(member.password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.getByRole('heading', { name: 'Overview' }).waitFor();
  await page.waitForLoadState('networkidle');

  await page.goto(`${server.url}/ads-manager?tab=keywords&period=last30Days&size=all`);
  const navigated = await page.evaluate(() => performance.now());
  const table = page.getByRole('table', { name: 'Report' });
  await table.waitFor();
  const loading = page.getByRole('progressbar', { name: /Loading all rows/ });
  await page.getByText('20,000 rows').waitFor({ timeout: 120_000 });
  await loading.waitFor({ state: 'detached', timeout: 120_000 });
  await page.waitForTimeout(500);
  const loaded = await page.evaluate(() => performance.now());
  const rowsInDom = await table.locator('[role="row"]').count();

  // Scroll the table's own scroller to the bottom in wheel-sized steps, a frame apart.
  const scrolled = await table.evaluate(async (element) => {
    let scroller: HTMLElement | null = element as HTMLElement;
    while (scroller && scroller.scrollHeight <= scroller.clientHeight + 1)
      scroller = scroller.parentElement;
    if (!scroller) throw new Error('the table has no scrolling container');
    const started = performance.now();
    const frame = () => new Promise((resolve) => requestAnimationFrame(resolve));
    let steps = 0;
    while (scroller.scrollTop + scroller.clientHeight < scroller.scrollHeight - 1) {
      scroller.scrollTop += 1_200;
      steps += 1;
      await frame();
    }
    await frame();
    return { started, ended: performance.now(), steps, height: scroller.scrollHeight };
  });
  const lastRowShown = await table.getByText('keyword', { exact: false }).last().isVisible();

  const tasks = await page.evaluate(() => window.longTasks);
  const within = (from: number, to: number) =>
    tasks.filter((task) => task.start >= from && task.start < to);
  const describe = (list: LongTask[]) => ({
    'long tasks (> 50 ms)': list.length,
    'longest (ms)': list.length ? Math.max(...list.map((task) => task.duration)).toFixed(0) : '-',
  });
  console.log(
    `all 20,000 rows shown ${((loaded - navigated) / 1000).toFixed(1)} s after navigation; ` +
      `${rowsInDom} rows in the DOM; scrolled ${scrolled.height} px in ${scrolled.steps} steps ` +
      `over ${((scrolled.ended - scrolled.started) / 1000).toFixed(1)} s; last rows visible: ${lastRowShown}`,
  );
  console.table({
    'load and render': describe(within(navigated, loaded)),
    scroll: describe(within(scrolled.started, scrolled.ended + 1)),
  });
} finally {
  await browser.close();
  await server.close();
  await database.close();
}
