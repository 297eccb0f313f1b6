// Scheduled reports (issue 24): 1,000 reports due in the same minute, claimed by the scheduler's
// tick and each delivered by the delivery job's handler (its content read through the ads
// manager's reports, a mail with CSV and XLSX attachments kept in the outbox: no SMTP_URL),
// DELIVERY_CONCURRENCY at a time as that many worker slots would run them.
import { claimDueReports } from '../../apps/server/src/modules/scheduled-reports/scheduled-report-claims.js';
import { deliverReport } from '../../apps/server/src/modules/scheduled-reports/report-delivery.js';
import {
  deleteScheduledReportsOfTeam,
  insertScheduledReport,
} from '../../apps/server/src/modules/scheduled-reports/scheduled-reports.repository.js';
import { SCHEDULED_REPORT_LEVELS } from '../../packages/contracts/src/index.js';
import type { AppContext } from '../../apps/server/src/modules/app-context.js';
import type { BenchDataset } from '../support/bench-dataset.js';
import { onPostgres, type Figure } from '../support/figures.js';

const REPORTS = 1_000;
/**
 * Reports mix the four levels, four windows and two app filters: 32 distinct questions, as a
 * company's reports due at the same hour would ask (deliveries share the reads of one question).
 */
const DATA_DAYS = [1, 7, 14, 30];
const QUESTIONS = 32;
const DELIVERY_CONCURRENCY = 8;

export async function measureScheduledReports(
  dataset: BenchDataset,
  context: AppContext,
  userId: string,
): Promise<Figure[]> {
  const { database, teamId, scope } = dataset;
  const dueAt = new Date(Math.floor(Date.now() / 60_000) * 60_000);
  await deleteScheduledReportsOfTeam(database.db, teamId);
  for (let n = 0; n < REPORTS; n += 1)
    await insertScheduledReport(database.db, teamId, userId, {
      name: `Bench report ${n}`,
      level: SCHEDULED_REPORT_LEVELS[n % 4]!,
      reportLimit: 10,
      repeatType: 'DAILY',
      days: [],
      hours: [dueAt.getUTCHours()],
      runOn: null,
      dataDays: DATA_DAYS[Math.floor(n / 4) % 4]!,
      orgIds: [scope.adAccountId],
      appIds: n % 32 < 16 ? [] : [scope.adamId],
      countries: ['US'],
      goalIds: [],
      emails: [],
      externalEmails: [`bench-${n}@example.org`],
      slackChannels: [],
      disabled: false,
      locale: 'en',
      completed: false,
      nextRunAt: dueAt,
    });
  const deliveries: string[] = [];
  const started = performance.now();
  await claimDueReports(
    database.db,
    {
      send: async (_job, payload) => {
        deliveries.push((payload as { deliveryId: string }).deliveryId);
        return null;
      },
    },
    context.config,
    new Date(dueAt.getTime() + 1_000),
  );
  const claimedMs = performance.now() - started;
  let next = 0;
  await Promise.all(
    Array.from({ length: DELIVERY_CONCURRENCY }, async () => {
      while (next < deliveries.length) {
        const deliveryId = deliveries[next++]!;
        await deliverReport(context, teamId, deliveryId);
      }
    }),
  );
  const seconds = (performance.now() - started) / 1000;
  await deleteScheduledReportsOfTeam(database.db, teamId);
  if (deliveries.length !== REPORTS)
    throw new Error(`claimed ${deliveries.length} of ${REPORTS} due reports`);
  return [
    {
      group: 'Scheduled reports',
      name: `${REPORTS.toLocaleString('en-US')} reports due in one minute, delivered`,
      value: seconds,
      unit: 's',
      detail: `${QUESTIONS} distinct questions; claimed in ${(claimedMs / 1000).toFixed(1)} s; ${DELIVERY_CONCURRENCY} deliveries at a time; mail kept in the outbox`,
      ...onPostgres(database.engine, { is: '<', value: 120, source: 'issue 24, PostgreSQL' }),
    },
  ];
}
