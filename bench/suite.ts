// The benchmark suite: builds the dataset of a scale by a real first sync into a fresh database
// (PostgreSQL through BENCH_DATABASE_URL, otherwise PGlite), measures every figure against its
// target, prints one table and writes bench/results/<date>.json. docs/PERFORMANCE.md explains
// each figure.
// Run: npm run bench [-- --scale mature|small|agency] [--only sync,overview,...] [--reuse] [--load]
import { spawnSync } from 'node:child_process';
import { parseArgs } from 'node:util';
import type { ScenarioName } from '@tapwise/apple-ads-sandbox';
import { createMember } from '../apps/server/src/platform/testing/factories.js';
import { apiClient } from '../apps/server/src/platform/testing/api-client.js';
import { measureKeywordsPage } from './measures/ads-manager.js';
import { measureApiLoad, type LoadOptions } from './measures/api-load.js';
import { measureAppleAdsFetch } from './measures/apple-ads-fetch.js';
import { measureRuleEngine, type RuleBatchTarget } from './measures/automation-rules.js';
import { measureFirstSync, type FirstSyncTargets } from './measures/first-sync.js';
import { measureGenerator } from './measures/generator.js';
import { HOURLY_COMPANIES, measureHourlyRound } from './measures/hourly-sync.js';
import { measureIncrementalSync } from './measures/incremental-sync.js';
import { measureOptimizationPages } from './measures/optimization.js';
import { measureOverview } from './measures/overview.js';
import { measurePostbacks, type PostbackLoadOptions } from './measures/postbacks.js';
import { measureResearch } from './measures/research.js';
import { measureScheduledReports } from './measures/scheduled-reports.js';
import { measureScriptedRules } from './measures/scripted-rules.js';
import { measureWeb } from './measures/web.js';
import { startBackgroundLoad } from './support/background-load.js';
import { openBenchDataset } from './support/bench-dataset.js';
import {
  machineInfo,
  printFigures,
  verdictOf,
  writeResult,
  type Figure,
} from './support/figures.js';
import { startInProcessServer } from './support/in-process-server.js';
import { queryTargets, type ScaleName } from './support/query-targets.js';
import type { RunCounts } from './support/timing.js';

interface Scale {
  scenario: ScenarioName;
  /** Targets are set for the mature and agency datasets; smaller data would pass them by being small. */
  judged: boolean;
  firstSync: FirstSyncTargets;
  /** The incremental sync's target, on PostgreSQL. */
  incrementalSeconds?: number;
  /** Queries of a few milliseconds. */
  quick: RunCounts;
  /** Work of seconds: ingestion, a rule batch, a report download, a page load. */
  slow: RunCounts;
  /** The rule batch's size and its target, on PostgreSQL. */
  rules: number;
  rulesTarget: RuleBatchTarget;
  scripts: number;
  load: LoadOptions;
  postbacks: PostbackLoadOptions;
}

/** Issue 28's first-sync targets for the mature dataset; the small scale shows them unjudged. */
const MATURE_FIRST_SYNC: FirstSyncTargets = {
  postgresSeconds: 60,
  pgliteSeconds: 90,
  ingestion: true,
};

const SCALES: Record<ScaleName, Scale> = {
  mature: {
    scenario: 'mature',
    judged: true,
    firstSync: MATURE_FIRST_SYNC,
    incrementalSeconds: 10,
    quick: { warmups: 5, runs: 30 },
    slow: { warmups: 1, runs: 3 },
    rules: 1_000,
    rulesTarget: { seconds: 10, source: 'issue 8' },
    scripts: 1_000,
    load: { connections: 50, seconds: 20 },
    postbacks: { connections: 100, seconds: 20 },
  },
  small: {
    scenario: 'demo',
    judged: false,
    firstSync: MATURE_FIRST_SYNC,
    incrementalSeconds: 10,
    quick: { warmups: 2, runs: 5 },
    slow: { warmups: 1, runs: 2 },
    rules: 100,
    rulesTarget: { seconds: 10, source: 'issue 8' },
    scripts: 100,
    load: { connections: 50, seconds: 5 },
    postbacks: { connections: 100, seconds: 10 },
  },
  // An agency's five accounts: the first sync alone writes ten times the mature facts, so reading
  // every keyword fact back for the ingestion figures is left out, and the slow work runs twice.
  agency: {
    scenario: 'agency',
    judged: true,
    firstSync: { postgresSeconds: 600, peakMiB: 1_536, ingestion: false },
    quick: { warmups: 5, runs: 30 },
    slow: { warmups: 1, runs: 2 },
    rules: 10_000,
    rulesTarget: { seconds: 60, source: 'issue 28' },
    scripts: 1_000,
    load: { connections: 50, seconds: 20 },
    postbacks: { connections: 100, seconds: 20 },
  },
};

const MEASURES = [
  'sync',
  'overview',
  'keywords',
  'rules',
  'scripts',
  'load',
  'web',
  'research',
  'generator',
  'apple',
  'postbacks',
  'scheduled-reports',
  'optimization',
  'hourly',
] as const;
type MeasureName = (typeof MEASURES)[number];

