// The keywords with their numbers and suggestions: sortable headers, a tick per row and, for a
// ticked row, the bid to apply (the suggestion unless the user types another or takes Apple's).
import {
  Badge,
  Button,
  Checkbox,
  Group,
  Stack,
  Table,
  Text,
  TextInput,
  Tooltip,
  UnstyledButton,
} from '@mantine/core';
import { IconArrowDown, IconArrowUp } from '@tabler/icons-react';
import {
  KEYWORD_OPTIMIZATION_SORT_COLUMNS as COLUMNS,
  moneySchema,
  type KeywordOptimizationSortColumn,
} from '@tapwise/contracts';
import { useTranslation } from 'react-i18next';
import { formatInteger } from '../../shared/format/format';
import type { KeywordOptimizationRow } from './keyword-optimization-api';
import { amountOf, money, NONE, percent, reasonText, rowKey } from './keyword-values';

export type Sort = { column: KeywordOptimizationSortColumn; direction: 'ASC' | 'DESC' };

const STRENGTH_COLOR = { STRONG: 'green', MODERATE: 'yellow', WEAK: 'red' } as const;

function cells(row: KeywordOptimizationRow, t: (key: string) => string) {
  const currency = row.currency;
  return {
    keyword: row.text,
    campaign: row.campaignName,
    adGroup: row.adGroupName,
    matchType: t(`keywordOptimization.matchTypes.${row.matchType}`),
    bid: money(row.bidMicros, currency),
    spend: money(row.spendMicros, currency),
    impressions: formatInteger(row.impressions),
    taps: formatInteger(row.taps),
    installs: formatInteger(row.installs),
    cpt: money(row.cptMicros, currency),
    cpa: money(row.cpaMicros, currency),
    conversionRate: percent(row.conversionRate),
    targetCpa: money(row.targetCpaMicros, currency),
    share: percent(row.share),
    rank: row.rank === null ? NONE : String(row.rank),
    searchPopularity: row.searchPopularity === null ? NONE : String(row.searchPopularity),
    difficultyScore: row.difficultyScore === null ? NONE : String(row.difficultyScore),
    suggestedChange: percent(row.suggestedChange),
  } as Record<string, string>;
}

