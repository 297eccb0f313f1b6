// Which kind a data request is (from its opId) and where its results open (spec 1 §2: the
// keyword analysis page with q = the current time and the tab of its kind).
import {
  DATA_REQUEST_KINDS,
  DATA_REQUEST_OP_IDS,
  DATA_REQUEST_TABS,
  type DataRequest,
  type DataRequestKind,
} from '@tapwise/contracts';

export function dataRequestKind(opId: number): DataRequestKind | undefined {
  return DATA_REQUEST_KINDS.find((kind) => DATA_REQUEST_OP_IDS[kind] === opId);
}

/** Query names of /keyword-auction-insights that open a data request's results. */
export const DATA_REQUEST_LINK_PARAMS = { now: 'q', tab: 'tab', request: 'request' } as const;

export function dataRequestLink(request: Pick<DataRequest, 'id' | 'opId'>, now: number): string {
  const kind = dataRequestKind(request.opId) ?? 'keywordsForApp';
  const params = new URLSearchParams({
    [DATA_REQUEST_LINK_PARAMS.now]: String(now),
    [DATA_REQUEST_LINK_PARAMS.tab]: String(DATA_REQUEST_TABS[kind]),
    [DATA_REQUEST_LINK_PARAMS.request]: request.id,
  });
  return `/keyword-auction-insights?${params.toString()}`;
}
