// The overview (spec 1 §1, §9): one app's Apple Ads results over a period compared with the
// period before — totals, a time series, the top 10 keywords and ad groups, and breakdowns by
// gender, device, age and country — with presets and CSV or e-mailed export.
import '@mantine/dates/styles.css';
import { Alert, Button, Group, Skeleton, Stack } from '@mantine/core';
import { IconApps, IconChartBar, IconInfoCircle, IconPlugConnected } from '@tabler/icons-react';
import {
  METRIC_COUNT_FIELDS,
  isNamedPeriod,
  overviewPresetInput,
  type MetricCounts,
  type MetricKey,
  type OverviewTotals,
  type ResolvedPeriod,
} from '@tapwise/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { EmptyPageState, PageFrame } from '../../shared/ui/page-frame';
import { GoalCards } from '../goals/goal-cards';
import { GoalPicker } from '../goals/goal-picker';
import { useIntegrationInfo } from '../integrations/use-integration-info';
import { AppSelector } from './app-selector';
import { BreakdownsSection } from './breakdowns-section';
import { ExportActions } from './export-actions';
import type { OwnApp, OverviewScope } from './overview-api';
import { PanelFailure, OverviewPanel } from '../../shared/ui/panel';
import { OverviewDates, PeriodPicker } from '../../shared/period/period-picker';
import { type PeriodChoice } from '../../shared/period/period';
import { PeriodSummary } from '../../shared/period/period-summary';
import { PresetMenu } from '../../shared/ui/preset-menu';
import { SeriesPanel, type SeriesSettings } from './series-panel';
import { TopEntitiesPanel } from './top-entities-panel';
import { TotalsCards } from './totals-cards';
import {
  DEFAULT_TOP_SORT,
  withoutGoalSorts,
  overviewReport,
  useOverviewPanels,
  type OverviewPanels,
  type TopSort,
} from './use-overview-panels';
import { useOverviewSelection, type AppKey } from './use-overview-selection';
import { useOverviewPresets } from './use-presets';

const isEmpty = (counts: MetricCounts) => METRIC_COUNT_FIELDS.every((field) => counts[field] === 0);

function useDateLabel() {
  const { i18n } = useTranslation();
  const format = new Intl.DateTimeFormat(i18n.resolvedLanguage ?? 'en', {
    dateStyle: 'medium',
    timeZone: 'UTC',
  });
  return (iso: string) => format.format(new Date(`${iso}T00:00:00Z`));
}

/**
 * The day from which history is kept per day, when the period or its comparison starts before it:
 * older days are kept per week or month and counted whole, and the page says so.
 */
function coarseHistoryFrom(totals: OverviewTotals): string | null {
  const earliest =
    totals.prevdate.start < totals.currdate.start ? totals.prevdate : totals.currdate;
  return earliest.start < totals.dailyFrom ? totals.dailyFrom : null;
}

export default function OverviewPage() {
  const { t } = useTranslation();
  const integration = useIntegrationInfo();
  const selection = useOverviewSelection();
  const info = integration.data;
  const notSynced =
    info !== undefined && !info.demoMode && !(info.APPLE_SEARCH_ADS && info.firstSyncDone);

  return (
    <OverviewDates>
      <PageFrame title={t('pages.overview.title')}>
        {notSynced ? (
          <EmptyPageState
            icon={<IconPlugConnected size={28} />}
            title={t('empty.needsIntegration.title')}
            description={t('pages.overview.empty')}
            action={
              <Button component={Link} to="/integrations">
                {t('empty.needsIntegration.action')}
              </Button>
            }
          />
        ) : selection.apps.isPending ? (
          <Skeleton height={64} aria-label={t('common.loading')} />
        ) : selection.apps.isError ? (
          <PanelFailure onRetry={() => void selection.apps.refetch()} />
        ) : !selection.app || !selection.scope ? (
          <EmptyPageState
            icon={<IconApps size={28} />}
            title={t('overview.noApps.title')}
            description={t('overview.noApps.description')}
          />
        ) : (
          <OverviewContent
            apps={selection.apps.data}
            app={selection.app}
            scope={selection.scope}
            resolved={selection.resolved}
            now={selection.now}
            period={selection.period}
            onPeriodChange={selection.setPeriod}
            onAppChange={selection.selectApp}
          />
        )}
      </PageFrame>
    </OverviewDates>
  );
}

