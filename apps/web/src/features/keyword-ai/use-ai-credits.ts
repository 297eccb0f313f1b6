// The member's AI credits, kept current by the Keyword AI news of their data-request channel
// (opId 71): a ready list (context 21) or the no-credits notice (context 25) carries the balance.
import {
  DATA_REQUEST_CHANNEL_OP_IDS,
  dataRequestChannel,
  type AiCredits,
  type KeywordAiMessage,
} from '@tapwise/contracts';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useRealtimeSocket } from '../../shared/realtime/realtime-connection';
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
  const socket = useRealtimeSocket();
  const queryClient = useQueryClient();

  useEffect(() => {
    if (!socket || !userId) return undefined;
    const channel = dataRequestChannel(userId);
    const listener = (message: unknown) => {
      if (!isKeywordAiMessage(message)) return;
      queryClient.setQueryData<AiCredits>(keywordAiKeys.credits, message.data.credits);
      if (message.data.listId)
        void queryClient.invalidateQueries({ queryKey: ['keywordAi', 'lists'] });
    };
    // The channel name carries the user id, so it is not one of the named events.
    socket.on(channel as never, listener as never);
    return () => {
      socket.off(channel as never, listener as never);
    };
  }, [socket, userId, queryClient]);

  return useQuery({
    queryKey: keywordAiKeys.credits,
    queryFn: keywordAiApi.credits,
    enabled: userId !== '',
  });
}
