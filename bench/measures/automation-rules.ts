// Rule engine (issue 8): the bench's rule batch (support/bench-rule-batch.ts), timed from the same
// state each run.
import type { AppContext } from '../../apps/server/src/modules/app-context.js';
import type { BenchDataset } from '../support/bench-dataset.js';
import { installBenchRuleBatch } from '../support/bench-rule-batch.js';
import { onPostgres, type Figure } from '../support/figures.js';
import { timeRuns, type RunCounts } from '../support/timing.js';

export interface RuleBatchTarget {
  seconds: number;
  source: string;
}

export async function measureRuleEngine(
  dataset: BenchDataset,
  context: AppContext,
  ruleCount: number,
  target: RuleBatchTarget,
  counts: RunCounts,
): Promise<Figure[]> {
  const batch = await installBenchRuleBatch(dataset, context, ruleCount);
  try {
    const timing = await timeRuns({ prepare: batch.reset, run: batch.run }, counts);
    return [
      {
        group: 'rule engine',
        name: `${ruleCount.toLocaleString('en-US')} rules in one batch`,
        value: timing.p50 / 1000,
        unit: 's',
        ...onPostgres(dataset.database.engine, {
          is: '<',
          value: target.seconds,
          source: `${target.source}, PostgreSQL`,
        }),
        detail: `median of ${timing.runs}, ${(await batch.evaluated()).toLocaleString('en-US')} rows evaluated per run`,
      },
    ];
  } finally {
    await batch.remove();
  }
}
