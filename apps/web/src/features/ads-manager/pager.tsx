// Paging under the table: rows per page (All included), the page, and how many rows match.
import { Group, Pagination, Progress, Select, Text } from '@mantine/core';
import { ROWS_PER_PAGE_ALL, ROWS_PER_PAGE_OPTIONS, type RowsPerPage } from '@tapwise/contracts';
import { useTranslation } from 'react-i18next';
import { formatInteger } from '../../shared/format/format';

export function Pager(props: {
  page: number;
  pageSize: RowsPerPage;
  total: number;
  onPage(page: number): void;
  onPageSize(size: RowsPerPage): void;
}) {
  const { t } = useTranslation();
  const pages =
    props.pageSize === ROWS_PER_PAGE_ALL ? 1 : Math.max(1, Math.ceil(props.total / props.pageSize));
  return (
    <Group justify="space-between" gap="sm" wrap="wrap">
      <Group gap="sm">
        <Select
          label={t('adsManager.pager.rowsPerPage')}
          data-testid="page-size"
          size="xs"
          w={110}
          allowDeselect={false}
          data={ROWS_PER_PAGE_OPTIONS.map((option) => ({
            value: String(option),
            label: option === ROWS_PER_PAGE_ALL ? t('adsManager.pager.all') : String(option),
          }))}
          value={String(props.pageSize)}
          onChange={(value) => {
            const size = ROWS_PER_PAGE_OPTIONS.find((option) => String(option) === value);
            if (size !== undefined) props.onPageSize(size);
          }}
        />
        <Text size="sm" c="dimmed" data-testid="row-total">
          {t('adsManager.pager.total', { total: formatInteger(props.total) })}
        </Text>
      </Group>
      {pages > 1 && (
        <Pagination
          total={pages}
          value={Math.min(props.page, pages)}
          onChange={props.onPage}
          size="sm"
          getControlProps={(control) => ({
            'aria-label': t(`adsManager.pager.${control}`),
          })}
          getItemProps={(page) => ({ 'aria-label': t('adsManager.pager.page', { page }) })}
          data-testid="pagination"
        />
      )}
    </Group>
  );
}

/** Shown while "All" is still loading its pages. */
export function LoadingProgress({ share }: { share: number }) {
  const { t } = useTranslation();
  const percent = Math.round(share * 100);
  return (
    <Progress
      value={percent}
      size="sm"
      animated
      aria-label={t('adsManager.table.loadingAll', { percent })}
      data-testid="load-progress"
    />
  );
}
