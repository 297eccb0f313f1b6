// A planted Apple private key, and the Apple tokens Tapwise obtains with it, must never appear in
// an API answer, a log line or any database column: the key lives only sealed, in its one column,
// and the sealed value nowhere else either.
import { Writable } from 'node:stream';
import { generateKeyPair } from '@tapwise/apple-ads';
import type { Sandbox } from '@tapwise/apple-ads-sandbox';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildGraphQLSchema } from '../modules/graphql-schema';
import {
  allowingSandbox,
  connectSandboxCompany,
  startTestSandbox,
  waitForSync,
} from '../modules/sync/sync-test-kit';
import { apiClient, type ApiClient, type Session } from '../platform/testing/api-client';
import { createCompany, createMember } from '../platform/testing/factories';
import { startTestServer, type TestServer } from '../platform/testing/test-server';
import { operationDocument, rootOperations, sampleVariables } from './schema-operations';

const logLines: string[] = [];
const logs = new Writable({
  write(chunk: Buffer, _encoding, done) {
    logLines.push(chunk.toString('utf8'));
    done();
  },
});

/** What Tapwise holds that nobody may ever read back. */
const secrets = {
  keyLines: [] as string[],
  accessTokens: new Set<string>(),
  clientSecrets: new Set<string>(),
};
/** The language model's key (KEYWORD_AI_API_KEY): sent to the model, never shown nor stored. */
const MODEL_API_KEY = 'sk-canary-0f9e8d7c6b5a49382716';
/** Where sealed keys may be stored: their own columns, and nowhere else. */
const SEALED_COLUMNS = new Set([
  'apple_ads_integrations.private_key_sealed',
  'pending_apple_ads_keys.private_key_sealed',
]);

let sandbox: Sandbox;
let server: TestServer;
let api: ApiClient;
const realFetch = globalThis.fetch;

/** Notes every client secret Tapwise sends to Apple's token endpoint and every token it gets. */
function recordAppleTokens(tokenUrl: string): typeof fetch {
  return async (input, init) => {
    const response = await realFetch(input, init);
    const url = input instanceof Request ? input.url : String(input);
    if (url === tokenUrl && response.ok) {
      const secret = new URLSearchParams(String(init?.body)).get('client_secret');
      if (secret) secrets.clientSecrets.add(secret);
      const { access_token: token } = (await response.clone().json()) as { access_token?: string };
      if (token) secrets.accessTokens.add(token);
    }
    return response;
  };
}

/** The lines of a PEM's body: any one of them showing is the key showing. */
const pemLines = (pem: string) =>
  pem.split('\n').filter((line) => line.length >= 40 && !line.startsWith('-----'));

let admin: Session;
let staff: Session;
let sealedValues: string[];

beforeAll(async () => {
  sandbox = await startTestSandbox();
  globalThis.fetch = recordAppleTokens(sandbox.tokenUrl);
  server = await startTestServer(
    {
      ...allowingSandbox(sandbox),
      LOG_LEVEL: 'trace',
      KEYWORD_AI_BASE_URL: sandbox.openAiUrl,
      KEYWORD_AI_API_KEY: MODEL_API_KEY,
    },
    { withWorker: true, logs },
  );
  api = apiClient(server.url);
  const db = server.database.db;

  // One company pastes its own key, another has Tapwise generate one.
  const planted = generateKeyPair();
  secrets.keyLines.push(...pemLines(planted.privateKeyPem));
  const company = await createCompany(db);
  const owner = await createMember(db, company.id, { role: 'ADMIN' });
  admin = await api.signIn(owner.email, owner.password);
  const credentials = { clientId: 'SEARCHADS.canary', teamId: 'SEARCHADS.canary', keyId: 'canary' };
  sandbox.registerApiUser({ ...credentials, publicKeyPem: planted.publicKeyPem });
  const added = await api.rest<{ syncId: string }>(
    'POST',
    'onboard/add-integration',
    {
      ...credentials,
      privateKeyPem: planted.privateKeyPem,
      baseUrl: sandbox.url,
      tokenUrl: sandbox.tokenUrl,
    },
    admin,
  );
  expect(added.status).toBe(200);
  await waitForSync(server, company.id, added.body.data.syncId);
  const generated = await connectSandboxCompany(server, sandbox);
  await waitForSync(server, generated.teamId, generated.syncId);

  const sealed = await db.execute<{ sealed: string }>(
    sql`select private_key_sealed as sealed from apple_ads_integrations`,
  );
  sealedValues = sealed.rows.map((row) => row.sealed);
  for (const value of sealedValues)
    secrets.keyLines.push(...pemLines(server.context.secrets.open(value)));

  const staffCompany = await createCompany(db);
  const staffMember = await createMember(db, staffCompany.id, { role: 'SUPERADMIN' });
  staff = await api.signIn(staffMember.email, staffMember.password);
}, 300_000);
afterAll(async () => {
  globalThis.fetch = realFetch;
  await server?.close();
  await sandbox?.close();
});

