// The tracked keywords of one app and storefront: latest rank, change, popularity, total apps and
// when they were last checked. A row opens its history; removing asks first.
import { ActionIcon, Table, Text, Tooltip } from '@mantine/core';
import { IconTrash } from '@tabler/icons-react';
import type { TrackedKeywordRow } from '@tapwise/contracts';
import { useTranslation } from 'react-i18next';
import { formatDateTime, formatInteger } from '../../shared/format/format';
import { RankChange, rankText } from './rank-change';

export function TrackedKeywordsTable(props: {
  rows: TrackedKeywordRow[];
  selectedId: string | null;
  canWrite: boolean;
  onSelect(row: TrackedKeywordRow): void;
  onRemove(row: TrackedKeywordRow): void;
}) {
  const { t } = useTranslation();
  const optional = (value: number | null) => (value === null ? '–' : formatInteger(value));
  return (
    <Table.ScrollContainer minWidth={640}>
      <Table highlightOnHover data-testid="tracked-keywords">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t('organicRanking.columns.term')}</Table.Th>
            <Table.Th>{t('organicRanking.columns.rank')}</Table.Th>
            <Table.Th>{t('organicRanking.columns.change')}</Table.Th>
            <Table.Th>{t('organicRanking.columns.popularity')}</Table.Th>
            <Table.Th>{t('organicRanking.columns.totalApps')}</Table.Th>
            <Table.Th>{t('organicRanking.columns.lastChecked')}</Table.Th>
            <Table.Th aria-label={t('organicRanking.columns.actions')} />
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {props.rows.map((row) => (
            <Table.Tr
              key={row.id}
              aria-selected={row.id === props.selectedId}
              bg={row.id === props.selectedId ? 'var(--mantine-color-blue-light)' : undefined}
              style={{ cursor: 'pointer' }}
              onClick={() => props.onSelect(row)}
            >
              <Table.Td>
                <Text size="sm" fw={500}>
                  {row.term}
                </Text>
              </Table.Td>
              <Table.Td>{rankText(row.organicRank, t)}</Table.Td>
              <Table.Td>
                <RankChange change={row.change} />
              </Table.Td>
              <Table.Td>{optional(row.popularity)}</Table.Td>
              <Table.Td>{optional(row.totalApps)}</Table.Td>
              <Table.Td>{row.lastCheckedAt ? formatDateTime(row.lastCheckedAt) : '–'}</Table.Td>
              <Table.Td>
                <Tooltip
                  label={props.canWrite ? t('organicRanking.remove') : t('organicRanking.readOnly')}
                >
                  <ActionIcon
                    variant="subtle"
                    color="red"
                    aria-label={t('organicRanking.removeTerm', { term: row.term })}
                    disabled={!props.canWrite}
                    onClick={(event) => {
                      event.stopPropagation();
                      props.onRemove(row);
                    }}
                  >
                    <IconTrash size={16} />
                  </ActionIcon>
                </Tooltip>
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
