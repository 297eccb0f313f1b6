// REST of automation rules: the logs as a CSV or XLSX download, with the filters of the logs page
// (ruleId, statuses=A,B, from, to, dryRun) in the query string.
import { PassThrough } from 'node:stream';
import { ruleLogsExportInput, type ReportExportFormat } from '@tapwise/contracts';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { requireTeam } from '../../platform/auth/auth-context';
import type { AppContext } from '../app-context';
import { TABLE_FILE_CONTENT_TYPES, writeTableFile } from '../exports/table-file';
import { ruleLogsExportTable } from './rule-logs-export';

const optionalText = z
  .string()
  .trim()
  .optional()
  .transform((value) => value || undefined);

const logsQueryText = z.object({
  ruleId: optionalText,
  statuses: optionalText,
  from: optionalText,
  to: optionalText,
  dryRun: z.enum(['true', 'false', '']).optional(),
});

/** The query string's text, read as the logs page's filters. */
function logFiltersOf(query: unknown) {
  const text = logsQueryText.parse(query);
  return ruleLogsExportInput.parse({
    ...text,
    statuses: text.statuses?.split(',').map((status) => status.trim()) ?? [],
    dryRun: text.dryRun ? text.dryRun === 'true' : undefined,
  });
}

export async function registerAutomationRoutes(api: FastifyInstance, ctx: AppContext) {
  for (const format of ['csv', 'xlsx'] as const satisfies ReportExportFormat[]) {
    api.get(
      `/automation/logs.${format}`,
      { config: { access: 'automationRules.read' as const } },
      async (request, reply) => {
        const filters = logFiltersOf(request.query);
        const { teamId } = requireTeam(request.auth);
        const file = await ruleLogsExportTable(ctx.db, teamId, filters, format);
        const body = new PassThrough();
        writeTableFile(format, file.table, body).catch((error: unknown) =>
          body.destroy(error as Error),
        );
        return reply
          .header('content-type', TABLE_FILE_CONTENT_TYPES[format])
          .header('content-disposition', `attachment; filename="${file.fileName}"`)
          .send(body);
      },
    );
  }
}
