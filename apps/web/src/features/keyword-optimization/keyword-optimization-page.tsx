// The keyword (bid) optimisation page (docs/keyword-optimization.md): an app's live keywords with
// their numbers over the lookback and a suggested bid with its reasons; the user ticks rows (or
// every row with a suggestion), edits a bid if they like, previews, confirms; recent applies can
// be reverted. Writing needs keywordOptimization.write.
import {
  Button,
  Group,
  Pagination,
  SegmentedControl,
  Select,
  Skeleton,
  Stack,
  Switch,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { IconKey } from '@tabler/icons-react';
import {
  BID_STRENGTHS,
  DEFAULT_KEYWORD_OPTIMIZATION_LOOKBACK,
  KEYWORD_OPTIMIZATION_LOOKBACKS,
  MATCH_TYPES,
  moneySchema,
  type BidChange,
  type BidStrength,
  type KeywordOptimizationQueryInput,
  type MatchType,
} from '@tapwise/contracts';
import { keepPreviousData, useMutation, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { EmptyPageState, PageFrame } from '../../shared/ui/page-frame';
import { PanelFailure } from '../../shared/ui/panel';
import { notifyError } from '../../shared/ui/notify';
import { hasPermission } from '../auth/session/session-access';
import { useSession } from '../auth/session/use-session';
import { AppSelector } from '../overview/app-selector';
import { overviewApi, overviewKeys } from '../overview/overview-api';
import { BidChangeDialog } from './bid-change-dialog';
import {
  keywordOptimizationApi,
  keywordOptimizationKeys,
  type KeywordOptimizationRow,
} from './keyword-optimization-api';
import { KeywordTable, type Sort } from './keyword-table';
import { amountOf, rowKey } from './keyword-values';
import { RecentApplies } from './recent-applies';
import { ScopeFilters } from './scope-filters';

const PAGE_SIZE = 50;

interface Filters {
  lookbackDays: number;
  campaignIds: number[];
  adGroupIds: number[];
  matchType: MatchType | null;
  bidStrength: BidStrength | null;
  hasSuggestion: boolean;
  search: string;
  storefront: string;
}

const NO_FILTERS: Filters = {
  lookbackDays: DEFAULT_KEYWORD_OPTIMIZATION_LOOKBACK,
  campaignIds: [],
  adGroupIds: [],
  matchType: null,
  bidStrength: null,
  hasSuggestion: false,
  search: '',
  storefront: '',
};

/** The bid a ticked row starts with: its suggestion, else its bid. */
const startingBid = (row: KeywordOptimizationRow) =>
  amountOf(row.suggestedBidMicros ?? row.bidMicros ?? 0);

export default function KeywordOptimizationPage() {
  const { t } = useTranslation();
  const canWrite = hasPermission(useSession(), 'keywordOptimization.write');
  const apps = useQuery({ queryKey: overviewKeys.ownApps, queryFn: overviewApi.ownApps });
  const [adamId, setAdamId] = useState<number | null>(null);
  const [filters, setFilters] = useState<Filters>(NO_FILTERS);
  const [sort, setSort] = useState<Sort>({ column: 'spend', direction: 'DESC' });
  const [page, setPage] = useState(1);
  /** Ticked rows → the bid to apply, as typed. */
  const [selected, setSelected] = useState<Map<string, string>>(new Map());
  const [previewing, setPreviewing] = useState<BidChange[] | null>(null);
  const app = apps.data?.find((each) => each.adamId === adamId) ?? apps.data?.[0] ?? null;

  const storefront = filters.storefront.trim().toUpperCase();
  const query: KeywordOptimizationQueryInput | null = app && {
    adamId: app.adamId,
    lookbackDays: filters.lookbackDays,
    campaignIds: filters.campaignIds,
    adGroupIds: filters.adGroupIds,
    matchType: filters.matchType,
    bidStrength: filters.bidStrength,
    hasSuggestion: filters.hasSuggestion,
    search: filters.search.trim() || null,
    storefront: /^[A-Z]{2}$/.test(storefront) ? storefront : null,
    sort,
    offset: (page - 1) * PAGE_SIZE,
    limit: PAGE_SIZE,
  };
  const keywords = useQuery({
    queryKey: keywordOptimizationKeys.page(query ?? { adamId: 0 }),
    queryFn: () => keywordOptimizationApi.page(query!),
    enabled: query !== null,
    placeholderData: keepPreviousData,
  });
  const selectSuggested = useMutation({
    mutationFn: () => keywordOptimizationApi.suggestions({ ...query!, offset: 0 }),
    onSuccess: (rows) => setSelected(new Map(rows.map((row) => [rowKey(row), startingBid(row)]))),
    onError: () => notifyError(t('keywordOptimization.loadFailed')),
  });

  const change = (next: Partial<Filters>) => {
    setFilters((current) => ({ ...current, ...next }));
    setPage(1);
  };
  const toggle = (row: KeywordOptimizationRow, on: boolean) =>
    setSelected((current) => {
      const next = new Map(current);
      if (on) next.set(rowKey(row), startingBid(row));
      else next.delete(rowKey(row));
      return next;
    });
  const edit = (row: KeywordOptimizationRow, bid: string) =>
    setSelected((current) => new Map(current).set(rowKey(row), bid));
  const allValid = [...selected.values()].every((bid) => moneySchema.safeParse(bid).success);
  const preview = () =>
    setPreviewing(
      [...selected].map(([key, bid]) => {
        const [adAccountId, keywordId] = key.split(':').map(Number);
        return { adAccountId: adAccountId!, keywordId: keywordId!, bid };
      }),
    );

  if (apps.isError) return <PanelFailure onRetry={() => void apps.refetch()} />;
  return (
    <PageFrame title={t('keywordOptimization.title')}>
      {apps.isPending && <Skeleton h={36} w={320} />}
      {apps.data?.length === 0 && (
        <EmptyPageState
          icon={<IconKey size={28} />}
          title={t('keywordOptimization.noApps')}
          description={t('keywordOptimization.noAppsHint')}
        />
      )}
      {app && (
        <Stack>
          <AppSelector
            apps={apps.data!}
            app={app}
            onChange={(next) => {
              setAdamId(next.adamId);
              setSelected(new Map());
              change({ campaignIds: [], adGroupIds: [] });
            }}
          />
          <Group align="flex-end" gap="sm">
            <Stack gap={2}>
              <Text size="sm" fw={500}>
                {t('keywordOptimization.lookback')}
              </Text>
              <SegmentedControl
                aria-label={t('keywordOptimization.lookback')}
                value={String(filters.lookbackDays)}
                data={KEYWORD_OPTIMIZATION_LOOKBACKS.map((days) => ({
                  value: String(days),
                  label: t('keywordOptimization.days', { count: days }),
                }))}
                onChange={(value) => change({ lookbackDays: Number(value) })}
              />
            </Stack>
            <ScopeFilters
              adAccountId={app.adAccountId}
              adamId={app.adamId}
              campaignIds={filters.campaignIds}
              adGroupIds={filters.adGroupIds}
              onChange={change}
            />
            <TextInput
              label={t('keywordOptimization.search')}
              value={filters.search}
              onChange={(event) => change({ search: event.currentTarget.value })}
            />
            <TextInput
              label={t('keywordOptimization.storefront')}
              placeholder="US"
              w={110}
              value={filters.storefront}
              error={
                storefront && !/^[A-Z]{2}$/.test(storefront)
                  ? t('keywordOptimization.storefrontInvalid')
                  : undefined
              }
              onChange={(event) => change({ storefront: event.currentTarget.value })}
            />
            <Select
              label={t('keywordOptimization.matchType')}
              clearable
              w={150}
              value={filters.matchType}
              data={MATCH_TYPES.map((type) => ({
                value: type,
                label: t(`keywordOptimization.matchTypes.${type}`),
              }))}
              onChange={(value) => change({ matchType: value as MatchType | null })}
            />
            <Select
              label={t('keywordOptimization.bidStrength')}
              clearable
              w={150}
              value={filters.bidStrength}
              data={BID_STRENGTHS.map((strength) => ({
                value: strength,
                label: t(`keywordOptimization.strengths.${strength}`),
              }))}
              onChange={(value) => change({ bidStrength: value as BidStrength | null })}
            />
            <Switch
              label={t('keywordOptimization.hasSuggestion')}
              checked={filters.hasSuggestion}
              onChange={(event) => change({ hasSuggestion: event.currentTarget.checked })}
              mb={8}
            />
          </Group>
          {canWrite && (
            <Group gap="sm">
              <Button
                variant="light"
                loading={selectSuggested.isPending}
                disabled={!keywords.data?.withSuggestion}
                onClick={() => selectSuggested.mutate()}
              >
                {t('keywordOptimization.selectSuggested', {
                  count: keywords.data?.withSuggestion ?? 0,
                })}
              </Button>
              <Button
                variant="subtle"
                disabled={selected.size === 0}
                onClick={() => setSelected(new Map())}
              >
                {t('keywordOptimization.clearSelection')}
              </Button>
              <Button disabled={selected.size === 0 || !allValid} onClick={preview}>
                {t('keywordOptimization.previewChanges', { count: selected.size })}
              </Button>
            </Group>
          )}
          {keywords.isError && <PanelFailure onRetry={() => void keywords.refetch()} />}
          {keywords.isPending && <Skeleton h={240} />}
          {keywords.data && keywords.data.total === 0 && (
            <EmptyPageState
              icon={<IconKey size={28} />}
              title={t('keywordOptimization.empty')}
              description={t('keywordOptimization.emptyHint')}
            />
          )}
          {keywords.data && keywords.data.total > 0 && (
            <>
              <Text size="sm" c="dimmed" data-testid="keyword-summary">
                {t('keywordOptimization.summary', {
                  count: keywords.data.total,
                  from: keywords.data.from,
                  to: keywords.data.to,
                })}
              </Text>
              <KeywordTable
                rows={keywords.data.rows}
                sort={sort}
                onSort={(next) => {
                  setSort(next);
                  setPage(1);
                }}
                selected={selected}
                onToggle={toggle}
                onEdit={edit}
                canWrite={canWrite}
              />
              <Pagination
                total={Math.ceil(keywords.data.total / PAGE_SIZE)}
                value={page}
                onChange={setPage}
              />
            </>
          )}
          <Title order={2} size="h4">
            {t('keywordOptimization.recentApplies')}
          </Title>
          <RecentApplies canWrite={canWrite} />
        </Stack>
      )}
      {previewing && (
        <BidChangeDialog
          changes={previewing}
          onClose={(applied) => {
            setPreviewing(null);
            if (applied) setSelected(new Map());
          }}
        />
      )}
    </PageFrame>
  );
}
