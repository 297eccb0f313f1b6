// One entity's table row, read the way its report level reads every row (names of its campaign
// and ad group, currency, level columns), for the answer of a write: the table swaps it in
// without losing a column. Its counts are zero; the table keeps the ones it shows.
import type { ReportLevel, ReportRow } from '@tapwise/contracts';
import { sql } from 'drizzle-orm';
import type { Database } from '../../platform/db/database';
import { rowsOf } from '../analytics/overview.repository';
import { LEVELS } from './report-levels';
import { reportRowOf } from './reports.repository';

export async function findReportRow(
  db: Database,
  teamId: string,
  level: ReportLevel,
  adAccountId: number,
  id: number,
): Promise<ReportRow | null> {
  const [row] = await rowsOf(
    db,
    sql`SELECT * FROM (${LEVELS[level].rows(teamId, true)}) r
      WHERE r.ad_account_id = ${adAccountId} AND r.key = ${id}`,
  );
  return row ? reportRowOf(level, row) : null;
}
