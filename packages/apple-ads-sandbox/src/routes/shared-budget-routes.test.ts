import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newSharedBudget } from '../model/factories.js';
import { expectRefused, startTestApi, type TestApi } from '../server/http-test-client.js';

// The clock starts at 2026-06-15T12:00Z, so "tomorrow" is 2026-06-16T00:00:00.000.
const order = (overrides: Record<string, unknown> = {}) => ({
  name: 'Q3 budget order',
  startTime: '2026-07-01T00:00:00.000',
  endTime: '2026-09-30T23:59:59.000',
  value: { amount: '20000', currency: 'USD' },
  adAccountIds: [usd],
  invoiceDetail: {
    primaryBuyerName: 'Jane Smith',
    primaryBuyerEmail: 'jane@example.com',
    billingEmail: 'billing@example.com',
  },
  ...overrides,
});

let api: TestApi;
let usd: number;
let eur: number;
const start = Date.UTC(2026, 5, 15, 12);

beforeAll(async () => {
  api = await startTestApi();
  [usd = 0, eur = 0] = api.accountIds;
});
afterAll(() => api.sandbox.close());

const create = async (overrides: Record<string, unknown> = {}) => {
  const response = await api.call('POST', '/shared-budgets', {
    body: order(overrides),
    context: null,
  });
  expect(response.status).toBe(200);
  return response.body.result as { id: number } & Record<string, unknown>;
};

describe('POST /shared-budgets', () => {
  it("creates a budget order without X-AP-Context and answers Apple's SharedBudget", async () => {
    api.clock.now = start;
    const created = await create();
    expect(created).toEqual({
      id: expect.any(Number),
      name: 'Q3 budget order',
      startTime: '2026-07-01T00:00:00.000',
      endTime: '2026-09-30T23:59:59.000',
      value: { amount: '20000.00', currency: 'USD' },
      adAccountIds: [usd],
      orgId: api.sandbox.store.org.id,
      systemStatus: 'INACTIVE',
      systemStatusReasons: ['SCHEDULE_PENDING'],
      invoiceDetail: {
        clientName: null,
        primaryBuyerName: 'Jane Smith',
        primaryBuyerEmail: 'jane@example.com',
        orderNumber: null,
        billingEmail: 'billing@example.com',
      },
      creationTime: '2026-06-15T12:00:00.000',
      modificationTime: '2026-06-15T12:00:00.000',
      deleted: false,
    });
    const read = await api.call('GET', `/shared-budgets/${created.id}`);
    expect(read).toEqual({ status: 200, body: { result: created } });
  });

  it('refuses unknown fields, including the invoice `name` of the doc examples (SDK model)', async () => {
    expectRefused(
      await api.call('POST', '/shared-budgets', { body: order({ budget: 1 }) }),
      'INVALID_FIELD',
      'budget',
    );
    const invoice = { ...order().invoiceDetail, name: 'Invoice' };
    expectRefused(
      await api.call('POST', '/shared-budgets', { body: order({ invoiceDetail: invoice }) }),
      'INVALID_FIELD',
      'invoiceDetail.name',
    );
  });

  it('requires name, startTime, value, adAccountIds and invoiceDetail with its buyer and billing', async () => {
    for (const field of ['name', 'startTime', 'value', 'adAccountIds', 'invoiceDetail']) {
      expectRefused(
        await api.call('POST', '/shared-budgets', { body: order({ [field]: undefined }) }),
        'FIELD_REQUIRED',
        field,
      );
    }
    expectRefused(
      await api.call('POST', '/shared-budgets', {
        body: order({ invoiceDetail: { primaryBuyerName: 'Jane' } }),
      }),
      'FIELD_REQUIRED',
      'invoiceDetail.billingEmail',
    );
  });

  it('checks formats: non-empty name, emails, two-decimal amount, timestamp, at least one account', async () => {
    const cases: [Record<string, unknown>, string][] = [
      [{ name: ' ' }, 'name'],
      [
        { invoiceDetail: { ...order().invoiceDetail, billingEmail: 'nope' } },
        'invoiceDetail.billingEmail',
      ],
      [{ value: { amount: '10.123' } }, 'value.amount'],
      [{ value: { amount: '0' } }, 'value.amount'],
      [{ startTime: '2026-07-01' }, 'startTime'],
      [{ adAccountIds: [] }, 'adAccountIds'],
    ];
    for (const [overrides, field] of cases)
      expectRefused(
        await api.call('POST', '/shared-budgets', { body: order(overrides) }),
        'INVALID_VALUE',
        field,
      );
  });

  it('starts tomorrow (UTC) or later and ends after it starts', async () => {
    expectRefused(
      await api.call('POST', '/shared-budgets', {
        body: order({ startTime: '2026-06-15T23:00:00.000' }),
      }),
      'INVALID_VALUE',
      'startTime',
    );
    expectRefused(
      await api.call('POST', '/shared-budgets', {
        body: order({ endTime: '2026-07-01T00:00:00.000' }),
      }),
      'INVALID_VALUE',
      'endTime',
    );
    const openEnded = await create({ startTime: '2026-06-16T00:00:00.000', endTime: null });
    expect(openEnded.endTime).toBeNull();
  });

  it("takes the accounts' one currency and only accounts the user reaches", async () => {
    expectRefused(
      await api.call('POST', '/shared-budgets', {
        body: order({ value: { amount: '100', currency: 'EUR' } }),
      }),
      'INVALID_VALUE',
      'value.currency',
    );
    expectRefused(
      await api.call('POST', '/shared-budgets', { body: order({ adAccountIds: [usd, eur] }) }),
      'INVALID_VALUE',
      'adAccountIds',
    );
    expectRefused(
      await api.call('POST', '/shared-budgets', { body: order({ adAccountIds: [999] }) }),
      'INVALID_VALUE',
      'adAccountIds',
    );
    const euro = await create({ adAccountIds: [eur], value: { amount: '5000' } });
    expect(euro.value).toEqual({ amount: '5000.00', currency: 'EUR' });
  });

  it('is refused to read-only roles (403)', async () => {
    const readOnly = await startTestApi({ role: 'API Account Read Only' });
    try {
      const response = await readOnly.call('POST', '/shared-budgets', { body: order() });
      expect(response.status).toBe(403);
      expect(response.body.error.code).toBe('FORBIDDEN');
    } finally {
      await readOnly.sandbox.close();
    }
  });
});

