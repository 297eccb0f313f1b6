// A panel with a series chart over a period: its metric and bucket choices, any extra controls
// (saved presets or views), and the chart, which loads on demand.
import { Group, Skeleton, Text } from '@mantine/core';
import type { SeriesPoint } from '@tapwise/contracts';
import type { UseQueryResult } from '@tanstack/react-query';
import { Suspense, lazy, type ReactNode } from 'react';
import { OverviewPanel } from '../ui/panel';
import { SeriesControls, type SeriesSettings } from './series-controls';

const SeriesChart = lazy(() => import('./series-chart'));

const CHART_HEIGHT = 280;

export function SeriesChartPanel(props: {
  title: string;
  testId: string;
  query: UseQueryResult<SeriesPoint[]>;
  currency: string;
  settings: SeriesSettings;
  onSettingsChange(settings: SeriesSettings): void;
  extraControls?: ReactNode;
  /** Said above the chart: how its money was reached (converted at daily rates). */
  note?: string | undefined;
}) {
  const { settings } = props;
  return (
    <OverviewPanel
      title={props.title}
      query={props.query}
      controls={
        <Group gap="sm" wrap="wrap">
          <SeriesControls settings={settings} onSettingsChange={props.onSettingsChange} />
          {props.extraControls}
        </Group>
      }
      skeletonHeight={CHART_HEIGHT}
      testId={props.testId}
    >
      {(points) => (
        <Suspense fallback={<Skeleton height={CHART_HEIGHT} />}>
          {props.note && (
            <Text size="xs" c="dimmed" data-testid={`${props.testId}-note`}>
              {props.note}
            </Text>
          )}
          <SeriesChart
            points={points}
            metrics={settings.metrics}
            granularity={settings.granularity}
            currency={props.currency}
            height={CHART_HEIGHT}
          />
        </Suspense>
      )}
    </OverviewPanel>
  );
}
