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
import { deleteSyncRuns } from '../../sync/sync.repository';
import { deleteIntegrationRows, findIntegrationById } from '../integrations.repository';

export const deleteIntegrationJob = defineJob({
  name: 'integrations.delete',
  payload: z.object({ teamId: z.uuid(), integrationId: z.uuid() }),
  async handle({ teamId, integrationId }, { db, realtime }: JobContext) {
    const emit = (event: Omit<IntegrationDeletionEvent, 'integrationId'>) =>
      realtime.toTeam(teamId, SOCKET_EVENTS.integrationDeletion, { integrationId, ...event });
    if (!(await findIntegrationById(db, teamId, integrationId))) return;
    emit({ progress: 10, done: false, successMessage: null, error: null });
    await deleteAdsData(db, teamId);
    emit({ progress: 80, done: false, successMessage: null, error: null });
    await deleteSyncRuns(db, teamId);
    await deleteIntegrationRows(db, teamId, integrationId);
    emit({ progress: 100, done: true, successMessage: INTEGRATION_MESSAGES.DELETED, error: null });
  },
});
