// Empties the raw payloads of postbacks older than POSTBACK_RAW_RETENTION_DAYS, once a day.
import { z } from 'zod';
import { defineJob } from '../../../platform/jobs/job-queue';
import type { JobContext } from '../../job-context';
import { purgeRawPayloads } from '../event-retention';

export const purgeRawPostbacksJob = defineJob({
  name: 'attribution.purge-raw',
  payload: z.object({ now: z.iso.datetime().optional() }),
  cron: '23 3 * * *',
  async handle(payload, { db, logger }: JobContext) {
    const emptied = await purgeRawPayloads(db, payload.now ? new Date(payload.now) : new Date());
    logger.info({ emptied }, 'emptied raw postback payloads past retention');
  },
});
