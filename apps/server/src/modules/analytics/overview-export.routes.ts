// REST download of the overview as XLSX (a file, not JSON): POST, as the overview's question
// does not fit an address. The CSV is written by the browser from what the page shows.
import type { FastifyInstance } from 'fastify';
import { requireTeam } from '../../platform/auth/auth-context';
import { requestLocale } from '../accounts/accounts.routes';
import type { AppContext } from '../app-context';
import { downloadOverviewXlsx } from './overview-export';

export async function registerOverviewExportRoutes(api: FastifyInstance, ctx: AppContext) {
  api.post(
    '/overview/export.xlsx',
    { config: { access: 'overview.read' as const } },
    async (request, reply) => {
      const { teamId } = requireTeam(request.auth);
      const file = await downloadOverviewXlsx(ctx, teamId, request.body, requestLocale(request));
      return (
        reply
          .header('content-type', file.contentType)
          // The app's name may be in any script: a header carries Latin-1 only, so the name is
          // also given encoded (RFC 6266), with an ASCII fallback.
          .header(
            'content-disposition',
            `attachment; filename="${file.filename.replace(/[^\x20-\x7e]|"/g, '_')}"; ` +
              `filename*=UTF-8''${encodeURIComponent(file.filename)}`,
          )
          .send(file.content)
      );
    },
  );
}
