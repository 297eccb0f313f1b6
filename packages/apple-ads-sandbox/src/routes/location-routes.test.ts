import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  changeHistoryOf,
  createMapsAccount,
  expectRefused,
  startTestApi,
  type Json,
  type TestApi,
} from '../server/http-test-client.js';

let api: TestApi;
let maps: number;
let brandId: string;
const start = Date.UTC(2026, 5, 15, 12);

beforeAll(async () => {
  api = await startTestApi();
  // Locations belong to brands: an Apple Maps account delegated the org's brand sees them.
  ({ maps, brandId } = await createMapsAccount(api));
});
afterAll(() => api.sandbox.close());

const queryLocations = (body: unknown, context = maps) =>
  api.call('POST', '/locations/query', { body, context });

const createGroup = (overrides: Record<string, unknown>) =>
  api.call('POST', '/location-groups', {
    body: { name: 'Group', brandId, adAccountId: String(maps), ...overrides },
    context: maps,
  });

describe('business brands', () => {
  it("answers the org's brand to an account delegated it, in Apple's Brand shape", async () => {
    const brand = {
      id: brandId,
      name: 'Tapwise Demo',
      countryOrRegion: 'US',
      categories: ['shopping.retail'],
      eligibility: {
        status: 'ELIGIBLE',
        blockedGroups: [],
        allowedGroups: [],
        modificationTime: '2025-06-15T12:00:00.000',
      },
      creationTime: '2025-06-15T12:00:00.000',
      modificationTime: '2025-06-15T12:00:00.000',
    };
    expect(await api.call('GET', `/business-brands/${brandId}`, { context: maps })).toEqual({
      status: 200,
      body: { result: brand },
    });
    const query = await api.call('POST', '/business-brands/query', {
      body: { filters: [{ field: 'eligibility.status', operator: 'EQUALS', value: 'ELIGIBLE' }] },
      context: maps,
    });
    expect(query.body).toEqual({ result: [brand], pagination: { offset: 0, pageSize: 1 } });
  });

  it('hides the brand from accounts without it and takes only id and eligibility.status filters', async () => {
    const [appsAccount = 0] = api.accountIds;
    const hidden = await api.call('GET', `/business-brands/${brandId}`, { context: appsAccount });
    expect(hidden.status).toBe(404);
    const none = await api.call('POST', '/business-brands/query', { context: appsAccount });
    expect(none.body.result).toEqual([]);
    const cases: [Record<string, unknown>, string][] = [
      [{ filters: [{ field: 'name', operator: 'EQUALS', value: 'x' }] }, 'filters.0.field'],
      [
        { filters: [{ field: 'eligibility.status', operator: 'IN', value: ['ELIGIBLE'] }] },
        'filters.0.operator',
      ],
      [{ sorting: [{ field: 'name', order: 'ASC' }] }, 'sorting.0.field'],
    ];
    for (const [body, field] of cases)
      expectRefused(
        await api.call('POST', '/business-brands/query', { body, context: maps }),
        'INVALID_VALUE',
        field,
        'INVALID_REQUEST',
      );
  });
});

