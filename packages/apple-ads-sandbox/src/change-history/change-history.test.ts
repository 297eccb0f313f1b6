import { describe, expect, it } from 'vitest';
import { seedScenario } from '../model/scenario.js';
import { SandboxStore } from '../model/store.js';
import { ApiError } from '../server/api-error.js';
import { asStrings, changeDetails, queryChangeHistory } from './change-history.js';

const NOW = Date.UTC(2026, 2, 15, 17, 30);
const ACCOUNT = 4_000_001;

function storeWithChanges() {
  let now = NOW;
  const store = new SandboxStore(42, () => now);
  seedScenario(store, 'demo');
  const [first, second] = [...store.keywords.values()].filter((k) => k.adAccountId === ACCOUNT);
  // One bulk call: two keyword updates in one transaction.
  store.beginTransaction();
  for (const keyword of [first, second])
    store.recordChange({
      adAccountId: ACCOUNT,
      entityType: 'KEYWORD',
      entityId: keyword?.id ?? 0,
      changeType: 'UPDATE',
      changes: [
        { field: 'bid', oldValue: keyword?.bid, newValue: { amount: '2.00', currency: 'USD' } },
      ],
      userId: 7,
    });
  now += 3_600_000;
  const campaign = [...store.campaigns.values()].find((c) => c.adAccountId === ACCOUNT);
  store.beginTransaction();
  store.recordChange({
    adAccountId: ACCOUNT,
    entityType: 'CAMPAIGN',
    entityId: campaign?.id ?? 0,
    changeType: 'UPDATE',
    changes: [{ field: 'status', oldValue: 'ENABLED', newValue: 'PAUSED' }],
    userId: 7,
  });
  return { store, first, campaign };
}

const since = (iso: string) => [{ field: 'eventTime', operator: 'GREATER_THAN', value: iso }];

describe('change history', () => {
  it('groups a transaction per entity type and lists the newest first', () => {
    const { store, campaign } = storeWithChanges();
    const page = queryChangeHistory(store, ACCOUNT, { filters: since('2026-03-15T00:00:00.000') });
    expect(page.result.map((row) => [row.entityType, row.eventType, row.count])).toEqual([
      ['Campaign', 'UPDATE', 1],
      ['Keyword', 'UPDATE', 2],
    ]);
    expect(page.result[0]).toMatchObject({
      userType: 'CUSTOMER_API',
      modifiedBy: '7',
      eventTime: '2026-03-15T18:30:00.000Z',
      metas: [],
    });
    const withMetas = queryChangeHistory(store, ACCOUNT, {
      filters: [
        ...since('2026-03-15T00:00:00.000'),
        { field: 'entityType', operator: 'IN', value: ['Campaign'] },
      ],
      options: { metadata: 'latest' },
    });
    expect(withMetas.result[0]?.metas[0]).toMatchObject({
      Campaign: String(campaign?.id),
      meta: { name: campaign?.name },
    });
  });

  it('filters by eventTime in UTC or in the account zone with ORTZ', () => {
    const { store } = storeWithChanges();
    const utc = queryChangeHistory(store, ACCOUNT, { filters: since('2026-03-15T18:00:00.000') });
    expect(utc.result.map((row) => row.entityType)).toEqual(['Campaign']);
    // 11:00 in Los Angeles (PDT) is 18:00 UTC.
    const ortz = queryChangeHistory(store, ACCOUNT, {
      filters: since('2026-03-15T11:00:00.000'),
      options: { timeZone: 'ORTZ' },
    });
    expect(ortz.result.map((row) => row.entityType)).toEqual(['Campaign']);
  });

  it('answers field changes as string arrays under the detail id', () => {
    const { store, first } = storeWithChanges();
    const [row] = queryChangeHistory(store, ACCOUNT, {
      filters: [
        ...since('2026-03-15T00:00:00.000'),
        { field: 'entityId', operator: 'IN', value: [first?.id] },
      ],
      options: { metadata: 'latest' },
    }).result;
    const detailId = String(row?.metas[0]?.detailId);
    expect(detailId).toBe(`Keyword.${first?.id}.${row?.transactionId}`);
    const details = changeDetails(store, ACCOUNT, detailId, new URLSearchParams());
    expect(details.result[0]?.details[0]?.changes).toEqual([
      { field: 'bid', oldValues: asStrings(first?.bid), newValues: ['2.00'] },
    ]);
    expect(() => changeDetails(store, ACCOUNT, 'Keyword.1.2', new URLSearchParams())).toThrow(
      ApiError,
    );
  });
});
