// Chart and overview presets through the API: each member's own, replaced by name, open to
// read-only members (they change no company data), checked like every other input.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiClient, type ApiClient, type Session } from '../../platform/testing/api-client';
import { createCompany, createMember } from '../../platform/testing/factories';
import { startTestServer, type TestServer } from '../../platform/testing/test-server';

let server: TestServer;
let api: ApiClient;

beforeAll(async () => {
  server = await startTestServer();
  api = apiClient(server.url);
});
afterAll(async () => {
  await server?.close();
});

async function memberSession(teamId?: string, isReadOnly = false): Promise<Session> {
  const company = teamId ?? (await createCompany(server.database.db)).id;
  const member = await createMember(server.database.db, company, { isReadOnly });
  return api.signIn(member.email, member.password);
}

const CHART = 'id name metrics granularity';
const OVERVIEW = 'id name period adAccountId adamId';

const saveChart = (session: Session, variables: Record<string, unknown>) =>
  api.graphql<{ saveChartPreset: { id: string; name: string } }>(
    `mutation($name: String!, $metrics: [String!]!, $granularity: String!) {
      saveChartPreset(name: $name, metrics: $metrics, granularity: $granularity) { ${CHART} } }`,
    variables,
    session,
  );
const chartPresets = async (session: Session) =>
  (
    await api.graphql<{ fetchChartPresets: unknown[] }>(
      `{ fetchChartPresets { ${CHART} } }`,
      {},
      session,
    )
  ).data!.fetchChartPresets;

const saveOverview = (session: Session, variables: Record<string, unknown>) =>
  api.graphql<{ saveOverviewPreset: { id: string } }>(
    `mutation($name: String!, $period: String!, $adAccountId: Float, $adamId: Float) {
      saveOverviewPreset(name: $name, period: $period, adAccountId: $adAccountId, adamId: $adamId) { ${OVERVIEW} } }`,
    variables,
    session,
  );
const overviewPresets = async (session: Session) =>
  (
    await api.graphql<{ fetchOverviewPresets: unknown[] }>(
      `{ fetchOverviewPresets { ${OVERVIEW} } }`,
      {},
      session,
    )
  ).data!.fetchOverviewPresets;