describe('locations', () => {
  it("lists the brand's places to an account delegated the brand, in Apple's Location shape", async () => {
    const response = await queryLocations({
      filters: [
        { field: 'brandId', operator: 'EQUALS', value: brandId },
        { field: 'address.adminArea', operator: 'EQUALS', value: 'California' },
      ],
      sorting: [{ field: 'name', order: 'ASC' }],
      pagination: { offset: 0, pageSize: 2, fetchTotalCount: true },
    });
    expect(response.status).toBe(200);
    expect(response.body.pagination).toEqual({ offset: 0, pageSize: 2, totalCount: 5 });
    const [first] = response.body.result;
    expect(first).toEqual({
      id: expect.stringMatching(/^\d+$/),
      brandId,
      status: expect.stringMatching(/^(OPEN|TEMPORARILY_CLOSED)$/),
      name: 'Tapwise Demo Cupertino',
      categories: ['shopping.retail'],
      address: {
        countryOrRegion: 'US',
        adminArea: 'California',
        adminAreaCode: 'CA',
        locality: 'Cupertino',
        fullAddress: 'Cupertino, California, US',
      },
      countryOrRegion: 'US',
      creationTime: '2025-06-15T12:00:00.000',
      modificationTime: '2025-06-15T12:00:00.000',
      eligibility: { status: 'ELIGIBLE', blockedGroups: [], allowedGroups: [] },
    });
    const read = await api.call('GET', `/locations/${first.id}`, { context: maps });
    expect(read).toEqual({ status: 200, body: { result: first } });
  });

  it('shows no place to an account without the brand (empty list, 404 by id)', async () => {
    const [appsAccount = 0] = api.accountIds;
    const all = await queryLocations({}, maps);
    expect(all.body.result.length).toBe(20);
    expect((await queryLocations({}, appsAccount)).body.result).toEqual([]);
    const id = all.body.result[0].id;
    expect((await api.call('GET', `/locations/${id}`, { context: appsAccount })).status).toBe(404);
  });

  it('takes the filterable fields and operators of query-locations only', async () => {
    const cases: [Record<string, unknown>, string][] = [
      [{ filters: [{ field: 'categories', operator: 'EQUALS', value: 'x' }] }, 'filters.0.field'],
      [{ filters: [{ field: 'brandId', operator: 'IN', value: [brandId] }] }, 'filters.0.operator'],
      [{ sorting: [{ field: 'status', order: 'ASC' }] }, 'sorting.0.field'],
    ];
    for (const [body, field] of cases)
      expectRefused(await queryLocations(body), 'INVALID_VALUE', field, 'INVALID_REQUEST');
    const response = await api.call('POST', '/locations/query', { body: {}, context: null });
    expect(response.status).toBe(400);
    expect(response.body.error.code).toBe('INVALID_REQUEST');
  });
});

