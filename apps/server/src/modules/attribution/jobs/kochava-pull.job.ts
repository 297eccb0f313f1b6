// The Kochava pull as a job: hourly for every company's Kochava integration that is ACTIVE or
// FAILED (a failure is retried on the next run), and sent for one integration right after its
// settings are saved.
import { z } from 'zod';
import { defineJob } from '../../../platform/jobs/job-queue';
import type { JobContext } from '../../job-context';
import { findKochavaPull, listKochavaPulls } from '../attribution.repository';
import { runKochavaPull } from '../kochava-pull';

export const kochavaPullJob = defineJob({
  name: 'attribution.kochava-pull',
  payload: z.object({ teamId: z.uuid().optional(), integrationId: z.uuid().optional() }),
  cron: '17 * * * *',
  retryLimit: 0,
  async handle({ teamId, integrationId }, ctx: JobContext) {
    const integrations =
      teamId && integrationId
        ? [await findKochavaPull(ctx.db, teamId, integrationId)].filter(
            (row) => row !== null && (row.status === 'ACTIVE' || row.status === 'FAILED'),
          )
        : await listKochavaPulls(ctx.db);
    for (const integration of integrations) {
      const result = await runKochavaPull(ctx, integration!);
      ctx.logger.info({ integrationId: integration!.id, ...result }, 'Kochava pull finished');
    }
  },
});
