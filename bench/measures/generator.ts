// Campaign generator (issue 22) against a running sandbox of the dataset's scenario: the preview
// of a 4-segment (brand, category, competitor, discovery), 5-country structure with 500 typed
// keywords (plus the researched ones) from the API call to READY, its keyword job run in-process
// as the worker runs it, the App Store cache warm after the first run; then the creation of that
// structure through the creation saga from launch to SYNC_COMPLETE.
import type { GeneratorSettings } from '../../packages/contracts/src/index.js';
import type { AppContext } from '../../apps/server/src/modules/app-context.js';
import {
  generatorSegment,
  generatorSettings,
} from '../../apps/server/src/modules/campaign-generator/campaign-generator-factories.js';
import {
  findGeneration,
  liveCampaignNames,
} from '../../apps/server/src/modules/campaign-generator/campaign-generator.repository.js';
import { buildGeneratorPlan } from '../../apps/server/src/modules/campaign-generator/generator-plan.js';
import { createGenerationCampaigns } from '../../apps/server/src/modules/campaign-generator/generator-creation.js';
import { fetchGenerationKeywords } from '../../apps/server/src/modules/campaign-generator/generator-keywords.js';
import { openDataRequestSources } from '../../apps/server/src/modules/keyword-research/data-request-sources.js';
import { ownAppIds } from '../../apps/server/src/modules/keyword-research/own-keyword-facts.repository.js';
import { apiClient, type Session } from '../../apps/server/src/platform/testing/api-client.js';
import type { BenchDataset } from '../support/bench-dataset.js';
import { connectBenchSandbox } from '../support/bench-sandbox.js';
import type { Figure } from '../support/figures.js';
import { median, type RunCounts } from '../support/timing.js';

const GROUP = 'generator';
const SOURCE = 'issue 22';
const COUNTRIES = ['US', 'GB', 'CA', 'AU', 'DE'];
/** Typed keywords by segment: 500 in all. */
const TYPED = { brand: 100, category: 150, competitor: 150, discovery: 100 } as const;

export interface GeneratorOptions {
  serverUrl: string;
  context: AppContext;
  session: Session;
  runs: RunCounts;
}

const typed = (segment: keyof typeof TYPED, run: number) =>
  Array.from({ length: TYPED[segment] }, (_, n) => `gen ${segment} ${run} ${n}`);

/** A rival of the app: the first app of another developer its title's search shows. */
async function competitorOf(dataset: BenchDataset, context: AppContext): Promise<number[]> {
  const { adamId } = dataset.scope;
  const sources = await openDataRequestSources(context, dataset.teamId, adamId);
  const storefront = { country: 'us', language: 'en', device: 'iphone' as const };
  const [app] = await sources.appStore.lookup([adamId], storefront);
  if (!app) throw new Error('the App Store does not have the dataset app');
  const own = await ownAppIds(dataset.database.db, dataset.teamId);
  const found = await sources.appStore.search(app.title, { ...storefront, limit: 50 });
  return found.apps
    .filter((entry) => !own.has(entry.adamId))
    .slice(0, 1)
    .map((entry) => entry.adamId);
}

function settingsOf(
  dataset: BenchDataset,
  run: number,
  competitorAdamIds: number[],
): GeneratorSettings {
  const { adAccountId, adamId } = dataset.scope;
  return generatorSettings({
    adAccountId,
    adamId,
    organisationName: `Bench ${Date.now()}`,
    appName: `Run ${run}`,
    countries: COUNTRIES,
    segments: [
      generatorSegment('brand', { keywords: typed('brand', run) }),
      generatorSegment('category', { keywords: typed('category', run) }),
      generatorSegment('competitor', {
        keywords: typed('competitor', run),
        competitorAdamIds,
      }),
      generatorSegment('discovery', { keywords: typed('discovery', run) }),
    ],
  });
}

const PREVIEW = `mutation($settings: JSON!) { previewCampaignGeneration(settings: $settings) { id } }`;
const LAUNCH = `mutation($id: ID!) { launchCampaignGeneration(id: $id) { id } }`;

