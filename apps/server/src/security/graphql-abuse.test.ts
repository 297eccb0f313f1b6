// Probes in the spirit of graphql-cop: what an attacker tries against a GraphQL endpoint before
// anything else. Each must be refused without reaching a resolver.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildGraphQLSchema } from '../modules/graphql-schema';
import { QUERY_WORK_LIMIT } from '../platform/graphql/query-work';
import { GRAPHQL_LIMITS } from '../platform/http/graphql-route';
import { startTestServer, type TestServer } from '../platform/testing/test-server';
import { namedTypeName } from './schema-operations';

let server: TestServer;
let production: TestServer;

beforeAll(async () => {
  [server, production] = await Promise.all([
    startTestServer(),
    startTestServer({
      NODE_ENV: 'production',
      AUTH_SECRET: 'p'.repeat(40),
      ENCRYPTION_KEY: 'e'.repeat(64),
    }),
  ]);
});
afterAll(async () => {
  await Promise.all([server?.close(), production?.close()]);
});

interface Answer {
  status: number;
  body: { data?: unknown; errors?: { message: string }[] };
}

async function post(body: unknown, target = server): Promise<Answer> {
  const response = await fetch(`${target.url}/graphql`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  return { status: response.status, body: (await response.json()) as Answer['body'] };
}

const refusal = (answer: Answer) => answer.body.errors?.[0]?.message ?? '';

/** How deep the schema's answers go (fields within fields), introspection aside. */
function deepestAnswer(): number {
  const schema = buildGraphQLSchema();
  const depth = (typeName: string, seen: Set<string>): number => {
    const type = schema.getType(typeName);
    if (!type || !('getFields' in type) || !('getInterfaces' in type) || seen.has(typeName))
      return 0;
    return Math.max(
      0,
      ...Object.values(type.getFields()).map(
        (field) => 1 + depth(namedTypeName(field.type), new Set([...seen, typeName])),
      ),
    );
  };
  const roots = [schema.getQueryType()!, schema.getMutationType()!];
  return Math.max(
    ...roots.flatMap((root) =>
      Object.values(root.getFields()).map(
        (field) => 1 + depth(namedTypeName(field.type), new Set()),
      ),
    ),
  );
}

describe('GraphQL abuse probes', () => {
  it('limits depth to just above what the schema needs, and production has no introspection to nest', async () => {
    expect(deepestAnswer()).toBeLessThanOrEqual(GRAPHQL_LIMITS.maxDepth);
    const nested = `{ __schema { queryType { fields { type { ${'ofType { '.repeat(8)}name${' }'.repeat(8)} } } } } }`;
    expect(refusal(await post({ query: nested }, production))).toMatch(/introspection/i);
  });

  it('refuses more aliases than the limit', async () => {
    const aliases = Array.from(
      { length: GRAPHQL_LIMITS.maxAliases + 1 },
      (_, index) => `a${index}: appVersion`,
    ).join(' ');
    expect(refusal(await post({ query: `{ ${aliases} }` }))).toMatch(/aliases/i);
  });

  it('refuses a request asking more work of the database than the limit, before it runs', async () => {
    const page =
      '(query: { period: { start: "2024-11-01", end: "2026-10-31" }, limit: 2000 }) { total }';
    const aliases = Array.from(
      { length: 15 },
      (_, index) => `r${index}: targetingKeywordReports${page}`,
    );
    const answer = await post({ query: `{ ${aliases.join(' ')} }` });
    expect(answer.body.data).toBeUndefined();
    expect(refusal(answer)).toMatch(new RegExp(`work limit of ${QUERY_WORK_LIMIT}`));
  });

  it('refuses batches of operations', async () => {
    const batch = await post([{ query: '{ appVersion }' }, { query: '{ appVersion }' }]);
    expect(batch.status).toBe(400);
    expect(refusal(batch)).toMatch(/batching is not supported/i);
  });

  it('refuses more directives than the limit', async () => {
    const directives = '@include(if: true) '.repeat(GRAPHQL_LIMITS.maxDirectives + 1);
    expect(refusal(await post({ query: `{ appVersion ${directives} }` }))).toMatch(/directives/i);
  });

  it('refuses documents of more tokens than the limit', async () => {
    const query = `{ appVersion ${'__typename '.repeat(GRAPHQL_LIMITS.maxTokens)} }`;
    expect(refusal(await post({ query }))).toMatch(/token limit/i);
  });

  it('refuses fragments that spread themselves', async () => {
    const query = 'query { ...A } fragment A on Query { ...B } fragment B on Query { ...A }';
    const answer = await post({ query });
    expect(answer.body.data).toBeUndefined();
    expect(refusal(answer)).toMatch(/within itself|cycl/);
  });

  it('refuses a mutation sent as GET, which a link or an image could trigger', async () => {
    const query = encodeURIComponent('mutation { toggleSelfSignUp(enabled: true) }');
    const response = await fetch(`${server.url}/graphql?query=${query}`);
    expect(response.status).toBe(405);
  });

  it('gives no field suggestions that would reveal the schema', async () => {
    expect(refusal(await post({ query: '{ appVersio }' }))).not.toMatch(/Did you mean/);
  });

  it('allows introspection outside production and refuses it in production', async () => {
    const introspection = { query: '{ __schema { queryType { name } } }' };
    expect((await post(introspection)).body).toEqual({
      data: { __schema: { queryType: { name: 'Query' } } },
    });
    expect(refusal(await post(introspection, production))).toMatch(/introspection/i);
    const byType = { query: '{ __type(name: "Query") { fields { name } } }' };
    expect(refusal(await post(byType, production))).toMatch(/introspection/i);
  });
});
