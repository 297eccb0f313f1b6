// The scheduler's claim (docs/scheduled-reports.md, delivery guarantees): every due report is
// claimed by exactly one worker, however many look at once, and gets one delivery job.
import type { Config } from '../../platform/config';
import type { Database } from '../../platform/db/database';
import type { JobSender } from '../job-context';
import { deliverScheduledReportJob } from './jobs/scheduled-report-jobs';
import { nextRunAt } from './next-run';
import { claimDueReport, findDueReports } from './scheduled-reports.repository';

/** Reports looked at per round; rounds go on until none is due. */
const CLAIM_BATCH = 500;

/**
 * Claims every report due by `now` (with billing on, of companies not cancelled); answers how
 * many this caller claimed.
 */
export async function claimDueReports(
  db: Database,
  jobs: JobSender,
  config: Pick<Config, 'billing'>,
  now: Date,
): Promise<number> {
  let claimed = 0;
  for (;;) {
    const due = await findDueReports(db, config, now, CLAIM_BATCH);
    let won = 0;
    for (const report of due) {
      // Counted from now: a report left behind (workers down) runs once, not once per missed time.
      const following = nextRunAt(report, now);
      const delivery = await claimDueReport(db, report, following);
      if (!delivery) continue;
      won += 1;
      await jobs.send(deliverScheduledReportJob, {
        teamId: report.teamId,
        deliveryId: delivery.id,
      });
    }
    claimed += won;
    // Another claimer took this round's reports, or none was left: the next round would see the
    // same rows or none.
    if (due.length < CLAIM_BATCH || won === 0) return claimed;
  }
}