describe('PUT /shared-budgets/{id}', () => {
  it('changes only the fields sent, merges the invoice detail and removes the end with null', async () => {
    api.clock.now = start;
    const created = await create();
    const response = await api.call('PUT', `/shared-budgets/${created.id}`, {
      body: { name: 'Renamed', invoiceDetail: { orderNumber: 'PO-1' }, endTime: null },
      context: null,
    });
    expect(response.status).toBe(200);
    expect(response.body.result).toEqual({
      ...created,
      name: 'Renamed',
      endTime: null,
      invoiceDetail: { ...(created.invoiceDetail as object), orderNumber: 'PO-1' },
    });
    expectRefused(
      await api.call('PUT', `/shared-budgets/${created.id}`, { body: { amount: '1' } }),
      'INVALID_FIELD',
      'amount',
    );
    expectRefused(
      await api.call('PUT', `/shared-budgets/${created.id}`, {
        body: { startTime: '2026-06-15T18:00:00.000' },
      }),
      'INVALID_VALUE',
      'startTime',
    );
  });

  it('only moves the end of a started budget order earlier, and raises its value', async () => {
    api.clock.now = start;
    const created = await create();
    api.clock.now = Date.UTC(2026, 6, 2);
    expect((await api.call('GET', `/shared-budgets/${created.id}`)).body.result).toMatchObject({
      systemStatus: 'ACTIVE',
      systemStatusReasons: [],
    });
    expectRefused(
      await api.call('PUT', `/shared-budgets/${created.id}`, {
        body: { endTime: '2026-10-31T23:59:59.000' },
      }),
      'INVALID_VALUE',
      'endTime',
    );
    const shortened = await api.call('PUT', `/shared-budgets/${created.id}`, {
      body: { endTime: '2026-08-31T23:59:59.000', value: { amount: '25000.5' } },
    });
    expect(shortened.status).toBe(200);
    expect(shortened.body.result).toMatchObject({
      endTime: '2026-08-31T23:59:59.000',
      value: { amount: '25000.50', currency: 'USD' },
      modificationTime: '2026-07-02T00:00:00.000',
    });
    api.clock.now = Date.UTC(2026, 8, 1);
    expect((await api.call('GET', `/shared-budgets/${created.id}`)).body.result).toMatchObject({
      systemStatus: 'INACTIVE',
      systemStatusReasons: ['SCHEDULE_EXPIRED'],
    });
  });

  it('answers 404 for an unknown id', async () => {
    const response = await api.call('PUT', '/shared-budgets/123', { body: { name: 'x' } });
    expect(response.status).toBe(404);
    expect(response.body.error.code).toBe('NOT_FOUND');
  });
});

