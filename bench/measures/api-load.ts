// API under load: autocannon, in a process of its own, sends the overview's totals query (the
// first request of the overview page) over GraphQL with a signed-in admin's session, from many
// connections at once for a fixed time, spread evenly over the servers given (as a balancer in
// front of several `serve` processes spreads them). Requests per second, p99 latency and errors
// (failed connections, timeouts and answers other than 2xx). On PostgreSQL the servers are two
// `serve` processes started for the measure (issue 28's setting); PGlite allows one process per
// data directory, so there the bench's own in-process server takes the load.
import { METRIC_COUNT_FIELDS } from '../../packages/contracts/src/index.js';
import { apiClient, type Session } from '../../apps/server/src/platform/testing/api-client.js';
import { autocannon } from '../support/autocannon.js';
import type { BenchDataset } from '../support/bench-dataset.js';
import type { Figure } from '../support/figures.js';
import { startServeProcesses } from '../support/serve-processes.js';

export interface LoadOptions {
  connections: number;
  seconds: number;
}

/** Issue 28's targets hold for this many `serve` processes on PostgreSQL. */
const SERVE_PROCESSES = 2;
/** Warm-up answers per connection: a count, not a time, so none is still queued when timing starts. */
const WARM_UP_PER_CONNECTION = 4;

const TOTALS_QUERY = `query($i: OverviewInput!) { getOverviewAloneForApp(input: $i) {
  currency current { ${METRIC_COUNT_FIELDS.join(' ')} } previous { ${METRIC_COUNT_FIELDS.join(' ')} } } }`;

export async function measureApiLoad(
  dataset: BenchDataset,
  inProcessUrl: string,
  member: { email: string; password: string },
  options: LoadOptions,
): Promise<Figure[]> {
  const signIn = (url: string) => apiClient(url).signIn(member.email, member.password);
  if (!dataset.databaseUrl)
    return loadFigures(dataset, [inProcessUrl], await signIn(inProcessUrl), options);
  const serves = await startServeProcesses(dataset.databaseUrl, SERVE_PROCESSES);
  try {
    return await loadFigures(dataset, serves.urls, await signIn(serves.urls[0]!), options);
  } finally {
    await serves.stop();
  }
}

async function loadFigures(
  dataset: BenchDataset,
  urls: string[],
  session: Session,
  { connections, seconds }: LoadOptions,
): Promise<Figure[]> {
  const { adAccountId, adamId, currdate, prevdate } = dataset.scope;
  const variables = { i: { adAccountId, adamId, currdate, prevdate } };
  // One request by hand first to each: a GraphQL error answers 200, which autocannon would count
  // as done.
  for (const url of urls) {
    const answer = await apiClient(url).graphql(TOTALS_QUERY, variables, session);
    if (answer.status !== 200 || answer.errors)
      throw new Error(`the overview query failed on ${url}: ${JSON.stringify(answer)}`);
  }
  const onServeProcesses = urls.length === SERVE_PROCESSES;

  const load = (length: ['--duration' | '--amount', number]) =>
    autocannon([
      '--connections',
      String(connections),
      length[0],
      String(length[1]),
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
      ...urls.map((url) => `${url}/graphql`),
    ]);
  // Fresh serve processes compile the hot path while the first requests wait: not measured.
  if (onServeProcesses) await load(['--amount', connections * WARM_UP_PER_CONNECTION]);
  const result = await load(['--duration', seconds]);
  const group = 'API under load';
  const servers = onServeProcesses ? `${urls.length} serve processes` : 'one server in process';
  const detail = `overview totals over GraphQL, ${servers}, ${connections} connections, ${seconds} s, ${result.requests.total.toLocaleString('en-US')} requests`;
  return [
    {
      group,
      name: 'requests per second',
      value: result.requests.average,
      unit: 'req/s',
      ...(onServeProcesses ? { target: { is: '>=', value: 600, source: 'issue 28' } } : {}),
      detail,
    },
    {
      group,
      name: 'p99 latency',
      value: result.latency.p99,
      unit: 'ms',
      target: onServeProcesses
        ? { is: '<', value: 250, source: 'issue 28' }
        : { is: '<', value: 1_000, source: 'budget' },
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