export function KeywordTable(props: {
  rows: KeywordOptimizationRow[];
  sort: Sort;
  onSort(sort: Sort): void;
  selected: ReadonlyMap<string, string>;
  onToggle(row: KeywordOptimizationRow, on: boolean): void;
  onEdit(row: KeywordOptimizationRow, bid: string): void;
  canWrite: boolean;
}) {
  const { t } = useTranslation();
  const header = (column: KeywordOptimizationSortColumn) => {
    const active = props.sort.column === column;
    const Arrow = props.sort.direction === 'ASC' ? IconArrowUp : IconArrowDown;
    return (
      <Table.Th
        key={column}
        aria-sort={active ? (props.sort.direction === 'ASC' ? 'ascending' : 'descending') : 'none'}
      >
        <UnstyledButton
          onClick={() =>
            props.onSort({
              column,
              direction: active && props.sort.direction === 'DESC' ? 'ASC' : 'DESC',
            })
          }
        >
          <Text size="sm" fw={600} span>
            {t(`keywordOptimization.columns.${column}`)}
          </Text>
          {active && <Arrow size={12} />}
        </UnstyledButton>
      </Table.Th>
    );
  };
  return (
    <Table.ScrollContainer minWidth={1800}>
      <Table striped highlightOnHover data-testid="keyword-table">
        <Table.Thead>
          <Table.Tr>
            {props.canWrite && <Table.Th />}
            {COLUMNS.slice(0, 18).map(header)}
            <Table.Th>{t('keywordOptimization.columns.appleSuggestion')}</Table.Th>
            {COLUMNS.slice(18).map(header)}
            <Table.Th>{t('keywordOptimization.columns.suggestedRange')}</Table.Th>
            <Table.Th>{t('keywordOptimization.columns.reasons')}</Table.Th>
            {props.canWrite && <Table.Th>{t('keywordOptimization.columns.newBid')}</Table.Th>}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {props.rows.map((row) => {
            const key = rowKey(row);
            const values = cells(row, t);
            const edited = props.selected.get(key);
            const invalid = edited !== undefined && !moneySchema.safeParse(edited).success;
            return (
              <Table.Tr key={key} data-testid="keyword-row">
                {props.canWrite && (
                  <Table.Td>
                    <Checkbox
                      aria-label={t('keywordOptimization.select', { keyword: row.text })}
                      checked={edited !== undefined}
                      disabled={row.bidMicros === null}
                      onChange={(event) => props.onToggle(row, event.currentTarget.checked)}
                    />
                  </Table.Td>
                )}
                {COLUMNS.slice(0, 16).map((column) => (
                  <Table.Td key={column} data-testid={`cell-${column}`}>
                    {column === 'targetCpa' && row.targetCpaSource === 'AD_GROUP_CPA' ? (
                      <Tooltip label={t('keywordOptimization.targetFromAdGroup')}>
                        <span>{values[column]}*</span>
                      </Tooltip>
                    ) : (
                      values[column]
                    )}
                  </Table.Td>
                ))}
                <Table.Td data-testid="cell-bidStrength">
                  {row.bidStrength ? (
                    <Badge color={STRENGTH_COLOR[row.bidStrength]} variant="light">
                      {t(`keywordOptimization.strengths.${row.bidStrength}`)}
                    </Badge>
                  ) : (
                    NONE
                  )}
                </Table.Td>
                <Table.Td data-testid="cell-difficultyScore">{values.difficultyScore}</Table.Td>
                <Table.Td data-testid="cell-appleSuggestion">
                  {row.appleSuggestedBidMicros === null ? (
                    <Tooltip label={t('keywordOptimization.appleSuggestionMissing')}>
                      <Text size="sm" c="dimmed" span>
                        {NONE}
                      </Text>
                    </Tooltip>
                  ) : (
                    <Group gap={4} wrap="nowrap">
                      {money(row.appleSuggestedBidMicros, row.currency)}
                      {props.canWrite && row.bidMicros !== null && (
                        <Button
                          size="compact-xs"
                          variant="subtle"
                          aria-label={t('keywordOptimization.useAppleSuggestionFor', {
                            keyword: row.text,
                          })}
                          onClick={() => props.onEdit(row, amountOf(row.appleSuggestedBidMicros!))}
                        >
                          {t('keywordOptimization.useAppleSuggestion')}
                        </Button>
                      )}
                    </Group>
                  )}
                </Table.Td>
                <Table.Td data-testid="cell-suggestedBid">
                  {money(row.suggestedBidMicros, row.currency)}
                  {row.action && (
                    <Text size="xs" c="dimmed">
                      {t(`keywordOptimization.actions.${row.action}`)}
                    </Text>
                  )}
                </Table.Td>
                <Table.Td>{values.suggestedChange}</Table.Td>
                <Table.Td>
                  {money(row.suggestedMinMicros, row.currency)} –{' '}
                  {money(row.suggestedMaxMicros, row.currency)}
                </Table.Td>
                <Table.Td data-testid="cell-reasons">
                  <Stack gap={0}>
                    {row.reasons.map((reason) => (
                      <Text key={reason.code} size="xs">
                        {reasonText(t, reason)}
                      </Text>
                    ))}
                  </Stack>
                </Table.Td>
                {props.canWrite && (
                  <Table.Td>
                    {edited !== undefined && (
                      <TextInput
                        size="xs"
                        w={90}
                        aria-label={t('keywordOptimization.newBidOf', { keyword: row.text })}
                        value={edited}
                        error={invalid ? t('validation.moneyInvalid') : undefined}
                        onChange={(event) => props.onEdit(row, event.currentTarget.value)}
                      />
                    )}
                  </Table.Td>
                )}
              </Table.Tr>
            );
          })}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