describe('chart presets', () => {
  it('saves, lists by name and replaces a preset saved again under its name', async () => {
    const session = await memberSession();
    const spend = await saveChart(session, {
      name: 'Spend by week',
      metrics: ['spend', 'avgCpa'],
      granularity: 'WEEK',
    });
    expect(spend.data?.saveChartPreset).toMatchObject({ name: 'Spend by week' });
    await saveChart(session, { name: 'Installs', metrics: ['installs'], granularity: 'DAY' });
    const again = await saveChart(session, {
      name: ' Spend by week ',
      metrics: ['spend'],
      granularity: 'MONTH',
    });
    expect(again.data?.saveChartPreset.id).toBe(spend.data?.saveChartPreset.id);
    expect(await chartPresets(session)).toEqual([
      { id: expect.any(String), name: 'Installs', metrics: ['installs'], granularity: 'DAY' },
      {
        id: spend.data?.saveChartPreset.id,
        name: 'Spend by week',
        metrics: ['spend'],
        granularity: 'MONTH',
      },
    ]);
  });

  it('keeps presets to their owner: another member of the company neither sees nor deletes them', async () => {
    const owner = await memberSession();
    const company = (
      await api.graphql<{ companyDetails: { id: string } }>('{ companyDetails { id } }', {}, owner)
    ).data!.companyDetails.id;
    const colleague = await memberSession(company);
    const saved = await saveChart(owner, { name: 'Mine', metrics: ['taps'], granularity: 'DAY' });
    expect(await chartPresets(colleague)).toEqual([]);
    const refused = await api.graphql(
      'mutation($id: ID!) { deleteChartPreset(id: $id) }',
      { id: saved.data!.saveChartPreset.id },
      colleague,
    );
    expect(refused.errors?.[0]?.extensions).toMatchObject({ error: 'NOT_FOUND' });
    expect(await chartPresets(owner)).toHaveLength(1);
  });

  it('lets a read-only member save and delete a preset of their own', async () => {
    const readOnly = await memberSession(undefined, true);
    const saved = await saveChart(readOnly, { name: 'Look', metrics: ['ttr'], granularity: 'DAY' });
    expect(saved.errors).toBeUndefined();
    const deleted = await api.graphql<{ deleteChartPreset: boolean }>(
      'mutation($id: ID!) { deleteChartPreset(id: $id) }',
      { id: saved.data!.saveChartPreset.id },
      readOnly,
    );
    expect(deleted.data?.deleteChartPreset).toBe(true);
    expect(await chartPresets(readOnly)).toEqual([]);
  });

  it('refuses names, metrics and granularities the contracts refuse', async () => {
    const session = await memberSession();
    const tooLong = await saveChart(session, {
      name: 'x'.repeat(61),
      metrics: ['spend'],
      granularity: 'DAY',
    });
    expect(tooLong.errors?.[0]?.extensions).toMatchObject({
      error: 'BAD_REQUEST',
      details: { name: 'validation.presetNameTooLong' },
    });
    for (const variables of [
      { name: 'a', metrics: [], granularity: 'DAY' },
      { name: 'a', metrics: ['bids'], granularity: 'DAY' },
      { name: 'a', metrics: ['spend'], granularity: 'YEAR' },
    ]) {
      const answer = await saveChart(session, variables);
      expect(answer.errors?.[0]?.extensions?.error, JSON.stringify(variables)).toBe('BAD_REQUEST');
    }
    expect(await chartPresets(session)).toEqual([]);
  });

  it('answers not found for an id that is no preset, and bad request for one that is no id', async () => {
    const session = await memberSession();
    const remove = (id: string) =>
      api.graphql('mutation($id: ID!) { deleteChartPreset(id: $id) }', { id }, session);
    expect(
      (await remove('00000000-0000-4000-8000-000000000000')).errors?.[0]?.extensions,
    ).toMatchObject({ error: 'NOT_FOUND' });
    expect((await remove('not-a-uuid')).errors?.[0]?.extensions).toMatchObject({
      error: 'BAD_REQUEST',
      details: { id: 'validation.idInvalid' },
    });
  });
});

describe('overview presets', () => {
  it('saves a period with or without an app, replaces by name and deletes', async () => {
    const session = await memberSession();
    const withApp = await saveOverview(session, {
      name: 'Puzzle, last week',
      period: 'lastWeek',
      adAccountId: 4_000_001,
      adamId: 1_727_975_571,
    });
    await saveOverview(session, { name: 'Any app', period: 'last30Days' });
    expect(await overviewPresets(session)).toEqual([
      {
        id: expect.any(String),
        name: 'Any app',
        period: 'last30Days',
        adAccountId: null,
        adamId: null,
      },
      {
        id: withApp.data!.saveOverviewPreset.id,
        name: 'Puzzle, last week',
        period: 'lastWeek',
        adAccountId: 4_000_001,
        adamId: 1_727_975_571,
      },
    ]);
    await saveOverview(session, { name: 'Puzzle, last week', period: 'lastMonth' });
    const presets = (await overviewPresets(session)) as {
      name: string;
      period: string;
      adamId: number | null;
    }[];
    expect(presets.find((preset) => preset.name === 'Puzzle, last week')).toMatchObject({
      period: 'lastMonth',
      adamId: null,
    });
    const deleted = await api.graphql<{ deleteOverviewPreset: boolean }>(
      'mutation($id: ID!) { deleteOverviewPreset(id: $id) }',
      { id: withApp.data!.saveOverviewPreset.id },
      session,
    );
    expect(deleted.data?.deleteOverviewPreset).toBe(true);
    expect(await overviewPresets(session)).toHaveLength(1);
  });

  it('refuses an empty period and a non-positive app', async () => {
    const session = await memberSession();
    for (const variables of [
      { name: 'a', period: '' },
      { name: 'a', period: 'lastWeek', adamId: -3 },
    ]) {
      const answer = await saveOverview(session, variables);
      expect(answer.errors?.[0]?.extensions?.error, JSON.stringify(variables)).toBe('BAD_REQUEST');
    }
  });
});
