// The page's state read from and written to the address. Changing what the table asks for (tab,
// scope, sub tab, search, filters, sort, page size) goes back to its first page.
import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router';
import {
  defaultSort,
  hasExplicitViewState,
  readState,
  writeState,
  type AdsManagerState,
  type DrillScope,
  type VisibleTab,
} from './url-state';

export type StatePatch = Partial<Omit<AdsManagerState, 'page'>>;

/** The state patched; a goal picked for one app is dropped when another app comes into view. */
function withinApp(state: AdsManagerState, patch: Partial<AdsManagerState>): AdsManagerState {
  const next = { ...state, ...patch };
  return next.scope.adamId === state.scope.adamId ? next : { ...next, goalId: undefined };
}

export function useAdsManagerState() {
  const [params, setParams] = useSearchParams();
  const state = useMemo(() => readState(params), [params]);

  const update = useCallback(
    (patch: StatePatch) =>
      setParams((current) => writeState(withinApp(readState(current), { ...patch, page: 1 }))),
    [setParams],
  );
  const setPage = useCallback(
    (page: number) => setParams((current) => writeState({ ...readState(current), page })),
    [setParams],
  );
  /** Another tab within the same scope: its own sort, the sub tab and filters start over. */
  const openTab = useCallback(
    (tab: VisibleTab, scope?: DrillScope) =>
      setParams((current) => {
        const previous = readState(current);
        return writeState({
          ...withinApp(previous, { scope: scope ?? previous.scope }),
          ...defaultSort(tab),
          tab,
          statusTab: 'all',
          search: '',
          matchType: undefined,
          metricFilters: [],
          page: 1,
          viewId: undefined,
        });
      }),
    [setParams],
  );

  return { state, explicitView: hasExplicitViewState(params), update, setPage, openTab };
}
