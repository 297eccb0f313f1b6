// A started backtest as it runs: its progress pushed over the socket after each day replayed,
// with the automationRuleBacktest query polled as a fallback while the socket is silent or away,
// and read once more when the socket says it ended, for its result.
import { useQuery } from '@tanstack/react-query';
import { SOCKET_EVENTS, type RuleBacktestProgress, type RuleBacktestRun } from '@tapwise/contracts';
import { useEffect, useState } from 'react';
import { useSocketEvent } from '../../../shared/realtime/use-socket-event';
import { builderApi, builderKeys } from './builder-api';

export const BACKTEST_POLL_INTERVAL_MS = 3_000;

export interface BacktestState {
  done: number;
  total: number;
  /** The backtest once DONE or FAILED, with its result or reason. */
  finished: RuleBacktestRun | null;
  /** The backtest could not be read at all. */
  lost: boolean;
}

export function useRuleBacktest(backtestId: string): BacktestState {
  const [pushed, setPushed] = useState<RuleBacktestProgress | null>(null);
  useSocketEvent(SOCKET_EVENTS.ruleBacktest, (progress) => {
    if (progress.backtestId === backtestId) setPushed(progress);
  });
  const polled = useQuery({
    queryKey: builderKeys.backtest(backtestId),
    queryFn: () => builderApi.backtest(backtestId),
    refetchInterval: (query) =>
      query.state.data?.status === 'RUNNING' ? BACKTEST_POLL_INTERVAL_MS : false,
  });
  const run = polled.data;
  const ended = pushed !== null && pushed.status !== 'RUNNING';
  const { refetch } = polled;
  useEffect(() => {
    if (ended && run?.status === 'RUNNING') void refetch();
  }, [ended, run?.status, refetch]);

  const latest = pushed && (!run || pushed.done > run.done) ? pushed : run;
  return {
    done: latest?.done ?? 0,
    total: latest?.total ?? 0,
    finished: run && run.status !== 'RUNNING' ? run : null,
    lost: polled.isError,
  };
}
