// A billing list section (invoices, transactions): its title, then the rows fetched from the
// provider as a table, or a skeleton while loading, a retry panel when failed, and a line with an
// icon when there are none.
import { Group, Skeleton, Stack, Table, Text, Title } from '@mantine/core';
import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { PanelFailure } from '../../shared/ui/panel';

export interface BillingTableColumn {
  label: ReactNode;
  align?: 'right';
}

export function BillingTableSection<Row>(props: {
  /** The id of the section's title, which labels the section. */
  id: string;
  title: ReactNode;
  loadingLabel: string;
  emptyIcon: ReactNode;
  emptyText: ReactNode;
  query: UseQueryResult<Row[]>;
  minWidth: number;
  columns: readonly BillingTableColumn[];
  /** A table row (`Table.Tr` with its key) for one fetched row. */
  renderRow(row: Row): ReactNode;
}) {
  const { query } = props;
  return (
    <Stack gap="sm" component="section" aria-labelledby={props.id}>
      <Title order={2} size="h4" id={props.id}>
        {props.title}
      </Title>
      {query.isPending ? (
        <Skeleton height={120} aria-label={props.loadingLabel} />
      ) : query.isError ? (
        <PanelFailure onRetry={() => void query.refetch()} />
      ) : query.data.length === 0 ? (
        <Group gap="xs" c="dimmed">
          {props.emptyIcon}
          <Text size="sm">{props.emptyText}</Text>
        </Group>
      ) : (
        <Table.ScrollContainer minWidth={props.minWidth}>
          <Table>
            <Table.Thead>
              <Table.Tr>
                {props.columns.map((column, index) => (
                  <Table.Th key={index} ta={column.align}>
                    {column.label}
                  </Table.Th>
                ))}
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>{query.data.map(props.renderRow)}</Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
    </Stack>
  );
}
