// A striped table of rows fetched from the server, with the loading, failed and empty states of
// QueryContent. Wide tables give a minWidth and scroll sideways on narrow screens.
import { Table } from '@mantine/core';
import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { QueryContent } from './query-content';

export interface QueryTableProps<Row> {
  query: UseQueryResult<Row[]>;
  emptyText: string;
  /** The column headers, in order. */
  columns: readonly ReactNode[];
  /** A table row (`Table.Tr` with its key) for one fetched row. */
  renderRow(row: Row): ReactNode;
  minWidth?: number;
  highlightOnHover?: boolean;
}

export function QueryTable<Row>({
  query,
  emptyText,
  columns,
  renderRow,
  minWidth,
  highlightOnHover,
}: QueryTableProps<Row>) {
  return (
    <QueryContent query={query} emptyText={emptyText}>
      {(rows) => {
        const table = (
          <Table striped highlightOnHover={highlightOnHover}>
            <Table.Thead>
              <Table.Tr>
                {columns.map((column, index) => (
                  <Table.Th key={index}>{column}</Table.Th>
                ))}
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>{rows.map(renderRow)}</Table.Tbody>
          </Table>
        );
        if (minWidth === undefined) return table;
        return <Table.ScrollContainer minWidth={minWidth}>{table}</Table.ScrollContainer>;
      }}
    </QueryContent>
  );
}