interface OverviewContentProps {
  apps: OwnApp[];
  app: OwnApp;
  scope: OverviewScope;
  resolved: ResolvedPeriod;
  now: Date;
  period: PeriodChoice;
  onPeriodChange(period: PeriodChoice): void;
  onAppChange(app: AppKey): void;
}

function OverviewContent(props: OverviewContentProps) {
  const { t } = useTranslation();
  const { app, scope } = props;
  const [series, setSeries] = useState<SeriesSettings>({
    metrics: ['spend', 'installs'],
    granularity: 'DAY',
  });
  const [topSort, setTopSort] = useState<Record<'keywords' | 'adGroups', TopSort>>({
    keywords: DEFAULT_TOP_SORT,
    adGroups: DEFAULT_TOP_SORT,
  });
  const [breakdownMetric, setBreakdownMetric] = useState<MetricKey>('spend');
  // A goal belongs to its app: it is dropped when another app is picked.
  const [picked, setPicked] = useState<{ adamId: number; goalId: string } | null>(null);
  const goalId = picked && picked.adamId === app.adamId ? picked.goalId : null;
  // A goal metric ranks the top lists only while its goal is picked.
  const sorts = goalId ? topSort : withoutGoalSorts(topSort);
  const panels = useOverviewPanels(scope, {
    granularity: series.granularity,
    topSort: sorts,
    goalId,
  });
  const report = overviewReport(app, series.granularity, panels);
  const currency = panels.totals.data?.currency ?? app.currency;

  return (
    <Stack gap="md">
      <Group justify="space-between" align="flex-end" gap="sm" wrap="wrap">
        <Group align="flex-end" gap="sm" wrap="wrap">
          <AppSelector apps={props.apps} app={app} onChange={props.onAppChange} />
          <PeriodPicker
            period={props.period}
            range={scope.currdate}
            now={props.now}
            onChange={props.onPeriodChange}
          />
          <OverviewPresets
            app={app}
            period={props.period}
            onApply={(period, preset) => {
              props.onPeriodChange(period);
              if (preset) props.onAppChange(preset);
            }}
          />
          <GoalPicker
            appId={app.adamId}
            value={goalId}
            onChange={(next) => setPicked(next ? { adamId: app.adamId, goalId: next } : null)}
          />
        </Group>
        <ExportActions
          report={report}
          filter={{
            adAccountId: scope.adAccountId,
            adamId: scope.adamId,
            currdate: scope.currdate,
            prevdate: scope.prevdate,
            ...(scope.until ? { until: scope.until } : {}),
          }}
        />
      </Group>
      <PeriodSummary
        period={props.period}
        resolved={props.resolved}
        comparison={{ comparedUntil: panels.totals.data?.comparedUntil }}
        testId="overview-comparison"
      />
      <OverviewPanel
        title={t('overview.totals')}
        query={panels.totals}
        skeletonHeight={190}
        testId="overview-totals"
      >
        {(totals) => <TotalsBody totals={totals} />}
      </OverviewPanel>
      {goalId && (
        <GoalCards
          totals={panels.totals.data}
          query={{
            adAccountId: scope.adAccountId,
            adamId: scope.adamId,
            currdate: scope.currdate,
            prevdate: scope.prevdate,
            ...(scope.until ? { until: scope.until } : {}),
            goalId,
            granularity: series.granularity,
          }}
        />
      )}
      {panels.totals.data && isEmpty(panels.totals.data.current) ? (
        <EmptyPageState
          icon={<IconChartBar size={28} />}
          title={t('overview.noData.title')}
          description={t('overview.noData.description', { app: app.name })}
        />
      ) : (
        <OverviewDetails
          app={app}
          running={scope.until !== null}
          panels={panels}
          currency={currency}
          series={series}
          onSeriesChange={setSeries}
          topSort={sorts}
          onTopSortChange={setTopSort}
          withGoal={goalId !== null}
          breakdownMetric={breakdownMetric}
          onBreakdownMetricChange={setBreakdownMetric}
        />
      )}
    </Stack>
  );
}

