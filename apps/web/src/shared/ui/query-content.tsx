// The three states every list fetched from the server has besides its rows: loading (a
// skeleton), failed, and empty (the empty state).
import { Skeleton, Text } from '@mantine/core';
import { IconInbox } from '@tabler/icons-react';
import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { EmptyPageState } from './page-frame';

export function QueryContent<Row>(props: {
  query: UseQueryResult<Row[]>;
  emptyText: string;
  children(rows: Row[]): ReactNode;
}) {
  const { t } = useTranslation();
  const { query } = props;
  if (query.isPending) return <Skeleton height={160} aria-label={t('common.loading')} />;
  if (query.isError) {
    return (
      <Text c="red" role="alert">
        {t('errors.loadFailed')}
      </Text>
    );
  }
  if (query.data.length === 0) {
    return (
      <EmptyPageState
        icon={<IconInbox size={28} />}
        title={t('empty.nothingYet.title')}
        description={props.emptyText}
      />
    );
  }
  return props.children(query.data);
}
