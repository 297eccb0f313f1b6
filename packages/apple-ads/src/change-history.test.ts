import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFixture, type Fixture } from './sandbox-fixture.js';

let fixture: Fixture;
beforeAll(async () => {
  fixture = await startFixture({ scenario: 'new' });
});
afterAll(async () => {
  await fixture.sandbox.close();
});

describe('change history', () => {
  it('shows a bulk keyword create as one transaction and its fields as strings', async () => {
    const account = fixture.client.forAccount(fixture.adAccountId);
    const since = new Date(Date.now() - 1000).toISOString().slice(0, 23);
    const adGroup = (await account.adGroups.query()).result[0];
    const created = await account.keywords.bulkCreate([
      {
        adGroupId: adGroup?.id ?? 0,
        text: 'history one',
        matchType: 'EXACT',
        bid: { amount: '1.10', currency: 'USD' },
      },
      {
        adGroupId: adGroup?.id ?? 0,
        text: 'history two',
        matchType: 'EXACT',
        bid: { amount: '1.20', currency: 'USD' },
      },
    ]);
    const keywordId = created[0]?.result?.id ?? 0;
    await account.keywords.update(keywordId, { bid: { amount: '1.50', currency: 'USD' } });
    const summary = await account.changeHistory.query({
      filters: [{ field: 'eventTime', operator: 'GREATER_THAN', value: since }],
      sorting: [{ field: 'eventTime', order: 'ASC' }],
      options: { metadata: 'latest' },
    });
    expect(summary.result.map((row) => [row.entityType, row.eventType, row.count])).toEqual([
      ['Keyword', 'CREATE', 2],
      ['Keyword', 'UPDATE', 1],
    ]);
    const me = await fixture.client.me();
    expect(summary.result[0]?.modifiedBy).toBe(String(me.userId));
    const update = summary.result[1];
    const details = await account.changeHistory.details(String(update?.metas[0]?.detailId));
    expect(details.result[0]).toMatchObject({
      entityType: 'Keyword',
      entityId: String(keywordId),
      eventType: 'UPDATE',
      entityMetaData: { text: 'history one' },
    });
    expect(details.result[0]?.details[0]?.changes).toContainEqual({
      field: 'bid',
      oldValues: ['1.10'],
      newValues: ['1.50'],
    });
    const creation = await account.changeHistory.details(
      `Keyword.${keywordId}.${summary.result[0]?.transactionId}`,
    );
    expect(creation.result[0]?.details[0]?.changes).toContainEqual({
      field: 'text',
      oldValues: [],
      newValues: ['history one'],
    });
  });

  it('walks every summary row, refuses a query without an eventTime filter before sending it, answers 404 for an unknown id', async () => {
    const account = fixture.client.forAccount(fixture.adAccountId);
    let rows = 0;
    for await (const page of account.changeHistory.all(
      {
        filters: [
          {
            field: 'eventTime',
            operator: 'GREATER_THAN',
            value: new Date(Date.now() - 86_400_000).toISOString(),
          },
        ],
      },
      1,
    ))
      rows += page.length;
    expect(rows).toBeGreaterThanOrEqual(2);
    await expect(account.changeHistory.query({ filters: [] })).rejects.toMatchObject({
      name: 'V1RequestError',
      violations: [expect.objectContaining({ code: 'FIELD_REQUIRED', field: 'filters' })],
    });
    await expect(account.changeHistory.details('Keyword.1.1')).rejects.toMatchObject({
      kind: 'not-found',
      code: 'NOT_FOUND',
    });
  });
});
