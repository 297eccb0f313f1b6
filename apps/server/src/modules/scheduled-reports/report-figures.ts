// A report's headline figures as text, shared by the e-mail and the chat message: each metric's
// value with its change against the previous period.
import {
  formatMetricValue,
  metricChange,
  metricTraits,
  type GoalMetricKey,
  type MetricKey,
} from '@tapwise/contracts';
import {
  GOAL_HEADLINE_METRICS,
  HEADLINE_METRICS,
  goalHeadlineValue,
  headlineValue,
  type ReportContent,
} from './report-content';
import type { ReportWords } from './report-words';

export interface Figure {
  label: string;
  value: string;
  /** "+12.5%", "-3.0%", or "" when the previous period has nothing to compare with. */
  change: string;
  tone: 'good' | 'bad' | 'neutral';
}

const percent = new Intl.NumberFormat('en-US', {
  style: 'percent',
  minimumFractionDigits: 1,
  maximumFractionDigits: 1,
  signDisplay: 'exceptZero',
});

/** formatMetricValue writes by kind: these metrics stand for money, ratios and counts. */
const KIND_KEY = { money: 'spend', ratio: 'ttr', count: 'taps' } as const;

/** A value as the ads manager's export writes it (money with 2 decimals, ratios as percents). */
export function formatValue(key: MetricKey | GoalMetricKey, value: number | null): string {
  if (value === null) return '–';
  return formatMetricValue(KIND_KEY[metricTraits(key).kind], value);
}

function figure(
  key: MetricKey | GoalMetricKey,
  label: string,
  current: number | null,
  previous: number | null,
): Figure {
  const change = metricChange(key, current, previous);
  return {
    label,
    value: formatValue(key, current),
    change: change.relative === null ? '' : percent.format(change.relative),
    tone: change.tone,
  };
}

export function headlineFigures(content: ReportContent, words: ReportWords): Figure[] {
  const figures = HEADLINE_METRICS.map((key) =>
    figure(
      key,
      key === 'spend' && content.current.currency
        ? `${words.spend} (${content.current.currency})`
        : words[key],
      headlineValue(content.current, key),
      headlineValue(content.previous, key),
    ),
  );
  for (const goal of content.goals)
    for (const key of GOAL_HEADLINE_METRICS)
      figures.push(
        figure(
          key,
          `${goal.name}: ${words[key]}`,
          goalHeadlineValue(goal.current, key),
          goalHeadlineValue(goal.previous, key),
        ),
      );
  return figures;
}
