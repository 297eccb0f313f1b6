// API under load: autocannon, in a process of its own, sends the overview's totals query (the
// first request of the overview page) over GraphQL with a signed-in admin's session, from many
// connections at once for a fixed time. Requests per second, p99 latency and errors (failed
// connections, timeouts and answers other than 2xx).
import { METRIC_COUNT_FIELDS } from '../../packages/contracts/src/index.js';
import { apiClient, type Session } from '../../apps/server/src/platform/testing/api-client.js';
import { autocannon } from '../support/autocannon.js';
import type { BenchDataset } from '../support/bench-dataset.js';
import type { Figure } from '../support/figures.js';

export interface LoadOptions {
  connections: number;
  seconds: number;
}

const TOTALS_QUERY = `query($i: OverviewInput!) { getOverviewAloneForApp(input: $i) {
  currency current { ${METRIC_COUNT_FIELDS.join(' ')} } previous { ${METRIC_COUNT_FIELDS.join(' ')} } } }`;

export async function measureApiLoad(
  dataset: BenchDataset,
  serverUrl: string,
  session: Session,
  { connections, seconds }: LoadOptions,
): Promise<Figure[]> {
  const { adAccountId, adamId, currdate, prevdate } = dataset.scope;
  const variables = { i: { adAccountId, adamId, currdate, prevdate } };
  // One request by hand first: a GraphQL error answers 200, which autocannon would count as done.
  const answer = await apiClient(serverUrl).graphql(TOTALS_QUERY, variables, session);
  if (answer.status !== 200 || answer.errors)
    throw new Error(`the overview query failed: ${JSON.stringify(answer)}`);

  const result = await autocannon([
    '--connections',
    String(connections),
    '--duration',
    String(seconds),
    '--method',
    'POST',
    '--headers',
    'content-type=application/json',
    '--headers',
    `authorization=Bearer ${session.token}`,
    '--headers',
    `x-session-id=${session.sessId}`,
    '--headers',
    `x-user-id=${session.userId}`,
    '--body',
    JSON.stringify({ query: TOTALS_QUERY, variables }),
    `${serverUrl}/graphql`,
  ]);
  const group = 'API under load';
  const detail = `overview totals over GraphQL, ${connections} connections, ${seconds} s, ${result.requests.total.toLocaleString('en-US')} requests`;
  return [
    { group, name: 'requests per second', value: result.requests.average, unit: 'req/s', detail },
    {
      group,
      name: 'p99 latency',
      value: result.latency.p99,
      unit: 'ms',
      target: { is: '<', value: 1_000, source: 'budget' },
      detail,
    },
    {
      group,
      name: 'errors',
      value: result.errors + result.timeouts + result.non2xx,
      unit: 'count',
      target: { is: '=', value: 0, source: 'budget' },
      detail: 'failed connections, timeouts, non-2xx answers',
    },
  ];
}