interface Run {
  previewSeconds: number;
  /** The plan alone from the fetched keywords and the ad account's names, without research. */
  planSeconds: number;
  creationSeconds: number;
  campaigns: number;
  keywords: number;
}

async function generatorRun(
  dataset: BenchDataset,
  options: GeneratorOptions,
  run: number,
  competitorAdamIds: number[],
): Promise<Run> {
  const api = apiClient(options.serverUrl);
  const settings = settingsOf(dataset, run, competitorAdamIds);
  const previewStarted = performance.now();
  const preview = await api.graphql<{ previewCampaignGeneration: { id: string } }>(
    PREVIEW,
    { settings },
    options.session,
  );
  if (preview.errors?.length || !preview.data) throw new Error(JSON.stringify(preview.errors));
  const { id } = preview.data.previewCampaignGeneration;
  // The bench server has no worker: the jobs' handlers run here, as the worker would run them.
  await fetchGenerationKeywords(options.context, dataset.teamId, id);
  const previewSeconds = (performance.now() - previewStarted) / 1000;
  const ready = await findGeneration(dataset.database.db, dataset.teamId, id);
  if (ready?.status !== 'READY')
    throw new Error(`the preview ended ${ready?.status}: ${ready?.failure}`);
  const planStarted = performance.now();
  const taken = await liveCampaignNames(dataset.database.db, dataset.teamId, ready.adAccountId);
  buildGeneratorPlan(ready.settings, ready.fetchedKeywords ?? {}, taken);
  const planSeconds = (performance.now() - planStarted) / 1000;

  const creationStarted = performance.now();
  const launch = await api.graphql(LAUNCH, { id }, options.session);
  if (launch.errors?.length) throw new Error(JSON.stringify(launch.errors));
  await createGenerationCampaigns(options.context, dataset.teamId, id);
  const creationSeconds = (performance.now() - creationStarted) / 1000;
  const done = await findGeneration(dataset.database.db, dataset.teamId, id);
  if (done?.status !== 'SYNC_COMPLETE')
    throw new Error(`the creation ended ${done?.status}: ${done?.failure}`);
  return {
    previewSeconds,
    planSeconds,
    creationSeconds,
    campaigns: done.progress.campaigns.total,
    keywords: done.progress.keywords.total,
  };
}

export async function measureGenerator(
  dataset: BenchDataset,
  options: GeneratorOptions,
): Promise<Figure[]> {
  const sandbox = await connectBenchSandbox(dataset, options.context.secrets);
  try {
    const competitors = await competitorOf(dataset, options.context);
    let run = 0;
    for (let warmup = 0; warmup < options.runs.warmups; warmup++)
      await generatorRun(dataset, options, run++, competitors);
    const runs: Run[] = [];
    for (let index = 0; index < options.runs.runs; index++)
      runs.push(await generatorRun(dataset, options, run++, competitors));
    const detail = `4 segments × ${COUNTRIES.length} countries, 500 typed keywords, ${runs[0]!.campaigns} campaigns, ${runs[0]!.keywords} keywords and negatives, median of ${runs.length}`;
    return [
      {
        group: GROUP,
        name: 'preview to READY',
        value: median(runs.map((r) => r.previewSeconds)),
        unit: 's',
        target: { is: '<', value: 2, source: SOURCE },
        detail,
      },
      {
        group: GROUP,
        name: 'plan alone (no research)',
        value: median(runs.map((r) => r.planSeconds * 1000)),
        unit: 'ms',
        target: { is: '<', value: 2000, source: SOURCE },
        detail,
      },
      {
        group: GROUP,
        name: 'creation to SYNC_COMPLETE',
        value: median(runs.map((r) => r.creationSeconds)),
        unit: 's',
        target: { is: '<', value: 60, source: SOURCE },
        detail,
      },
    ];
  } finally {
    await sandbox.close();
  }
}
