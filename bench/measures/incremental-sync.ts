// Incremental sync (issue 28): the sync the scheduler starts every SYNC_INTERVAL_MINUTES for each
// company (mode DAILY: the entities, the last 3 days and the last 7 days' hours again), run on the
// dataset as the worker runs it, against a sandbox of the dataset's scenario.
import type { AppContext } from '../../apps/server/src/modules/app-context.js';
import { findIntegration } from '../../apps/server/src/modules/integrations/integrations.repository.js';
import { findSyncRun, insertSyncRun } from '../../apps/server/src/modules/sync/sync.repository.js';
import { runSync } from '../../apps/server/src/modules/sync/sync.service.js';
import { INCREMENTAL_DAYS } from '../../apps/server/src/modules/sync/sync-windows.js';
import type { BenchDataset } from '../support/bench-dataset.js';
import { connectBenchSandbox } from '../support/bench-sandbox.js';
import { onPostgres, type Figure } from '../support/figures.js';
import { timeRuns, type RunCounts } from '../support/timing.js';

export async function measureIncrementalSync(
  dataset: BenchDataset,
  context: AppContext,
  counts: RunCounts,
  targetSeconds: number | undefined,
): Promise<Figure[]> {
  const { db } = dataset.database;
  const integration = await findIntegration(db, dataset.teamId);
  if (!integration) throw new Error('the dataset has no integration');
  const sandbox = await connectBenchSandbox(dataset, context.secrets);
  try {
    // The run is inserted as the scheduler's startSync does; the worker's part is runSync.
    const incrementalSync = async () => {
      const run = await insertSyncRun(db, dataset.teamId, {
        integrationId: integration.id,
        mode: 'DAILY',
      });
      await runSync(context, dataset.teamId, run.id);
      const finished = await findSyncRun(db, dataset.teamId, run.id);
      if (finished?.status !== 'DONE')
        throw new Error(`the incremental sync ended ${finished?.status}: ${finished?.error}`);
    };
    const timing = await timeRuns(incrementalSync, counts);
    return [
      {
        group: 'sync',
        name: `incremental sync (last ${INCREMENTAL_DAYS} days)`,
        value: timing.p50 / 1000,
        unit: 's',
        ...(targetSeconds
          ? onPostgres(dataset.database.engine, {
              is: '<',
              value: targetSeconds,
              source: 'issue 28',
            })
          : {}),
        detail: `the scheduled sync (entities, ${INCREMENTAL_DAYS} days, 7 days of hours), median of ${timing.runs}`,
      },
    ];
  } finally {
    await sandbox.close();
  }
}