describe('location groups', () => {
  it('creates a STATIC group VALID at once, counting the ids given', async () => {
    api.clock.now = start;
    const ids = (await queryLocations({ pagination: { pageSize: 2 } })).body.result.map(
      (location: Json) => location.id,
    );
    const response = await createGroup({
      groupType: 'STATIC',
      locationIds: ids,
      description: 'Two',
    });
    expect(response.status).toBe(200);
    expect(response.body.result).toEqual({
      id: expect.stringMatching(/^\d+$/),
      name: 'Group',
      brandId,
      adAccountId: String(maps),
      groupType: 'STATIC',
      systemStatus: 'VALID',
      rules: null,
      locationIds: ids,
      isAllLocationsGroup: false,
      description: 'Two',
      groupTotal: 2,
      eligibility: { status: 'ELIGIBLE' },
      creationTime: '2026-06-15T12:00:00.000',
      modificationTime: '2026-06-15T12:00:00.000',
    });
  });

  it('creates a DYNAMIC group PENDING with groupTotal 0, VALID with its members once evaluated', async () => {
    api.clock.now = start;
    const created = await createGroup({
      groupType: 'DYNAMIC',
      rules: [{ field: 'adminArea', operator: 'IN', value: ['California', 'Texas'] }],
    });
    expect(created.body.result).toMatchObject({
      systemStatus: 'PENDING',
      groupTotal: 0,
      locationIds: [],
      eligibility: { status: 'PENDING' },
    });
    api.clock.now = start + 5 * 60_000;
    const evaluated = await api.call('GET', `/location-groups/${created.body.result.id}`, {
      context: maps,
    });
    expect(evaluated.body.result).toMatchObject({
      systemStatus: 'VALID',
      groupTotal: 9,
      eligibility: { status: 'ELIGIBLE' },
    });
    const members = await queryLocations({
      filters: [{ field: 'address.adminArea', operator: 'IN', value: ['California', 'Texas'] }],
    });
    expect(evaluated.body.result.locationIds).toEqual(members.body.result.map((l: Json) => l.id));

    // New rules: PENDING again, keeping the last known total until evaluated.
    const updated = await api.call('PUT', `/location-groups/${created.body.result.id}`, {
      body: { rules: [{ field: 'locality', operator: 'EQUALS', value: 'US|Texas|Austin' }] },
      context: maps,
    });
    expect(updated.body.result).toMatchObject({ systemStatus: 'PENDING', groupTotal: 9 });
    api.clock.now = start + 10 * 60_000;
    const again = await api.call('GET', `/location-groups/${created.body.result.id}`, {
      context: maps,
    });
    expect(again.body.result).toMatchObject({ systemStatus: 'VALID', groupTotal: 1 });
    // A rename leaves status and members alone.
    const renamed = await api.call('PUT', `/location-groups/${created.body.result.id}`, {
      body: { name: 'Austin' },
      context: maps,
    });
    expect(renamed.body.result).toMatchObject({
      name: 'Austin',
      systemStatus: 'VALID',
      groupTotal: 1,
    });
  });

  it('needs locationIds for STATIC and rules for DYNAMIC, and not the other', async () => {
    const rule = { field: 'adminArea', operator: 'EQUALS', value: 'Texas' };
    expectRefused(await createGroup({ groupType: 'STATIC' }), 'INVALID_VALUE', 'locationIds');
    expectRefused(await createGroup({ groupType: 'DYNAMIC' }), 'INVALID_VALUE', 'rules');
    expectRefused(
      await createGroup({ groupType: 'STATIC', locationIds: ['1'], rules: [rule] }),
      'INVALID_VALUE',
      'rules',
    );
    expectRefused(
      await createGroup({ groupType: 'DYNAMIC', rules: [rule], locationIds: ['1'] }),
      'INVALID_VALUE',
      'locationIds',
    );
    expectRefused(await createGroup({ groupType: 'MIXED' }), 'INVALID_VALUE', 'groupType');
    expectRefused(
      await api.call('POST', '/location-groups', { body: { groupType: 'STATIC' }, context: maps }),
      'FIELD_REQUIRED',
      'name',
    );
  });

  it('checks rules: fields, operators, string or array values, pipe-delimited localities', async () => {
    const cases: [Record<string, unknown>, string][] = [
      [{ field: 'city', operator: 'EQUALS', value: 'Austin' }, 'rules.0.field'],
      [{ field: 'adminArea', operator: 'LIKE', value: 'T%' }, 'rules.0.operator'],
      [{ field: 'adminArea', operator: 'IN', value: 'Texas' }, 'rules.0.value'],
      [{ field: 'adminArea', operator: 'EQUALS', value: ['Texas'] }, 'rules.0.value'],
      [{ field: 'locality', operator: 'EQUALS', value: 'Austin' }, 'rules.0.value'],
    ];
    for (const [rule, field] of cases)
      expectRefused(
        await createGroup({ groupType: 'DYNAMIC', rules: [rule] }),
        'INVALID_VALUE',
        field,
      );
    // An abbreviated admin area is accepted and matches nothing (locationgroupcreate.md).
    api.clock.now = start;
    const abbreviated = await createGroup({
      groupType: 'DYNAMIC',
      rules: [{ field: 'adminArea', operator: 'EQUALS', value: 'TX' }],
    });
    api.clock.now = start + 5 * 60_000;
    const read = await api.call('GET', `/location-groups/${abbreviated.body.result.id}`, {
      context: maps,
    });
    expect(read.body.result).toMatchObject({ systemStatus: 'VALID', groupTotal: 0 });
  });

  it("takes only the context account, a brand delegated to it and that brand's locations", async () => {
    expectRefused(
      await createGroup({ groupType: 'STATIC', locationIds: ['1'], adAccountId: '1' }),
      'INVALID_VALUE',
      'adAccountId',
    );
    expectRefused(
      await createGroup({ groupType: 'STATIC', locationIds: ['1'], brandId: '42' }),
      'INVALID_VALUE',
      'brandId',
    );
    expectRefused(
      await createGroup({ groupType: 'STATIC', locationIds: ['1'] }),
      'INVALID_VALUE',
      'locationIds.0',
    );
    expectRefused(
      await createGroup({ groupType: 'STATIC', locationIds: ['1'], shared: true }),
      'INVALID_FIELD',
      'shared',
    );
  });

  it('refuses brandId and adAccountId on update and replaces locationIds wholesale', async () => {
    const ids = (await queryLocations({ pagination: { pageSize: 3 } })).body.result.map(
      (l: Json) => l.id,
    );
    const created = await createGroup({ groupType: 'STATIC', locationIds: ids.slice(0, 2) });
    const path = `/location-groups/${created.body.result.id}`;
    expectRefused(
      await api.call('PUT', path, { body: { brandId }, context: maps }),
      'INVALID_FIELD',
      'brandId',
    );
    expectRefused(
      await api.call('PUT', path, { body: { locationIds: [] }, context: maps }),
      'INVALID_VALUE',
      'locationIds',
    );
    const replaced = await api.call('PUT', path, {
      body: { locationIds: [ids[2]] },
      context: maps,
    });
    expect(replaced.body.result).toMatchObject({ locationIds: [ids[2]], groupTotal: 1 });
    expectRefused(
      await api.call('PUT', path, { body: { groupType: 'DYNAMIC' }, context: maps }),
      'INVALID_VALUE',
      'rules',
    );
  });

  it('soft-deletes: answers the group DELETED, still readable by id, queried only with deleted EQUALS true', async () => {
    const created = await createGroup({
      groupType: 'STATIC',
      locationIds: [(await queryLocations({})).body.result[0].id],
      name: 'Doomed',
    });
    const path = `/location-groups/${created.body.result.id}`;
    const deleted = await api.call('DELETE', path, { context: maps });
    expect(deleted.status).toBe(200);
    expect(deleted.body.result).toMatchObject({
      id: created.body.result.id,
      systemStatus: 'DELETED',
    });
    expect((await api.call('GET', path, { context: maps })).body.result.systemStatus).toBe(
      'DELETED',
    );
    expect((await api.call('DELETE', path, { context: maps })).status).toBe(404);
    expect((await api.call('PUT', path, { body: { name: 'x' }, context: maps })).status).toBe(404);
    const byName = { field: 'name', operator: 'CONTAINS', value: 'Doomed' };
    const hidden = await api.call('POST', '/location-groups/query', {
      body: { filters: [byName] },
      context: maps,
    });
    expect(hidden.body.result).toEqual([]);
    const shown = await api.call('POST', '/location-groups/query', {
      body: { filters: [byName, { field: 'deleted', operator: 'EQUALS', value: true }] },
      context: maps,
    });
    expect(shown.body.result.map((g: Json) => g.id)).toEqual([created.body.result.id]);
    expect(shown.body.result[0]).not.toHaveProperty('deleted');
  });

  it('records its create, update and delete in the change history', async () => {
    const created = await createGroup({
      groupType: 'STATIC',
      locationIds: [(await queryLocations({})).body.result[0].id],
      name: 'Audited',
    });
    const path = `/location-groups/${created.body.result.id}`;
    await api.call('PUT', path, { body: { name: 'Audited 2' }, context: maps });
    await api.call('DELETE', path, { context: maps });
    const rows = await changeHistoryOf(
      api.sandbox,
      (route, body) => api.call('POST', route, { body, context: maps }),
      'LocationGroup',
    );
    const ofGroup = rows.filter((row) =>
      row.metas[0]?.detailId.startsWith(`LocationGroup.${created.body.result.id}.`),
    );
    expect(ofGroup.map((row) => [row.eventType, row.metas[0]?.meta])).toEqual([
      ['CREATE', { name: 'Audited 2', groupType: 'STATIC' }],
      ['UPDATE', { name: 'Audited 2', groupType: 'STATIC' }],
      ['DELETE', { name: 'Audited 2', groupType: 'STATIC' }],
    ]);
  });

  it("queries the account's groups with the page's fields, and answers 404 to another account", async () => {
    const response = await api.call('POST', '/location-groups/query', {
      body: {
        filters: [{ field: 'groupType', operator: 'EQUALS', value: 'STATIC' }],
        sorting: [{ field: 'name', order: 'DESC' }],
        pagination: { fetchTotalCount: true },
      },
      context: maps,
    });
    expect(response.status).toBe(200);
    expect(response.body.result.every((g: Json) => g.groupType === 'STATIC')).toBe(true);
    expectRefused(
      await api.call('POST', '/location-groups/query', {
        body: { filters: [{ field: 'rules', operator: 'EQUALS', value: 'x' }] },
        context: maps,
      }),
      'INVALID_VALUE',
      'filters.0.field',
      'INVALID_REQUEST',
    );
    const [appsAccount = 0] = api.accountIds;
    const id = response.body.result[0].id;
    expect((await api.call('GET', `/location-groups/${id}`, { context: appsAccount })).status).toBe(
      404,
    );
  });
});
