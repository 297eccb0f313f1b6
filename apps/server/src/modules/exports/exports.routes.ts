// REST download of a finished background export's file (a file, not JSON): its owner only, for
// a day; anyone else's, an unfinished one or an expired one is not found.
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { requireTeam } from '../../platform/auth/auth-context';
import type { AppContext } from '../app-context';
import { readExportFile } from './export-jobs.service';

const fileParams = z.object({ exportJobId: z.string().max(40) });

export async function registerExportRoutes(api: FastifyInstance, ctx: AppContext) {
  api.get(
    '/exports/:exportJobId/file',
    { config: { access: 'authenticated' as const, tenant: true } },
    async (request, reply) => {
      const { exportJobId } = fileParams.parse(request.params);
      const file = await readExportFile(ctx, requireTeam(request.auth), exportJobId);
      return reply
        .header('content-type', file.contentType)
        .header('content-disposition', `attachment; filename="${file.fileName}"`)
        .send(file.file);
    },
  );
}