function TotalsBody({ totals }: { totals: OverviewTotals }) {
  const { t } = useTranslation();
  const dateLabel = useDateLabel();
  const dailyFrom = coarseHistoryFrom(totals);
  return (
    <Stack gap="sm">
      {dailyFrom && (
        <Alert
          color="blue"
          variant="light"
          icon={<IconInfoCircle size={18} />}
          data-testid="daily-from-note"
        >
          {t('overview.dailyFromNote', { date: dateLabel(dailyFrom) })}
        </Alert>
      )}
      <TotalsCards totals={totals} />
    </Stack>
  );
}

function OverviewDetails(props: {
  app: OwnApp;
  /** The period is still running: splits, reported per day only, cannot be compared like with like. */
  running: boolean;
  panels: OverviewPanels;
  currency: string;
  series: SeriesSettings;
  onSeriesChange(settings: SeriesSettings): void;
  topSort: Record<'keywords' | 'adGroups', TopSort>;
  onTopSortChange(sort: Record<'keywords' | 'adGroups', TopSort>): void;
  withGoal: boolean;
  breakdownMetric: MetricKey;
  onBreakdownMetricChange(metric: MetricKey): void;
}) {
  const { panels, currency, topSort } = props;
  return (
    <>
      <SeriesPanel
        query={panels.series}
        currency={currency}
        settings={props.series}
        onSettingsChange={props.onSeriesChange}
      />
      {(['keywords', 'adGroups'] as const).map((kind) => (
        <TopEntitiesPanel
          key={kind}
          kind={kind}
          app={props.app}
          query={kind === 'keywords' ? panels.topKeywords : panels.topAdGroups}
          currency={currency}
          sort={topSort[kind]}
          onSortChange={(sort) => props.onTopSortChange({ ...topSort, [kind]: sort })}
          withGoal={props.withGoal}
        />
      ))}
      <BreakdownsSection
        queries={panels.breakdowns}
        withChange={!props.running}
        currency={currency}
        metric={props.breakdownMetric}
        onMetricChange={props.onBreakdownMetricChange}
      />
    </>
  );
}

/** Saved period-and-app choices; a custom range is not saved, it would go stale. */
function OverviewPresets(props: {
  app: OwnApp;
  period: PeriodChoice;
  onApply(period: PeriodChoice, app: AppKey | null): void;
}) {
  const { t } = useTranslation();
  const presets = useOverviewPresets();
  return (
    <PresetMenu
      label={t('overview.presets.overview')}
      testId="overview-presets"
      presets={presets.list.data}
      nameSchema={overviewPresetInput.pick({ name: true })}
      saveBlockedReason={
        props.period.id === 'custom' ? t('overview.presets.customNotSaved') : undefined
      }
      onApply={(preset) => {
        const period: PeriodChoice = isNamedPeriod(preset.period)
          ? { id: preset.period }
          : props.period;
        const app =
          preset.adAccountId && preset.adamId
            ? { adAccountId: preset.adAccountId, adamId: preset.adamId }
            : null;
        props.onApply(period, app);
      }}
      onSave={(name) =>
        presets.save({
          name,
          period: props.period.id,
          adAccountId: props.app.adAccountId,
          adamId: props.app.adamId,
        })
      }
      onDelete={(preset) => presets.remove(preset.id)}
    />
  );
}
