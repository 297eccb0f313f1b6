// The daily organic rank snapshot (docs/keyword-research.md): every tracked keyword of every
// company once per UTC day. A day's snapshot is recorded once, so a rerun (or a retry) only takes
// the keywords still missing; a company whose App Store or Apple fails does not stop the others.
import { z } from 'zod';
import { defineJob } from '../../../platform/jobs/job-queue';
import type { JobContext } from '../../job-context';
import { snapshotTeam } from '../organic-ranking.service';
import { teamsTrackingKeywords } from '../tracked-keywords.repository';

export const rankSnapshotJob = defineJob({
  name: 'keyword-research.rank-snapshot',
  payload: z.object({}),
  cron: '0 3 * * *',
  retryLimit: 2,
  async handle(_payload, ctx: JobContext) {
    const now = new Date();
    for (const teamId of await teamsTrackingKeywords(ctx.db)) {
      try {
        const taken = await snapshotTeam(ctx, teamId, now);
        ctx.logger.info({ teamId, taken }, 'organic rank snapshots taken');
      } catch (error) {
        ctx.logger.warn({ teamId, err: error }, 'organic rank snapshots failed for a company');
      }
    }
  },
});
