// A table's rows: one page of the report, or with "All" every matching row loaded progressively
// in pages of REPORT_MAX_PAGE_SIZE, one after the other. Parsing one 20,000-row answer at once
// would block the page; pages of a few hundred rows parse in a few milliseconds each.
import {
  REPORT_MAX_PAGE_SIZE,
  ROWS_PER_PAGE_ALL,
  type ReportLevel,
  type ReportQuery,
  type RowsPerPage,
} from '@tapwise/contracts';
import { useInfiniteQuery } from '@tanstack/react-query';
import { useEffect, useMemo } from 'react';
import { adsManagerApi, adsManagerKeys } from './ads-manager-api';

/** The report's question without its paging. */
export type ReportQueryBase = Omit<ReportQuery, 'offset' | 'limit'>;

export function useReport(
  level: ReportLevel,
  base: ReportQueryBase,
  page: number,
  pageSize: RowsPerPage,
) {
  const all = pageSize === ROWS_PER_PAGE_ALL;
  const limit = all ? REPORT_MAX_PAGE_SIZE : pageSize;
  const firstOffset = all ? 0 : (page - 1) * pageSize;
  const query = useInfiniteQuery({
    queryKey: adsManagerKeys.report(level, {
      ...base,
      offset: firstOffset,
      limit: all ? null : pageSize,
    }),
    queryFn: ({ pageParam }) => adsManagerApi.report(level, { ...base, offset: pageParam, limit }),
    initialPageParam: firstOffset,
    getNextPageParam: (last, _pages, lastOffset) =>
      all && lastOffset + limit < last.total ? lastOffset + limit : undefined,
    // The last answer stays while a new sort, page or filter of the same level loads; another
    // level's rows never show under this level's headers.
    placeholderData: (previous, previousQuery) =>
      previousQuery?.queryKey[2] === level ? previous : undefined,
  });
  const { hasNextPage, isFetchingNextPage, isError, fetchNextPage } = query;
  const loadedPages = query.data?.pages.length ?? 0;

  // "All" keeps asking for the next page until every row is in. The count of pages is a
  // dependency too: a quick answer can go from fetching to done between two renders.
  useEffect(() => {
    if (hasNextPage && !isFetchingNextPage && !isError) void fetchNextPage();
  }, [hasNextPage, isFetchingNextPage, isError, fetchNextPage, loadedPages]);

  const rows = useMemo(() => query.data?.pages.flatMap((part) => part.rows) ?? [], [query.data]);
  const first = query.data?.pages[0];
  return {
    query,
    rows,
    total: first?.total ?? 0,
    totals: first?.totals,
    statusCounts: first?.statusCounts,
    /** While "All" is still loading: the share of rows already in, 0 to 1. */
    progress: hasNextPage && first ? Math.min(1, rows.length / Math.max(1, first.total)) : null,
  };
}
