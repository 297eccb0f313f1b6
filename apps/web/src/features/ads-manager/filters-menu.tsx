// The filter panel: metric conditions (greater than, less than, equals, between; money in the
// reporting currency, rows of another compared converted; ratios in percent) and, for keywords, the match type. Applied together.
import {
  ActionIcon,
  Badge,
  Button,
  Group,
  NumberInput,
  Popover,
  Select,
  Stack,
  Text,
} from '@mantine/core';
import { IconFilter, IconPlus, IconTrash } from '@tabler/icons-react';
import {
  MATCH_TYPES,
  METRICS,
  METRIC_FILTER_OPERATORS,
  METRIC_KEYS,
  metricFilterSchema,
  type MatchType,
  type MetricFilter,
  type MetricFilterOperator,
  type MetricKey,
} from '@tapwise/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useReportingCurrency } from '../currency/use-currency-info';

interface DraftFilter {
  metric: MetricKey;
  operator: MetricFilterOperator;
  value: number | string;
  to: number | string;
}

/** Ratios are typed in percent (5 for 5 %); the query carries fractions. */
const PERCENT = 100;
const isRatio = (metric: MetricKey) => METRICS[metric].kind === 'ratio';
const toInput = (metric: MetricKey, value: number) => (isRatio(metric) ? value * PERCENT : value);
const fromInput = (metric: MetricKey, value: number) => (isRatio(metric) ? value / PERCENT : value);

function draftOf(filter: MetricFilter): DraftFilter {
  return {
    metric: filter.metric,
    operator: filter.operator,
    value: toInput(filter.metric, filter.value),
    to: filter.to === undefined ? '' : toInput(filter.metric, filter.to),
  };
}

/** The drafts that make complete conditions; incomplete ones are left out. */
export function filtersOf(drafts: readonly DraftFilter[]): MetricFilter[] {
  return drafts.flatMap((draft) => {
    const parsed = metricFilterSchema.safeParse({
      metric: draft.metric,
      operator: draft.operator,
      value: draft.value === '' ? NaN : fromInput(draft.metric, Number(draft.value)),
      ...(draft.operator === 'BETWEEN' && draft.to !== ''
        ? { to: fromInput(draft.metric, Number(draft.to)) }
        : {}),
    });
    return parsed.success ? [parsed.data] : [];
  });
}

export function FiltersMenu(props: {
  filters: readonly MetricFilter[];
  matchType: MatchType | undefined;
  withMetrics: boolean;
  withMatchType: boolean;
  onApply(filters: MetricFilter[], matchType: MatchType | undefined): void;
}) {
  const { t } = useTranslation();
  const reportingCurrency = useReportingCurrency();
  const [opened, setOpened] = useState(false);
  const [drafts, setDrafts] = useState<DraftFilter[]>([]);
  const [matchType, setMatchType] = useState<MatchType | undefined>();
  const active = props.filters.length + (props.matchType ? 1 : 0);

  function open() {
    setDrafts(props.filters.map(draftOf));
    setMatchType(props.matchType);
    setOpened(true);
  }
  const change = (index: number, patch: Partial<DraftFilter>) =>
    setDrafts(drafts.map((draft, at) => (at === index ? { ...draft, ...patch } : draft)));

  return (
    <Popover opened={opened} onChange={setOpened} position="bottom-start" width={560} withinPortal>
      <Popover.Target>
        <Button
          variant="default"
          size="xs"
          leftSection={<IconFilter size={14} />}
          rightSection={active > 0 ? <Badge size="xs">{active}</Badge> : undefined}
          onClick={() => (opened ? setOpened(false) : open())}
          data-testid="filters-button"
        >
          {t('adsManager.filters.title')}
        </Button>
      </Popover.Target>
      <Popover.Dropdown>
        <Stack gap="sm">
          {props.withMatchType && (
            <Select
              label={t('adsManager.filters.matchType')}
              size="xs"
              clearable
              placeholder={t('adsManager.filters.anyMatchType')}
              data={MATCH_TYPES.map((type) => ({
                value: type,
                label: t(`adsManager.matchTypes.${type}`),
              }))}
              value={matchType ?? null}
              onChange={(value) => setMatchType(MATCH_TYPES.find((type) => type === value))}
            />
          )}
          {props.withMetrics &&
            drafts.map((draft, index) => (
              <Group key={index} gap="xs" align="flex-end" wrap="nowrap">
                <Select
                  aria-label={t('adsManager.filters.metric')}
                  size="xs"
                  w={150}
                  allowDeselect={false}
                  data={METRIC_KEYS.map((metric) => ({
                    value: metric,
                    label: t(`overview.metrics.${metric}`),
                  }))}
                  value={draft.metric}
                  onChange={(value) => value && change(index, { metric: value as MetricKey })}
                />
                <Select
                  aria-label={t('adsManager.filters.operator')}
                  size="xs"
                  w={130}
                  allowDeselect={false}
                  data={METRIC_FILTER_OPERATORS.map((operator) => ({
                    value: operator,
                    label: t(`adsManager.filters.operators.${operator}`),
                  }))}
                  value={draft.operator}
                  onChange={(value) =>
                    value && change(index, { operator: value as MetricFilterOperator })
                  }
                />
                <NumberInput
                  aria-label={t('adsManager.filters.value')}
                  size="xs"
                  w={100}
                  value={draft.value}
                  suffix={isRatio(draft.metric) ? '%' : undefined}
                  onChange={(value) => change(index, { value })}
                />
                {draft.operator === 'BETWEEN' && (
                  <NumberInput
                    aria-label={t('adsManager.filters.to')}
                    size="xs"
                    w={100}
                    value={draft.to}
                    suffix={isRatio(draft.metric) ? '%' : undefined}
                    onChange={(value) => change(index, { to: value })}
                  />
                )}
                <ActionIcon
                  variant="subtle"
                  color="red"
                  aria-label={t('adsManager.filters.remove')}
                  onClick={() => setDrafts(drafts.filter((_, at) => at !== index))}
                >
                  <IconTrash size={14} />
                </ActionIcon>
              </Group>
            ))}
          {props.withMetrics && (
            <Group justify="space-between">
              <Button
                variant="subtle"
                size="xs"
                leftSection={<IconPlus size={14} />}
                onClick={() =>
                  setDrafts([
                    ...drafts,
                    { metric: 'spend', operator: 'GREATER_THAN', value: '', to: '' },
                  ])
                }
              >
                {t('adsManager.filters.add')}
              </Button>
              <Text size="xs" c="dimmed">
                {t('adsManager.filters.moneyHint', { currency: reportingCurrency })}
              </Text>
            </Group>
          )}
          <Group justify="flex-end" gap="xs">
            <Button
              variant="default"
              size="xs"
              onClick={() => {
                props.onApply([], undefined);
                setOpened(false);
              }}
            >
              {t('adsManager.filters.clear')}
            </Button>
            <Button
              size="xs"
              onClick={() => {
                props.onApply(filtersOf(drafts), matchType);
                setOpened(false);
              }}
            >
              {t('adsManager.filters.apply')}
            </Button>
          </Group>
        </Stack>
      </Popover.Dropdown>
    </Popover>
  );
}
