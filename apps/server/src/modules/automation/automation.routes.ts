// REST of automation rules: the logs as a CSV download, with the filters of the logs page
// (ruleId, statuses=A,B, from, to, dryRun) in the query string.
import { buildRuleLogsCsv, ruleRunsQuerySchema } from '@tapwise/contracts';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { requireTeam } from '../../platform/auth/auth-context';
import type { AppContext } from '../app-context';
import { listRuleLogLines } from './rule-logs.repository';

/** Enough for a year of hourly runs of a busy rule; a bigger export narrows its filters. */
export const RULE_LOGS_CSV_MAX_LINES = 50_000;

const optionalText = z
  .string()
  .trim()
  .optional()
  .transform((value) => value || undefined);

const csvQueryText = z.object({
  ruleId: optionalText,
  statuses: optionalText,
  from: optionalText,
  to: optionalText,
  dryRun: z.enum(['true', 'false', '']).optional(),
});
const logFilters = ruleRunsQuerySchema.omit({ offset: true, limit: true });

/** The query string's text, read as the logs page's filters. */
function csvFiltersOf(query: unknown) {
  const text = csvQueryText.parse(query);
  return logFilters.parse({
    ...text,
    statuses: text.statuses?.split(',').map((status) => status.trim()) ?? [],
    dryRun: text.dryRun ? text.dryRun === 'true' : undefined,
  });
}

export async function registerAutomationRoutes(api: FastifyInstance, ctx: AppContext) {
  api.get(
    '/automation/logs.csv',
    { config: { access: 'automationRules.read' as const } },
    async (request, reply) => {
      const filters = csvFiltersOf(request.query);
      const { teamId } = requireTeam(request.auth);
      const lines = await listRuleLogLines(ctx.db, teamId, filters, RULE_LOGS_CSV_MAX_LINES);
      const csv = buildRuleLogsCsv(
        lines.map(({ entry, change }) => ({
          entry: { ...entry, at: entry.at.toISOString() },
          change,
        })),
      );
      const day = new Date().toISOString().slice(0, 10);
      return (
        reply
          .header('content-type', 'text/csv; charset=utf-8')
          .header('content-disposition', `attachment; filename="tapwise-rule-logs-${day}.csv"`)
          // A byte order mark lets spreadsheet programs read the UTF-8 names.
          .send(`\uFEFF${csv}`)
      );
    },
  );
}
