// The settings of each tab beside the address: its columns and its chart. They come from the
// saved view the address names (the pinned one opens with the tab unless the address chooses
// filters or sort itself) until the user changes them; a view is saved from them and the address.
import {
  ENTITY_LIST_TABS,
  type CustomView,
  type CustomViewInput,
  type EntityListTab,
} from '@tapwise/contracts';
import { useCallback, useEffect, useRef, useState } from 'react';
import type { SeriesSettings } from '../../shared/charts/series-controls';
import { defaultColumnKeys } from './table/columns';
import type { StatePatch } from './use-ads-manager-state';
import { useCustomViews } from './use-views';
import { defaultSort, type AdsManagerState, type VisibleTab } from './url-state';

export interface TabSettings {
  columns: string[];
  chart: SeriesSettings;
}

export function defaultTabSettings(tab: VisibleTab): TabSettings {
  return {
    columns: defaultColumnKeys(tab),
    chart: { metrics: ['spend', 'installs'], granularity: 'DAY' },
  };
}

const settingsOf = (view: CustomView): TabSettings => ({
  columns: view.columns,
  chart: { metrics: view.chartMetrics, granularity: view.granularity },
});

const isListTab = (value: unknown): value is EntityListTab =>
  ENTITY_LIST_TABS.some((tab) => tab === value);

/** What opening a view changes in the address. */
function viewPatch(view: CustomView): StatePatch {
  return {
    viewId: view.id,
    sortBy: view.sortBy,
    sortDesc: view.sortDesc,
    statusTab: isListTab(view.filter?.statusTab) ? view.filter.statusTab : 'all',
    matchType: view.filter?.matchType,
    metricFilters: view.filter?.metrics ?? [],
  };
}

export function useTabSettings(
  state: AdsManagerState,
  explicitView: boolean,
  update: (patch: StatePatch) => void,
) {
  const { tab } = state;
  const views = useCustomViews(tab);
  // The user's own changes per tab, over the view's settings.
  const [changed, setChanged] = useState<Partial<Record<VisibleTab, TabSettings>>>({});
  const openedView = views.list.data?.find((view) => view.id === state.viewId);
  const settings = changed[tab] ?? (openedView ? settingsOf(openedView) : defaultTabSettings(tab));
  const setSettings = useCallback(
    (next: TabSettings) => setChanged((current) => ({ ...current, [tab]: next })),
    [tab],
  );
  const forgetChanges = useCallback(
    () => setChanged(({ [tab]: _dropped, ...others }) => others),
    [tab],
  );

  // The pinned view opens once per tab, the first time its views are known.
  const opened = useRef(new Set<VisibleTab>());
  const pinned = views.list.data?.find((view) => view.pinned);
  const known = views.list.data !== undefined;
  useEffect(() => {
    if (!known || opened.current.has(tab)) return;
    opened.current.add(tab);
    if (pinned && !explicitView) update(viewPatch(pinned));
  }, [known, tab, pinned, explicitView, update]);

  function applyView(view: CustomView) {
    forgetChanges();
    update(viewPatch(view));
  }

  async function resetPinned() {
    const done = await views.resetPinned();
    if (done) {
      forgetChanges();
      update({
        ...defaultSort(tab),
        viewId: undefined,
        statusTab: 'all',
        matchType: undefined,
        metricFilters: [],
      });
    }
    return done;
  }

  const currentView = (name: string): CustomViewInput => ({
    name,
    tab,
    chartMetrics: settings.chart.metrics,
    granularity: settings.chart.granularity,
    columns: settings.columns,
    filter: {
      statusTab: state.statusTab,
      matchType: state.matchType,
      metrics: state.metricFilters,
    },
    sortBy: state.sortBy,
    sortDesc: state.sortDesc,
    pinned: false,
  });

  return {
    settings,
    setSettings,
    views,
    applyView,
    saveCurrent: (name: string) => views.save(currentView(name)),
    resetPinned,
  };
}
