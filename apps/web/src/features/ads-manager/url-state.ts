// What the ads manager shows, kept in the address's search params so a view can be shared and a
// reload restores it: tab, period, drill-down scope, goal, sub tab, search, filters, sort and page.
// Anything missing or malformed falls back to the default, so any address opens a working page.
import {
  ADS_MANAGER_TABS,
  ENTITY_LIST_TABS,
  METRIC_FILTER_OPERATORS,
  REPORT_SORT_COLUMNS,
  ROWS_PER_PAGE_OPTIONS,
  dateRangeSchema,
  isNamedPeriod,
  metricFilterSchema,
  MATCH_TYPES,
  type AdsManagerTab,
  type EntityListTab,
  type MatchType,
  type MetricFilter,
  type ReportSortColumn,
  type RowsPerPage,
} from '@tapwise/contracts';
import { DEFAULT_PERIOD, type PeriodChoice } from '../../shared/period/period';

/**
 * The report tabs. Strategies lists strategies, not report rows: the page shows it (first, as
 * the spec orders the tabs) only when the app in view has strategies, with `tab=strategies`.
 */
export const STRATEGIES_TAB = 'strategies' satisfies AdsManagerTab;
export const VISIBLE_TABS = ADS_MANAGER_TABS.filter((tab) => tab !== STRATEGIES_TAB);
export type VisibleTab = Exclude<AdsManagerTab, 'strategies'>;

/** The drill-down: each level narrows the one below (Accounts › App › Campaign › Ad group). */
export interface DrillScope {
  adAccountId?: number;
  adamId?: number;
  campaignId?: number;
  adGroupId?: number;
}

export interface AdsManagerState {
  tab: VisibleTab;
  period: PeriodChoice;
  scope: DrillScope;
  statusTab: EntityListTab;
  search: string;
  matchType?: MatchType;
  metricFilters: MetricFilter[];
  sortBy: ReportSortColumn;
  sortDesc: boolean;
  /** 1-based. */
  page: number;
  pageSize: RowsPerPage;
  /** The saved view opened last: its columns and chart show until the user changes them. */
  viewId?: string;
  /** The goal picked, a goal of the app in view: rows carry its counts. */
  goalId?: string;
}

export const DEFAULT_PAGE_SIZE: RowsPerPage = 50;

/** Negative keywords have no results to sort by, so they sort by text. */
export function defaultSort(tab: VisibleTab): Pick<AdsManagerState, 'sortBy' | 'sortDesc'> {
  return tab === 'negativeKeywords'
    ? { sortBy: 'name', sortDesc: false }
    : { sortBy: 'spend', sortDesc: true };
}

export function defaultState(tab: VisibleTab = 'campaigns'): AdsManagerState {
  return {
    tab,
    period: DEFAULT_PERIOD,
    scope: {},
    statusTab: 'all',
    search: '',
    metricFilters: [],
    ...defaultSort(tab),
    page: 1,
    pageSize: DEFAULT_PAGE_SIZE,
  };
}

const PARAM = {
  tab: 'tab',
  period: 'period',
  from: 'from',
  to: 'to',
  account: 'account',
  app: 'app',
  campaign: 'campaign',
  adGroup: 'adGroup',
  status: 'status',
  search: 'q',
  matchType: 'match',
  filter: 'filter',
  sort: 'sort',
  order: 'order',
  page: 'page',
  size: 'size',
  view: 'view',
  goal: 'goal',
} as const;

/** Params that choose what a view also saves: when any is present the pinned view is not applied. */
const VIEW_PARAMS = [PARAM.view, PARAM.matchType, PARAM.filter, PARAM.sort, PARAM.order];
const UUID = /^[0-9a-f-]{36}$/i;

const SCOPE_PARAMS = [
  [PARAM.account, 'adAccountId'],
  [PARAM.app, 'adamId'],
  [PARAM.campaign, 'campaignId'],
  [PARAM.adGroup, 'adGroupId'],
] as const;

function oneOf<Value extends string>(list: readonly Value[], value: string | null) {
  return list.find((item) => item === value);
}

function positiveInt(value: string | null): number | undefined {
  const number = Number(value);
  return value && Number.isSafeInteger(number) && number > 0 ? number : undefined;
}

/** A metric filter as text: metric~operator~value[~to]. */
function encodeFilter(filter: MetricFilter): string {
  const parts = [filter.metric, filter.operator, String(filter.value)];
  if (filter.to !== undefined) parts.push(String(filter.to));
  return parts.join('~');
}