describe('DELETE /shared-budgets/{id}', () => {
  it('soft-deletes a pending budget order: {} then 404, found again only with deleted EQUALS true', async () => {
    api.clock.now = start;
    const created = await create({ name: 'To delete' });
    expect(await api.call('DELETE', `/shared-budgets/${created.id}`, { context: null })).toEqual({
      status: 200,
      body: {},
    });
    expect((await api.call('GET', `/shared-budgets/${created.id}`)).status).toBe(404);
    expect((await api.call('DELETE', `/shared-budgets/${created.id}`)).status).toBe(404);
    const query = await api.call('POST', '/shared-budgets/query', {
      body: {
        filters: [
          { field: 'deleted', operator: 'EQUALS', value: true },
          { field: 'id', operator: 'EQUALS', value: created.id },
        ],
      },
    });
    expect(query.body.result).toEqual([
      expect.objectContaining({
        id: created.id,
        deleted: true,
        systemStatus: 'INACTIVE',
        systemStatusReasons: ['DELETED_BY_USER'],
      }),
    ]);
  });

  it('refuses a started budget order and one still assigned to a campaign (400)', async () => {
    api.clock.now = start;
    const assigned = await create({ name: 'Assigned' });
    const campaign = [...api.sandbox.store.campaigns.values()].find((c) => c.adAccountId === usd);
    if (!campaign) throw new Error('the scenario has a campaign');
    // Campaign assignment is not served yet: set it in the store.
    campaign.sharedBudgets = [{ budgetId: assigned.id }];
    const response = await api.call('DELETE', `/shared-budgets/${assigned.id}`);
    expect(response.status).toBe(400);
    expect(response.body.error.message).toContain(`campaigns ${campaign.id}`);
    campaign.sharedBudgets = [];

    api.clock.now = Date.UTC(2026, 6, 2);
    const started = await api.call('DELETE', `/shared-budgets/${assigned.id}`);
    expect(started.status).toBe(400);
    expect(started.body.error.code).toBe('INVALID_REQUEST');
  });
});

describe('POST /shared-budgets/query', () => {
  it('filters on the listed fields, sorts by name and pages', async () => {
    api.clock.now = start;
    await create({ name: 'Sorted B' });
    await create({ name: 'Sorted A' });
    const response = await api.call('POST', '/shared-budgets/query', {
      body: {
        filters: [
          { field: 'name', operator: 'STARTS_WITH', value: 'Sorted ' },
          { field: 'adAccountIds', operator: 'EQUALS', value: usd },
        ],
        sorting: [{ field: 'name', order: 'ASC' }],
        pagination: { offset: 0, pageSize: 1, fetchTotalCount: true },
      },
      context: null,
    });
    expect(response.status).toBe(200);
    expect(response.body.result.map((b: { name: string }) => b.name)).toEqual(['Sorted A']);
    expect(response.body.pagination).toEqual({ offset: 0, pageSize: 1, totalCount: 2 });
  });

  it('narrows to the X-AP-Context account when one is sent', async () => {
    const euro = await api.call('POST', '/shared-budgets/query', { body: {}, context: eur });
    expect(euro.body.result.length).toBeGreaterThan(0);
    expect(
      euro.body.result.every((b: { adAccountIds: number[] }) => b.adAccountIds.includes(eur)),
    ).toBe(true);
  });

  it('refuses unfilterable fields, unsupported operators, unsortable fields and oversized pages', async () => {
    const cases: [Record<string, unknown>, string][] = [
      [{ filters: [{ field: 'value', operator: 'EQUALS', value: '1' }] }, 'filters.0.field'],
      [{ filters: [{ field: 'id', operator: 'LIKE', value: '1%' }] }, 'filters.0.operator'],
      [{ sorting: [{ field: 'startTime', order: 'ASC' }] }, 'sorting.0.field'],
      [{ pagination: { pageSize: 1001 } }, 'pagination.pageSize'],
    ];
    for (const [body, field] of cases)
      expectRefused(
        await api.call('POST', '/shared-budgets/query', { body }),
        'INVALID_VALUE',
        field,
        'INVALID_REQUEST',
      );
    expectRefused(
      await api.call('POST', '/shared-budgets/query', { body: { select: [] } }),
      'INVALID_FIELD',
      'select',
      'INVALID_REQUEST',
    );
  });

  it("hides budget orders of accounts the user doesn't reach", async () => {
    const euroOnly = await startTestApi({ adAccountIds: [4_000_002] });
    try {
      const [usdAccount = 0] = euroOnly.accountIds;
      expectRefused(
        await euroOnly.call('POST', '/shared-budgets', {
          body: order({ adAccountIds: [usdAccount] }),
          context: null,
        }),
        'INVALID_VALUE',
        'adAccountIds',
      );
      const { store } = euroOnly.sandbox;
      const budget = newSharedBudget(
        store.nextId(),
        {
          ...order(),
          orgId: store.org.id,
          endTime: null,
          adAccountIds: [usdAccount],
          value: { amount: '1.00', currency: 'USD' },
          invoiceDetail: { ...order().invoiceDetail, clientName: null, orderNumber: null },
        },
        start,
      );
      store.sharedBudgets.set(budget.id, budget);
      expect((await euroOnly.call('GET', `/shared-budgets/${budget.id}`)).status).toBe(404);
      const listed = await euroOnly.call('POST', '/shared-budgets/query', { context: null });
      expect(listed.body.result).toEqual([]);
      const forbidden = await euroOnly.call('POST', '/shared-budgets/query', {
        context: usdAccount,
      });
      expect(forbidden.status).toBe(403);
    } finally {
      await euroOnly.sandbox.close();
    }
  });
});