/** The secrets (and sealed values) found in a text. */
function exposed(text: string, { sealedAllowed = false } = {}): string[] {
  return [
    ...secrets.keyLines.filter((line) => text.includes(line)).map(() => 'a private key line'),
    ...[...secrets.accessTokens]
      .filter((token) => text.includes(token))
      .map(() => 'an Apple access token'),
    ...[...secrets.clientSecrets]
      .filter((secret) => text.includes(secret))
      .map(() => 'a client secret'),
    ...(text.includes(MODEL_API_KEY) ? ['the language model key'] : []),
    ...(sealedAllowed
      ? []
      : sealedValues.filter((value) => text.includes(value)).map(() => 'a sealed key')),
  ];
}

describe('secrets canary', () => {
  it('was planted: Tapwise did obtain Apple tokens with the keys', () => {
    expect(secrets.keyLines.length).toBeGreaterThanOrEqual(4);
    expect(secrets.accessTokens.size).toBeGreaterThan(0);
    expect(secrets.clientSecrets.size).toBeGreaterThan(0);
  });

  // Every operation twice, one after another: the sweep grows with the API, hence its own timeout.
  it('shows no secret in any answer of any GraphQL operation or REST route, to admin or staff', async () => {
    const schema = buildGraphQLSchema();
    const period = { start: '2026-01-01', end: new Date().toISOString().slice(0, 10) };
    const leaks: string[] = [];
    for (const operation of rootOperations(schema)) {
      const variables = sampleVariables(schema, operation, period, () => undefined);
      for (const session of [admin, staff]) {
        const answer = await api.graphql(operationDocument(schema, operation), variables, session);
        for (const found of exposed(JSON.stringify(answer)))
          leaks.push(`${operation.name}: ${found}`);
      }
    }
    const readRoutes = server.app.routeAccess.filter(
      (route) => route.method === 'GET' && route.url.startsWith('/v1/api/'),
    );
    for (const route of readRoutes) {
      const path = route.url.replace('/v1/api/', '').replace(/:(\w+)/g, '1');
      for (const session of [admin, staff]) {
        const answer = await api.rest('GET', path, undefined, session);
        for (const found of exposed(JSON.stringify(answer.body)))
          leaks.push(`GET ${route.url}: ${found}`);
      }
    }
    expect(leaks).toEqual([]);
  }, 180_000);

  it('writes no secret in any log line, even at trace level', () => {
    expect(logLines.length).toBeGreaterThan(100);
    expect(logLines.flatMap((line) => exposed(line))).toEqual([]);
  });

  it('stores the key only sealed, in its own column, and no token anywhere', async () => {
    const db = server.database.db;
    const columns = await db.execute<{ schema: string; table: string; column: string }>(sql`
      select table_schema as schema, table_name as table, column_name as column
      from information_schema.columns
      where table_schema not in ('pg_catalog', 'information_schema')
        and data_type in ('text', 'character varying', 'jsonb', 'json', 'bytea')`);
    const leaks: string[] = [];
    for (const { schema, table, column } of columns.rows) {
      const values = await db.execute<{ value: string }>(
        sql`select ${sql.identifier(column)}::text as value from ${sql.identifier(schema)}.${sql.identifier(table)}
            where ${sql.identifier(column)} is not null`,
      );
      const sealedAllowed = SEALED_COLUMNS.has(`${table}.${column}`);
      for (const { value } of values.rows) {
        for (const found of exposed(value, { sealedAllowed }))
          leaks.push(`${schema}.${table}.${column}: ${found}`);
      }
    }
    expect(columns.rows.length).toBeGreaterThan(50);
    expect(leaks).toEqual([]);
  });
});