const { values: options } = parseArgs({
  options: {
    scale: { type: 'string', default: 'mature' },
    only: { type: 'string', default: MEASURES.join(',') },
    reuse: { type: 'boolean', default: false },
    // The overview and keywords figures again while a sync and a rule batch run (issue 28).
    load: { type: 'boolean', default: false },
  },
});
if (!Object.hasOwn(SCALES, options.scale))
  throw new Error(`--scale is ${Object.keys(SCALES).join(' or ')}, not ${options.scale}`);
const scaleName = options.scale as ScaleName;
const scale = SCALES[scaleName];
const only = new Set(options.only.split(',').map((name) => name.trim()));
for (const name of only)
  if (!MEASURES.includes(name as MeasureName))
    throw new Error(`--only takes ${MEASURES.join(', ')}; not ${name}`);

if (only.has('web') || only.has('research')) {
  const build = spawnSync(process.execPath, ['scripts/ensure-web-build.mjs'], { stdio: 'inherit' });
  if (build.status !== 0) throw new Error('the web app did not build');
}

const started = Date.now();
const dataset = await openBenchDataset(scale.scenario, options.reuse);
const engine = dataset.database.engine;
const server = await startInProcessServer(dataset.database);
const member = await createMember(dataset.database.db, dataset.teamId, { role: 'ADMIN' });

const figures: Figure[] = [];
const failures: string[] = [];
/** Runs one measure; a failing one is reported and the others still run. */
async function measure(name: MeasureName, figuresOf: () => Promise<Figure[]>) {
  if (!only.has(name)) return;
  console.log(`measuring ${name}…`);
  try {
    figures.push(...(await figuresOf()));
  } catch (error) {
    failures.push(`${name}: ${error instanceof Error ? (error.stack ?? error.message) : error}`);
  }
}

try {
  await measure('sync', async () => [
    ...(await measureFirstSync(dataset, scale.slow, scale.firstSync)),
    ...(await measureIncrementalSync(
      dataset,
      server.context,
      scale.slow,
      scale.incrementalSeconds,
    )),
  ]);
  const load =
    options.load && (only.has('overview') || only.has('keywords'))
      ? await startBackgroundLoad(dataset, server.context, scale.rules)
      : undefined;
  const queries = { counts: scale.quick, targets: queryTargets(scaleName, engine), load };
  try {
    await measure('overview', () => measureOverview(dataset, queries));
    await measure('keywords', () => measureKeywordsPage(dataset, queries));
  } finally {
    await load?.close();
  }
  await measure('rules', () =>
    measureRuleEngine(dataset, server.context, scale.rules, scale.rulesTarget, scale.slow),
  );
  await measure('scripts', () =>
    measureScriptedRules(dataset, server.context, scale.scripts, scale.slow),
  );
  await measure('load', () => measureApiLoad(dataset, server.url, member, scale.load));
  await measure('web', () =>
    measureWeb({
      serverUrl: server.url,
      email: member.email,
      password: member.password,
      timeToData: { warmups: 1, runs: scale.quick.runs },
      table: scale.slow,
    }),
  );
  await measure('research', async () =>
    measureResearch(dataset, {
      serverUrl: server.url,
      context: server.context,
      email: member.email,
      password: member.password,
      userId: member.user.id,
      session: await apiClient(server.url).signIn(member.email, member.password),
      runs: scale.slow,
    }),
  );
  await measure('generator', async () =>
    measureGenerator(dataset, {
      serverUrl: server.url,
      context: server.context,
      session: await apiClient(server.url).signIn(member.email, member.password),
      runs: scale.slow,
    }),
  );
  await measure('apple', () => measureAppleAdsFetch(scale.scenario, scale.slow));
  await measure('postbacks', () =>
    measurePostbacks(dataset, server.url, server.context, scale.postbacks),
  );
  await measure('scheduled-reports', () =>
    measureScheduledReports(dataset, server.context, member.user.id),
  );
  await measure('optimization', () => measureOptimizationPages(dataset, scale.quick));
  await measure('hourly', () =>
    measureHourlyRound(dataset, HOURLY_COMPANIES[scale.judged ? 'judged' : 'small']),
  );
} finally {
  await server.close();
  await dataset.database.close();
}

const minutes = ((Date.now() - started) / 60_000).toFixed(1);
console.log(
  `\n${options.scale} scale (${scale.scenario} scenario) on ${engine}, dataset ${dataset.location}, ${minutes} min` +
    (scale.judged
      ? ''
      : '; targets are set for the mature and agency scales, so nothing is judged'),
);
printFigures(figures, scale.judged);
const file = writeResult(new URL('results', import.meta.url).pathname, {
  date: new Date().toISOString(),
  scale: options.scale,
  engine,
  scenario: scale.scenario,
  machine: machineInfo(),
  figures: figures.map((figure) => ({ ...figure, result: verdictOf(figure, scale.judged) })),
});
console.log(`written to ${file}`);
if (failures.length > 0) {
  console.error(`\n${failures.length} measure(s) failed:\n${failures.join('\n\n')}`);
  process.exitCode = 1;
}
