// Keeps the reference rates current: every hour, and once when the worker starts. A run asks the
// source only when a newer reference day is due (the ECB publishes around 16:00 CET on TARGET
// working days), so a day's rates are downloaded once.
import { z } from 'zod';
import { defineJob } from '../../../platform/jobs/job-queue';
import type { JobContext } from '../../job-context';
import { ratesClientFor, refreshExchangeRates } from '../exchange-rates.service';

export const refreshExchangeRatesJob = defineJob({
  name: 'currencies.refresh-exchange-rates',
  payload: z.object({}),
  cron: '25 * * * *',
  async handle(_payload, { db, config, logger }: JobContext) {
    const source = config.exchangeRates;
    const { feed, days } = await refreshExchangeRates(db, source, ratesClientFor(source));
    if (feed) logger.info({ source, feed, days }, 'stored exchange rates');
  },
});
