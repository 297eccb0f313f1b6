// The member's AI credits, kept current by the Keyword AI news of their data-request channel
// (opId 71): a ready list (context 21) or the no-credits notice (context 25) carries the balance.
import {
  DATA_REQUEST_CHANNEL_OP_IDS,
  type AiCredits,
  type KeywordAiMessage,
} from '@tapwise/contracts';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useDataRequestChannel } from '../../shared/realtime/use-data-request-channel';
import { useSession } from '../auth/session/use-session';
import { keywordAiApi, keywordAiKeys } from './keyword-ai-api';

function isKeywordAiMessage(message: unknown): message is KeywordAiMessage {
  if (typeof message !== 'object' || message === null) return false;
  const { opId, data } = message as Partial<KeywordAiMessage>;
  return (
    opId === DATA_REQUEST_CHANNEL_OP_IDS.keywordAi &&
    typeof data?.credits?.remainingUsage === 'number'
  );
}

export function useAiCredits() {
  const userId = useSession()?.claims.UserId ?? '';
  const queryClient = useQueryClient();
  useDataRequestChannel(userId, (message) => {
    if (!isKeywordAiMessage(message)) return;
    queryClient.setQueryData<AiCredits>(keywordAiKeys.credits, message.data.credits);
    if (message.data.listId)
      void queryClient.invalidateQueries({ queryKey: ['keywordAi', 'lists'] });
  });

  return useQuery({
    queryKey: keywordAiKeys.credits,
    queryFn: keywordAiApi.credits,
    enabled: userId !== '',
  });
}
