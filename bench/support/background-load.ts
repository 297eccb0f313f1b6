// The background load of the suite's `--load` mode (issue 28): what a single-node Tapwise does
// besides answering pages. The incremental sync of the dataset's company (the last 3 days and
// their hours, against the sandbox) runs over and over, and the bench's rule batch runs beside it.
// Both run in the bench's own process, beside the in-process server and on its database handle,
// as a single-node installation runs its worker beside its server (and as PGlite, one process per
// data directory, requires).
//
// The load is switched on for windows and fully off between them; the quiet runs are taken in the
// off time of the same run (timing.ts, timeQuietAndLoaded). A window lasts one rule batch, so the
// loaded runs see the whole of a batch (its claim, group reads, evaluation and writes) rather than
// always its start, with the sync running the whole window and the page a quarter of it. Off
// means drained: the batch has ended and the sync has handed its run back at its next checkpoint,
// as it does when its worker stops. The next window resumes that run where it stopped, so over
// the windows the loaded runs see every step of the sync (entities, each level's reports,
// impression share, the totals). The sandbox computes Apple's answers on a thread of this
// process: CPU that Apple spends on its own machines for a real installation, so this load is,
// if anything, heavier than production's.
import { setTimeout as sleep } from 'node:timers/promises';
import type { AppContext } from '../../apps/server/src/modules/app-context.js';
import { findIntegration } from '../../apps/server/src/modules/integrations/integrations.repository.js';
import { findSyncRun } from '../../apps/server/src/modules/sync/sync.repository.js';
import { runSync, startSync } from '../../apps/server/src/modules/sync/sync.service.js';
import { JobHandedBack } from '../../apps/server/src/platform/jobs/job-queue.js';
import type { BenchDataset } from './bench-dataset.js';
import { installBenchRuleBatch } from './bench-rule-batch.js';
import { connectBenchSandbox } from './bench-sandbox.js';
import type { Figure } from './figures.js';
import type { QueryTargets } from './query-targets.js';
import {
  timeInterleaved,
  timeQuietAndLoaded,
  type LoadWindow,
  type RunCounts,
  type Timing,
  type Way,
} from './timing.js';

/**
 * Idle time after each run in a window, per time the run took: the page's runs leave the load
 * most of the window, as a person's page loads do. Back to back they would set its pace instead
 * (on PGlite each of the batch's statements waited behind a whole run of the page).
 */
const IDLE_PER_BUSY = 3;

export interface BackgroundLoad {
  window: LoadWindow;
  /** What runs in a window, for the figures' detail. */
  description: string;
  /** Finishes the sync left parked, so the dataset is left as a synced installation's. */
  close(): Promise<void>;
}

export async function startBackgroundLoad(
  dataset: BenchDataset,
  context: AppContext,
  ruleCount: number,
): Promise<BackgroundLoad> {
  const { database, teamId } = dataset;
  const integration = await findIntegration(database.db, teamId);
  if (!integration) throw new Error('the dataset has no integration');
  const integrationId = integration.id;
  const sandbox = await connectBenchSandbox(dataset, context.secrets);
  const rules = await installBenchRuleBatch(dataset, context, ruleCount).catch(async (error) => {
    // Its thread would keep the suite from ending.
    await sandbox.close();
    throw error;
  });
  // The sync's follow-up job (the rule tick after fresh data) is left out: the batch stands for it.
  const jobs = { send: async () => null };
  let parkedSyncId: string | undefined;

  /** Incremental syncs one after another, until `stopping` hands the current one back. */
  async function syncUntil(stopping?: AbortSignal) {
    do {
      const syncId =
        parkedSyncId ??
        (await startSync({ db: database.db, jobs }, teamId, integrationId, 'DAILY')).syncId;
      parkedSyncId = syncId;
      try {
        await runSync({ ...context, jobs, stopping }, teamId, syncId);
      } catch (error) {
        if (error instanceof JobHandedBack) return;
        throw error;
      }
      const run = await findSyncRun(database.db, teamId, syncId);
      if (run?.status !== 'DONE')
        throw new Error(`the incremental sync ended ${run?.status}: ${run?.error}`);
      parkedSyncId = undefined;
    } while (stopping && !stopping.aborted);
  }

  return {
    description: `incremental syncs and ${ruleCount.toLocaleString('en-US')} rules in one batch run`,
    async window(during) {
      await rules.reset();
      const stopping = new AbortController();
      const sync = syncUntil(stopping.signal);
      let batchRunning = true;
      const batch = rules.run().finally(() => (batchRunning = false));
      const batchEnded = batch.catch(() => undefined);
      const sampling = (async () => {
        try {
          do {
            const started = performance.now();
            await during();
            if (batchRunning)
              await Promise.race([
                batchEnded,
                sleep(IDLE_PER_BUSY * (performance.now() - started)),
              ]);
          } while (batchRunning);
        } finally {
          stopping.abort();
        }
      })();
      // Settled together: a failure of one still lets the others drain before it is thrown.
      const failed = (await Promise.allSettled([sampling, batch, sync])).find(
        (outcome) => outcome.status === 'rejected',
      );
      if (failed) throw failed.reason;
    },
    async close() {
      try {
        if (parkedSyncId) await syncUntil();
      } finally {
        await rules.remove();
        await sandbox.close();
      }
    },
  };
}

/** What the query measures (overview, keywords page) are given by the suite. */
export interface QueryMeasureOptions {
  counts: RunCounts;
  targets: QueryTargets;
  /** With `--load`: the page is timed under this load as well. */
  load?: BackgroundLoad;
}

/**
 * Times the ways interleaved; given a load, the first (Tapwise's own) is timed under it too, in
 * the same run.
 */
export async function timeWithLoad(
  ways: readonly Way[],
  counts: RunCounts,
  load: BackgroundLoad | undefined,
): Promise<{ quiet: Timing[]; loaded?: Timing }> {
  if (!load) return { quiet: await timeInterleaved(ways, counts) };
  return timeQuietAndLoaded(ways, ways[0]!, load.window, counts);
}

/** A page's p50 under load, and its ratio to the quiet p50 of the same run. */
export function underLoadFigures(
  group: string,
  quiet: Timing,
  loaded: Timing | undefined,
  load: BackgroundLoad | undefined,
  targets: QueryTargets,
): Figure[] {
  if (!loaded || !load) return [];
  return [
    {
      group,
      name: 'server time p50 under load',
      value: loaded.p50,
      unit: 'ms',
      detail: `${loaded.runs} runs while ${load.description}`,
    },
    {
      group,
      name: 'under load / quiet (p50)',
      value: loaded.p50 / quiet.p50,
      unit: 'ratio',
      target: targets.underLoadToQuiet,
      detail: 'same run, quiet blocks and load windows alternating',
    },
  ];
}
