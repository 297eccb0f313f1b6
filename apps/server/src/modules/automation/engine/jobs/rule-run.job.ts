// Executes one automation rule run (a manual or dry run the API started). Retrying is safe: the
// run's changes carry idempotency keys and a finished run is not executed again.
import { z } from 'zod';
import { defineJob } from '../../../../platform/jobs/job-queue';
import type { JobContext } from '../../../job-context';

export const ruleRunJob = defineJob({
  name: 'automation.run',
  payload: z.object({ runId: z.uuid() }),
  retryLimit: 3,
  expireInSeconds: 1800,
  async handle({ runId }, ctx: JobContext) {
    // Loaded on first use: the runner imports this definition to enqueue it.
    const { executeRun } = await import('../rule-runner');
    await executeRun(ctx, runId);
  },
  async onGiveUp({ runId }, ctx: JobContext) {
    const { giveUpRun } = await import('../rule-runner');
    await giveUpRun(ctx, runId);
  },
});
