// Replays one backtest a member started. Retrying is safe: a backtest only reads, and a finished
// one is not replayed again.
import { z } from 'zod';
import { defineJob } from '../../../../platform/jobs/job-queue';
import type { JobContext } from '../../../job-context';

export const ruleBacktestJob = defineJob({
  name: 'automation.backtest',
  payload: z.object({ teamId: z.uuid(), backtestId: z.uuid() }),
  retryLimit: 2,
  expireInSeconds: 900,
  async handle({ teamId, backtestId }, ctx: JobContext) {
    // Loaded on first use: the service imports this definition to enqueue it.
    const { runRuleBacktest } = await import('../backtest-runs');
    await runRuleBacktest(ctx, teamId, backtestId);
  },
  async onGiveUp({ teamId, backtestId }, ctx: JobContext) {
    const { giveUpRuleBacktest } = await import('../backtest-runs');
    await giveUpRuleBacktest(ctx, teamId, backtestId);
  },
});
