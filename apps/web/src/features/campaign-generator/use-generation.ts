// One generation kept live: its progress messages on the member's data-request channel (opIds 11
// and 12 while keywords are fetched, 21/22/23 while campaigns, ad groups and keywords are made)
// update it at once, and it is read again now and then while it runs in case the socket is away.
import type { GenerationProgressMessage, GenerationStatus } from '@tapwise/contracts';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useDataRequestChannel } from '../../shared/realtime/use-data-request-channel';
import { useSession } from '../auth/session/use-session';
import { generatorApi, generatorKeys, type CampaignGeneration } from './generator-api';
import { RUNNING_STATUSES } from './generation-status';

export const GENERATION_POLL_MS = 5_000;
const GENERATION_OP_IDS = new Set([11, 12, 21, 22, 23]);

export function isGenerationMessage(message: unknown): message is GenerationProgressMessage {
  if (typeof message !== 'object' || message === null) return false;
  const candidate = message as Partial<GenerationProgressMessage>;
  return (
    GENERATION_OP_IDS.has(candidate.opId ?? 0) &&
    typeof candidate.context === 'string' &&
    typeof candidate.data?.status === 'string' &&
    typeof candidate.data.progress === 'object'
  );
}

/** Follows the generation's messages on the channel while mounted. */
function useGenerationMessages(id: string) {
  const userId = useSession()?.claims.UserId ?? '';
  const queryClient = useQueryClient();
  useDataRequestChannel(userId, (message) => {
    if (!isGenerationMessage(message) || message.context !== id) return;
    const key = generatorKeys.generation(id);
    const current = queryClient.getQueryData<CampaignGeneration>(key);
    if (current) {
      queryClient.setQueryData<CampaignGeneration>(key, { ...current, ...message.data });
    }
    // The plan is computed when keywords are fetched; a finished step is read in full.
    if (!RUNNING_STATUSES.has(message.data.status)) {
      void queryClient.invalidateQueries({ queryKey: key });
      void queryClient.invalidateQueries({ queryKey: generatorKeys.generations });
    }
  });
}

const running = (status: GenerationStatus | undefined) =>
  status !== undefined && RUNNING_STATUSES.has(status);

export function useGeneration(id: string) {
  useGenerationMessages(id);
  return useQuery({
    queryKey: generatorKeys.generation(id),
    queryFn: () => generatorApi.generation(id),
    refetchInterval: (query) => (running(query.state.data?.status) ? GENERATION_POLL_MS : false),
  });
}
