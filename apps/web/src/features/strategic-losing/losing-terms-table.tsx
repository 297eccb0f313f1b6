// The terms an app loses, one row per storefront and term, with the actions on each: raise the
// bid of the keyword that spent most on it, or add the term as an exact keyword to that keyword's
// ad group (the ads manager's own dialog).
import { Badge, Button, Group, ScrollArea, Stack, Table, Text, Tooltip } from '@mantine/core';
import type { StrategicLosingAnswer, StrategicLosingRow } from '@tapwise/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatInteger, formatMicros, formatPercent } from '../../shared/format/format';
import { AddKeywordsModal } from '../ads-manager/actions/add-keywords-modal';
import { ReadOnlyTooltip } from '../ads-manager/actions/read-only-tooltip';
import type { AppKey } from '../overview/use-overview-selection';
import { RaiseBidModal } from './raise-bid-modal';

type Action = { kind: 'raise' | 'add'; row: StrategicLosingRow };

const rowKey = (row: StrategicLosingRow) => `${row.countryOrRegion}:${row.searchTerm}`;

export function LosingTermsTable(props: {
  answer: StrategicLosingAnswer;
  app: AppKey;
  canWrite: boolean;
  onChanged(): void;
}) {
  const { t } = useTranslation();
  const { currency } = props.answer;
  const [action, setAction] = useState<Action | null>(null);
  const money = (micros: number | null) => (micros === null ? '—' : formatMicros(micros, currency));
  const close = () => setAction(null);

  return (
    <>
      <ScrollArea>
        <Table striped highlightOnHover data-testid="losing-terms" miw={1200}>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('strategicLosing.columns.term')}</Table.Th>
              <Table.Th>{t('strategicLosing.columns.storefront')}</Table.Th>
              <Table.Th>{t('strategicLosing.columns.share')}</Table.Th>
              <Table.Th>{t('strategicLosing.columns.rank')}</Table.Th>
              <Table.Th>{t('strategicLosing.columns.popularity')}</Table.Th>
              <Table.Th>{t('strategicLosing.columns.spend')}</Table.Th>
              <Table.Th>{t('strategicLosing.columns.impressions')}</Table.Th>
              <Table.Th>{t('strategicLosing.columns.taps')}</Table.Th>
              <Table.Th>{t('strategicLosing.columns.installs')}</Table.Th>
              <Table.Th>{t('strategicLosing.columns.cpt')}</Table.Th>
              <Table.Th>{t('strategicLosing.columns.cpa')}</Table.Th>
              <Table.Th>{t('strategicLosing.columns.keywords')}</Table.Th>
              <Table.Th>
                <Tooltip label={t('strategicLosing.spendToWinHint')} multiline w={280}>
                  <span>{t('strategicLosing.columns.spendToWin')}</span>
                </Tooltip>
              </Table.Th>
              <Table.Th>{t('strategicLosing.columns.actions')}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {props.answer.rows.map((row) => {
              const keyword = row.keywords[0];
              const exactExists = row.keywords.some(
                (candidate) =>
                  candidate.matchType === 'EXACT' &&
                  candidate.text.toLowerCase() === row.searchTerm,
              );
              return (
                <Table.Tr key={rowKey(row)}>
                  <Table.Td>{row.searchTerm}</Table.Td>
                  <Table.Td>{row.countryOrRegion}</Table.Td>
                  <Table.Td>{formatPercent(row.share)}</Table.Td>
                  <Table.Td>{row.rank}</Table.Td>
                  <Table.Td>{row.searchPopularity}</Table.Td>
                  <Table.Td>{money(row.spendMicros)}</Table.Td>
                  <Table.Td>{formatInteger(row.impressions)}</Table.Td>
                  <Table.Td>{formatInteger(row.taps)}</Table.Td>
                  <Table.Td>{formatInteger(row.installs)}</Table.Td>
                  <Table.Td>{money(row.cptMicros)}</Table.Td>
                  <Table.Td>{money(row.cpaMicros)}</Table.Td>
                  <Table.Td>
                    {row.keywords.length === 0 ? (
                      <Text size="sm" c="dimmed">
                        {t('strategicLosing.noKeyword')}
                      </Text>
                    ) : (
                      <Stack gap={2}>
                        {row.keywords.map((matched) => (
                          <Group key={matched.keywordId} gap={4} wrap="nowrap">
                            <Text size="sm">{matched.text}</Text>
                            <Badge size="xs" variant="light">
                              {matched.matchType}
                            </Badge>
                            <Text size="xs" c="dimmed">
                              {money(matched.bidMicros)}
                            </Text>
                          </Group>
                        ))}
                      </Stack>
                    )}
                  </Table.Td>
                  <Table.Td>
                    {row.spendToWinMicros === null ? (
                      <Tooltip label={t('strategicLosing.noSpendToWin')}>
                        <span>—</span>
                      </Tooltip>
                    ) : (
                      money(row.spendToWinMicros)
                    )}
                  </Table.Td>
                  <Table.Td>
                    <Group gap="xs" wrap="nowrap">
                      <ReadOnlyTooltip canWrite={props.canWrite}>
                        <Button
                          size="compact-xs"
                          variant="light"
                          disabled={!props.canWrite || !keyword}
                          aria-label={t('strategicLosing.raiseBidFor', { term: row.searchTerm })}
                          onClick={() => setAction({ kind: 'raise', row })}
                        >
                          {t('strategicLosing.raiseBid')}
                        </Button>
                      </ReadOnlyTooltip>
                      <ReadOnlyTooltip canWrite={props.canWrite}>
                        <Button
                          size="compact-xs"
                          variant="default"
                          disabled={!props.canWrite || !keyword || exactExists}
                          aria-label={t('strategicLosing.addExactFor', { term: row.searchTerm })}
                          onClick={() => setAction({ kind: 'add', row })}
                        >
                          {t('strategicLosing.addExact')}
                        </Button>
                      </ReadOnlyTooltip>
                    </Group>
                  </Table.Td>
                </Table.Tr>
              );
            })}
          </Table.Tbody>
        </Table>
      </ScrollArea>
      {action?.kind === 'raise' && action.row.keywords[0] && (
        <RaiseBidModal
          adAccountId={props.app.adAccountId}
          keyword={action.row.keywords[0]}
          currency={currency}
          onChanged={props.onChanged}
          onClose={close}
        />
      )}
      {action?.kind === 'add' && action.row.keywords[0] && (
        <AddKeywordsModal
          target={{
            adAccountId: props.app.adAccountId,
            adGroupId: action.row.keywords[0].adGroupId,
          }}
          texts={[action.row.searchTerm]}
          onChanged={() => props.onChanged()}
          onClose={close}
        />
      )}
    </>
  );
}
