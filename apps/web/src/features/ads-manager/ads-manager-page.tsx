// The ads manager (spec 1 §2, §4): one tab per level in the spec's order, drill-down with
// breadcrumbs, a chart and a table over a period, sub tabs by status, filters, search, saved
// views, and the actions on selected rows. What it shows lives in the address.
import '@mantine/dates/styles.css';
import { Group, Skeleton, Stack, Tabs, TextInput } from '@mantine/core';
import { useDebouncedCallback } from '@mantine/hooks';
import { IconSearch } from '@tabler/icons-react';
import {
  LEVELS_WITH_STATUS,
  METRICS,
  type DateRange,
  type MetricKey,
  type ReportSeriesPoint,
} from '@tapwise/contracts';
import { useQuery } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import type { SeriesSettings } from '../../shared/charts/series-controls';
import { SeriesChartPanel } from '../../shared/charts/series-panel';
import { resolveChoice } from '../../shared/period/period';
import { OverviewDates, PeriodPicker } from '../../shared/period/period-picker';
import { PeriodSummary } from '../../shared/period/period-summary';
import { useNow } from '../../shared/time/use-now';
import { PanelFailure } from '../../shared/ui/panel';
import { PageFrame } from '../../shared/ui/page-frame';
import { CreateCampaignMenu } from '../campaign-creation/create-campaign-menu';
import { GoalPicker } from '../goals/goal-picker';
import { StrategiesTab, useAppStrategies } from '../strategies/strategies-tab';
import { WriteAccessProvider } from './actions';
import { adsManagerApi, adsManagerKeys } from './ads-manager-api';
import { DrillBreadcrumbs } from './breadcrumbs';
import { ColumnChooser } from './column-chooser';
import { ExportMenu } from './export-menu';
import { FiltersMenu } from './filters-menu';
import { ReportArea } from './report-area';
import { useAdsManagerState } from './use-ads-manager-state';
import type { ReportQueryBase } from './use-report';
import { useScopeNames } from './use-scope-names';
import { useTabSettings } from './use-tab-settings';
import {
  STRATEGIES_TAB,
  VISIBLE_TABS,
  readState,
  writeState,
  type AdsManagerState,
  type DrillScope,
} from './url-state';
import { ViewsMenu } from './views-menu';

const MINUTE_MS = 60_000;
const SEARCH_DELAY_MS = 300;

function scopeFilter(scope: DrillScope) {
  const list = (id: number | undefined) => (id ? [id] : undefined);
  return {
    adAccountIds: list(scope.adAccountId),
    adamIds: list(scope.adamId),
    campaignIds: list(scope.campaignId),
    adGroupIds: list(scope.adGroupId),
  };
}

function reportQueryOf(state: AdsManagerState, period: DateRange): ReportQueryBase {
  return {
    period,
    filter: {
      ...scopeFilter(state.scope),
      statusTab: LEVELS_WITH_STATUS.includes(state.tab) ? state.statusTab : 'all',
      matchType: state.matchType,
      metrics: state.metricFilters,
    },
    search: state.search,
    sortBy: state.sortBy,
    sortDesc: state.sortDesc,
  };
}

export default function AdsManagerPage() {
  const { t } = useTranslation();
  const page = useAdsManagerState();
  const { apps, names } = useScopeNames(page.state.scope);
  const [params, setParams] = useSearchParams();
  const strategies = useAppStrategies(page.state.scope.adamId ?? null);
  const hasStrategies = (strategies.data?.length ?? 0) > 0;
  const onStrategies = hasStrategies && params.get('tab') === STRATEGIES_TAB;
  return (
    <WriteAccessProvider>
      <OverviewDates>
        <PageFrame title={t('pages.adsManager.title')} actions={<CreateCampaignMenu />}>
          <Tabs
            value={onStrategies ? STRATEGIES_TAB : page.state.tab}
            onChange={(value) => {
              if (value === STRATEGIES_TAB) {
                setParams((current) => {
                  const next = new URLSearchParams(current);
                  next.set('tab', STRATEGIES_TAB);
                  return next;
                });
                return;
              }
              const tab = VISIBLE_TABS.find((entry) => entry === value);
              if (tab) page.openTab(tab);
            }}
          >
            <Tabs.List aria-label={t('adsManager.tabs.label')} data-testid="level-tabs">
              {hasStrategies && (
                <Tabs.Tab value={STRATEGIES_TAB} data-testid="tab-strategies">
                  {t('adsManager.tabs.strategies')}
                </Tabs.Tab>
              )}
              {VISIBLE_TABS.map((tab) => (
                <Tabs.Tab key={tab} value={tab} data-testid={`tab-${tab}`}>
                  {t(`adsManager.tabs.${tab}`)}
                </Tabs.Tab>
              ))}
            </Tabs.List>
          </Tabs>
          {apps.isPending ? (
            <Skeleton height={320} aria-label={t('common.loading')} />
          ) : apps.isError ? (
            <PanelFailure onRetry={() => void apps.refetch()} />
          ) : onStrategies ? (
            <StrategiesContent page={page} />
          ) : (
            <AdsManagerContent page={page} names={names} />
          )}
        </PageFrame>
      </OverviewDates>
    </WriteAccessProvider>
  );
}

