// Benchmark: the ads manager's Keywords tab with "All" rows in Chromium on the mature-sized
// dataset (20,000 keywords, last 30 days). Counts the browser's long tasks (over 50 ms) while the
// rows load and render, while the wheel scrolls through them and while the scrollbar is dragged
// from top to bottom. Target (issue 7): none.
// Needs the built web app (`npm run build -w apps/web`) and Debian's Chromium.
// Run: BENCH_DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres npx tsx bench/ads-manager-browser.ts
//      [--rebuild]
import { parseArgs } from 'node:util';
import { launchBrowser, newPage } from '../e2e/support/browser.js';
import { createMember } from '../apps/server/src/platform/testing/factories.js';
import { openAdsManagerDataset } from './support/ads-manager-dataset.js';
import { startInProcessServer } from './support/in-process-server.js';

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
const server = await startInProcessServer(database);
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
  const loading = page.getByTestId('load-progress');
  await loading.waitFor();
  await loading.waitFor({ state: 'detached', timeout: 300_000 });
  await page.waitForTimeout(500);
  const loaded = await page.evaluate(() => performance.now());
  const rowsInDom = await page.getByTestId('report-row').count();
  const listed = await page.getByTestId('row-total').textContent();

  // Two ways of scrolling: the mouse wheel, fast (a 200 px notch every frame, 12,000 px a
  // second) through the first 4,000 rows, and dragging the scrollbar, where every frame
  // jumps a screen and a half and replaces every row in view, through all of them.
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
    let steps = 0;
    while (element.scrollTop + element.clientHeight < element.scrollHeight - 1) {
      element.scrollTop += 1_200;
      steps += 1;
      await new Promise((resolve) => requestAnimationFrame(resolve));
    }
    await new Promise((resolve) => requestAnimationFrame(resolve));
    return { started, ended: performance.now(), steps, height: element.scrollHeight };
  });

  const tasks = await page.evaluate(() => window.longTasks);
  const within = (from: number, to: number) =>
    tasks.filter((task) => task.start >= from && task.start < to);
  const describe = (list: LongTask[]) => ({
    'long tasks (> 50 ms)': list.length,
    'longest (ms)': list.length ? Math.max(...list.map((task) => task.duration)).toFixed(0) : '-',
  });
  console.log(
    `${listed} shown ${((loaded - navigated) / 1000).toFixed(1)} s after navigation; ` +
      `${rowsInDom} rows in the DOM; wheel: 800 notches in ` +
      `${((wheelEnded - wheelStarted) / 1000).toFixed(1)} s; scrollbar: ${dragged.height} px in ` +
      `${dragged.steps} frames over ${((dragged.ended - dragged.started) / 1000).toFixed(1)} s`,
  );
  console.table({
    'load and render': describe(within(navigated, loaded)),
    'wheel scrolling': describe(within(wheelStarted, wheelEnded)),
    'scrollbar dragging': describe(within(dragged.started, dragged.ended + 1)),
  });
} finally {
  await browser.close();
  await server.close();
  await database.close();
}