function decodeFilter(text: string): MetricFilter | null {
  const [metric, operator, value, to] = text.split('~');
  if (!oneOf(METRIC_FILTER_OPERATORS, operator ?? null)) return null;
  const parsed = metricFilterSchema.safeParse({
    metric,
    operator,
    value: value === undefined || value === '' ? NaN : Number(value),
    ...(to !== undefined && to !== '' ? { to: Number(to) } : {}),
  });
  return parsed.success ? parsed.data : null;
}

function readPeriod(params: URLSearchParams): PeriodChoice {
  const id = params.get(PARAM.period);
  if (isNamedPeriod(id)) return { id };
  if (id === 'custom') {
    const range = dateRangeSchema.safeParse({
      start: params.get(PARAM.from),
      end: params.get(PARAM.to),
    });
    if (range.success) return { id: 'custom', range: range.data };
  }
  return DEFAULT_PERIOD;
}

function readPageSize(value: string | null): RowsPerPage {
  return ROWS_PER_PAGE_OPTIONS.find((option) => String(option) === value) ?? DEFAULT_PAGE_SIZE;
}

export function readState(params: URLSearchParams): AdsManagerState {
  const tab = oneOf(VISIBLE_TABS, params.get(PARAM.tab)) ?? 'campaigns';
  const fallback = defaultState(tab);
  const scope: DrillScope = {};
  for (const [param, key] of SCOPE_PARAMS) {
    const id = positiveInt(params.get(param));
    if (id) scope[key] = id;
  }
  const sortBy = oneOf(REPORT_SORT_COLUMNS, params.get(PARAM.sort));
  const order = params.get(PARAM.order);
  return {
    tab,
    period: readPeriod(params),
    scope,
    statusTab: oneOf(ENTITY_LIST_TABS, params.get(PARAM.status)) ?? 'all',
    search: params.get(PARAM.search)?.trim() ?? '',
    matchType: oneOf(MATCH_TYPES, params.get(PARAM.matchType)),
    metricFilters: params
      .getAll(PARAM.filter)
      .map(decodeFilter)
      .filter((filter): filter is MetricFilter => filter !== null),
    sortBy: sortBy ?? fallback.sortBy,
    sortDesc: order === 'asc' ? false : order === 'desc' ? true : fallback.sortDesc,
    page: positiveInt(params.get(PARAM.page)) ?? 1,
    pageSize: readPageSize(params.get(PARAM.size)),
    viewId: UUID.test(params.get(PARAM.view) ?? '') ? params.get(PARAM.view)! : undefined,
    goalId: UUID.test(params.get(PARAM.goal) ?? '') ? params.get(PARAM.goal)! : undefined,
  };
}

/** Only what differs from the default is written, so addresses stay short. */
export function writeState(state: AdsManagerState): URLSearchParams {
  const params = new URLSearchParams();
  const fallback = defaultState(state.tab);
  params.set(PARAM.tab, state.tab);
  if (state.period.id !== DEFAULT_PERIOD.id) params.set(PARAM.period, state.period.id);
  if (state.period.id === 'custom') {
    params.set(PARAM.from, state.period.range.start);
    params.set(PARAM.to, state.period.range.end);
  }
  for (const [param, key] of SCOPE_PARAMS) {
    const id = state.scope[key];
    if (id) params.set(param, String(id));
  }
  if (state.statusTab !== 'all') params.set(PARAM.status, state.statusTab);
  if (state.search) params.set(PARAM.search, state.search);
  if (state.matchType) params.set(PARAM.matchType, state.matchType);
  for (const filter of state.metricFilters) params.append(PARAM.filter, encodeFilter(filter));
  if (state.sortBy !== fallback.sortBy || state.sortDesc !== fallback.sortDesc) {
    params.set(PARAM.sort, state.sortBy);
    params.set(PARAM.order, state.sortDesc ? 'desc' : 'asc');
  }
  if (state.page !== 1) params.set(PARAM.page, String(state.page));
  if (state.pageSize !== DEFAULT_PAGE_SIZE) params.set(PARAM.size, String(state.pageSize));
  if (state.viewId) params.set(PARAM.view, state.viewId);
  if (state.goalId) params.set(PARAM.goal, state.goalId);
  return params;
}

/** Whether the address chooses filters or sort itself, so the tab's pinned view must not. */
export function hasExplicitViewState(params: URLSearchParams): boolean {
  return VIEW_PARAMS.some((param) => params.has(param));
}
