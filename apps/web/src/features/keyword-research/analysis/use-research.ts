// One research question asked through its data request: the answer's rows once the request is
// done, and while it runs the progress its channel reports; the rows are fetched again when the
// channel says it finished.
import {
  dataRequestChannel,
  type DataRequest,
  type DataRequestProgress,
  type DataRequestProgressMessage,
} from '@tapwise/contracts';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useSession } from '../../auth/session/use-session';
import type { DataRequestChannel } from '../../../shared/realtime/realtime-events';
import { useSocketEvent } from '../../../shared/realtime/use-socket-event';
import { dataRequestsApi } from '../data-requests/data-requests-api';
import type { ResearchAnswer } from './analysis-api';

export interface Research<Row> {
  /** Rows of a finished (or failed) request; undefined until one is asked or while it runs. */
  rows: Row[] | undefined;
  request: DataRequest | undefined;
  /** The running request's progress as its channel last reported it. */
  progress: DataRequestProgress | undefined;
  isFetching: boolean;
  /** Why the question was refused (the request, if any, failing later is `request.status`). */
  error: unknown;
  /** Continues a failed request from the rows it kept. */
  retry(): Promise<void>;
}

/** `question` undefined: nothing asked yet. */
export function useResearch<Question, Row>(
  kind: string,
  question: Question | undefined,
  ask: (question: Question) => Promise<ResearchAnswer<Row>>,
): Research<Row> {
  const session = useSession();
  const query = useQuery({
    queryKey: ['keywordAnalysis', kind, question],
    queryFn: () => ask(question!),
    enabled: question !== undefined,
    // Each call may start work on the server: only the request's end asks again.
    staleTime: Infinity,
    retry: false,
    refetchOnWindowFocus: false,
  });
  const request = query.data?.request;
  const [reported, setReported] = useState<{ id: string; progress: DataRequestProgress }>();
  const channel = dataRequestChannel(session?.claims.UserId ?? '') as DataRequestChannel;
  useSocketEvent(channel, (message: DataRequestProgressMessage) => {
    if (!request || message.context !== request.id) return;
    setReported({ id: request.id, progress: message.data });
    if (message.data.completed || message.data.status === 'FAILED') void query.refetch();
  });
  const running = request?.status === 'RUNNING';
  return {
    rows: request && request.status !== 'RUNNING' ? query.data?.rows : undefined,
    request,
    progress: running ? (reported?.id === request.id ? reported.progress : request) : undefined,
    isFetching: query.isFetching,
    error: query.error,
    retry: async () => {
      if (!request) return;
      await dataRequestsApi.retry(request.id);
      await query.refetch();
    },
  };
}
