// Deletes an integration and every piece of data it brought, reporting `delInt:process`.
import {
  INTEGRATION_MESSAGES,
  SOCKET_EVENTS,
  type IntegrationDeletionEvent,
} from '@tapwise/contracts';
import { z } from 'zod';
import { defineJob } from '../../../platform/jobs/job-queue';
import { deleteAdsData } from '../../ads-data/ads-data.repository';
import type { JobContext } from '../../job-context';
import { deleteSyncRuns, listRunningSyncRuns } from '../../sync/sync.repository';
import { deleteIntegrationRows, findIntegrationById } from '../integrations.repository';

/**
 * A sync of the integration stops before its next step once deletion has started; its data is
 * deleted only after that, so no step in flight writes facts back. A sync whose process died
 * stays RUNNING, hence the bound.
 */
const SYNC_STOP_WAIT_MS = 120_000;
async function waitForSyncsToStop(db: JobContext['db'], teamId: string) {
  const deadline = Date.now() + SYNC_STOP_WAIT_MS;
  while ((await listRunningSyncRuns(db, teamId)).length > 0 && Date.now() < deadline)
    await new Promise((resolve) => setTimeout(resolve, 250));
}

export const deleteIntegrationJob = defineJob({
  name: 'integrations.delete',
  payload: z.object({ teamId: z.uuid(), integrationId: z.uuid() }),
  async handle({ teamId, integrationId }, { db, realtime }: JobContext) {
    const emit = (event: Omit<IntegrationDeletionEvent, 'integrationId'>) =>
      realtime.toTeam(teamId, SOCKET_EVENTS.integrationDeletion, { integrationId, ...event });
    if (!(await findIntegrationById(db, teamId, integrationId))) return;
    emit({ progress: 5, done: false, successMessage: null, error: null });
    await waitForSyncsToStop(db, teamId);
    emit({ progress: 10, done: false, successMessage: null, error: null });
    await deleteAdsData(db, teamId);
    emit({ progress: 80, done: false, successMessage: null, error: null });
    await deleteSyncRuns(db, teamId);
    await deleteIntegrationRows(db, teamId, integrationId);
    emit({ progress: 100, done: true, successMessage: INTEGRATION_MESSAGES.DELETED, error: null });
  },
});