/** The Strategies tab over the page's period, for the app in view. */
function StrategiesContent(props: { page: ReturnType<typeof useAdsManagerState> }) {
  const { state } = props.page;
  const [, setParams] = useSearchParams();
  const now = new Date(useNow(MINUTE_MS));
  const resolved = resolveChoice(state.period, now);
  // The report state's own writer would name a report tab: the period changes, the tab stays.
  const setPeriod = (period: AdsManagerState['period']) =>
    setParams((current) => {
      const next = writeState({ ...readState(current), period, page: 1 });
      next.set('tab', STRATEGIES_TAB);
      return next;
    });
  return (
    <Stack gap="md">
      <PeriodPicker
        period={state.period}
        range={resolved.currdate}
        now={now}
        onChange={setPeriod}
      />
      <StrategiesTab adamId={state.scope.adamId ?? null} period={resolved.currdate} />
    </Stack>
  );
}

function AdsManagerContent(props: {
  page: ReturnType<typeof useAdsManagerState>;
  names: ReturnType<typeof useScopeNames>['names'];
}) {
  const { t } = useTranslation();
  const { state, update, openTab, explicitView } = props.page;
  const level = state.tab;
  // Counted from the UTC day, like every page; a page left open turns with it within a minute.
  const now = new Date(useNow(MINUTE_MS));
  const resolved = resolveChoice(state.period, now);
  const { start, end } = resolved.currdate;
  // A goal belongs to an app: the address drops it when another app comes into view.
  const appId = state.scope.adamId ?? null;
  const { goalId } = state;
  const [total, setTotal] = useState<number>();
  const base = useMemo(
    () => ({ ...reportQueryOf(state, { start, end }), ...(goalId ? { goalId } : {}) }),
    [state, start, end, goalId],
  );
  const tabSettings = useTabSettings(state, explicitView, update);
  const { settings } = tabSettings;
  const withMetrics = level !== 'negativeKeywords';
  const series = useQuery({
    queryKey: adsManagerKeys.series(level, base, settings.chart.granularity),
    queryFn: () => adsManagerApi.series(level, base, settings.chart.granularity),
    enabled: withMetrics,
  });

  const chartMoney = useChartMoney(series.data, settings.chart, props.names.currency);

  return (
    <Stack gap="md">
      <DrillBreadcrumbs scope={state.scope} names={props.names} onOpen={openTab} />
      <Group justify="space-between" align="flex-end" gap="sm" wrap="wrap">
        <Group align="flex-end" gap="sm" wrap="wrap">
          <PeriodPicker
            period={state.period}
            range={base.period}
            now={now}
            onChange={(period) => update({ period })}
          />
          <SearchBox key={level} value={state.search} onSearch={(search) => update({ search })} />
          <FiltersMenu
            filters={state.metricFilters}
            matchType={state.matchType}
            withMetrics={withMetrics}
            withMatchType={level === 'keywords' || level === 'negativeKeywords'}
            onApply={(metricFilters, matchType) => update({ metricFilters, matchType })}
          />
          {withMetrics && (
            <GoalPicker
              appId={appId}
              value={goalId ?? null}
              onChange={(next) => update({ goalId: next ?? undefined })}
            />
          )}
        </Group>
        <Group gap="xs">
          <ExportMenu level={level} base={base} columns={settings.columns} total={total} />
          <ColumnChooser
            tab={level}
            withGoal={goalId !== undefined}
            columns={settings.columns}
            onChange={(columns) => tabSettings.setSettings({ ...settings, columns })}
          />
          <ViewsMenu
            views={tabSettings.views.list.data}
            onApply={tabSettings.applyView}
            onSaveCurrent={tabSettings.saveCurrent}
            onSave={tabSettings.views.save}
            onDelete={(view) => tabSettings.views.remove(view.id)}
            onResetPinned={tabSettings.resetPinned}
          />
        </Group>
      </Group>
      <PeriodSummary period={state.period} resolved={resolved} testId="ads-manager-period" />
      {withMetrics && (
        <SeriesChartPanel
          title={t('adsManager.chart.title')}
          testId="ads-manager-chart"
          query={series}
          currency={chartMoney.currency}
          note={chartMoney.note}
          settings={chartMoney.settings}
          onSettingsChange={(chart) => tabSettings.setSettings({ ...settings, chart })}
        />
      )}
      <ReportArea page={props.page} base={base} columns={settings.columns} onTotal={setTotal} />
    </Stack>
  );
}

/**
 * The chart's money: in the rows' currency, or converted into the reporting currency (said
 * above the chart); without a rate for some day, no money is drawn at all.
 */
function useChartMoney(
  points: readonly ReportSeriesPoint[] | undefined,
  chart: SeriesSettings,
  scopeCurrency: string,
) {
  const { t } = useTranslation();
  const first = points?.[0];
  if (!first || (first.currency !== null && !first.converted))
    return { currency: first?.currency ?? scopeCurrency, note: undefined, settings: chart };
  if (first.currency === null) {
    const metrics = chart.metrics.filter((metric) => METRICS[metric].kind !== 'money');
    return {
      currency: scopeCurrency,
      note: t('adsManager.chart.notConverted'),
      settings: { ...chart, metrics: metrics.length ? metrics : (['taps'] as MetricKey[]) },
    };
  }
  return {
    currency: first.currency,
    note: t('adsManager.chart.converted', { currency: first.currency }),
    settings: chart,
  };
}

function SearchBox(props: { value: string; onSearch(search: string): void }) {
  const { t } = useTranslation();
  const [text, setText] = useState(props.value);
  const search = useDebouncedCallback(
    (value: string) => props.onSearch(value.trim()),
    SEARCH_DELAY_MS,
  );
  return (
    <TextInput
      aria-label={t('adsManager.search')}
      placeholder={t('adsManager.search')}
      data-testid="report-search"
      leftSection={<IconSearch size={14} aria-hidden />}
      w={240}
      value={text}
      onChange={(event) => {
        setText(event.currentTarget.value);
        search(event.currentTarget.value);
      }}
    />
  );
}
