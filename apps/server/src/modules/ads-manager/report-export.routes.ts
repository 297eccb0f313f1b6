// REST download of the ads manager's export (a file, not JSON): POST, as the view's question does
// not fit an address. Reading the view is adsManager.read.
import type { FastifyInstance } from 'fastify';
import { requireTeam } from '../../platform/auth/auth-context';
import type { AppContext } from '../app-context';
import { startReportExport } from './report-export.service';

export async function registerReportExportRoutes(api: FastifyInstance, ctx: AppContext) {
  api.post(
    '/ads-manager/export',
    { config: { access: 'adsManager.read' as const } },
    async (request, reply) => {
      const file = await startReportExport(ctx.db, requireTeam(request.auth).teamId, request.body);
      return reply
        .header('content-type', file.contentType)
        .header('content-disposition', `attachment; filename="${file.fileName}"`)
        .header('x-total-rows', String(file.total))
        .send(file.body);
    },
  );
}
