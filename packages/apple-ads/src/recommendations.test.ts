import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { amountToMicros } from './money.js';
import { startFixture, type Fixture } from './sandbox-fixture.js';

let fixture: Fixture;
let adamId: number;

beforeAll(async () => {
  fixture = await startFixture({ scenario: 'demo' });
  adamId = fixture.sandbox.accounts()[0]?.adamIds[0] ?? 0;
});
afterAll(async () => {
  await fixture.sandbox.close();
});

describe('suggestions', () => {
  it('suggests keywords the app does not target yet, with popularity', async () => {
    const account = fixture.client.forAccount(fixture.adAccountId);
    const campaigns = await account.campaigns.query({
      filters: [{ field: 'promotedObjectId', operator: 'EQUALS', value: String(adamId) }],
      pagination: { pageSize: 1000 },
    });
    const targeted = new Set<string>();
    for (const campaign of campaigns.result)
      for await (const keywords of account.keywords.all({
        filters: [{ field: 'campaignId', operator: 'EQUALS', value: campaign.id }],
      }))
        for (const keyword of keywords) targeted.add(keyword.text);
    const page = await account.suggestions.keywords(adamId, {
      countriesOrRegions: ['US'],
      pagination: { pageSize: 200 },
    });
    expect(page.result.length).toBeGreaterThan(10);
    expect(page.result.some((suggestion) => targeted.has(suggestion.text))).toBe(false);
    expect(page.result[0]?.popularity).toBeGreaterThanOrEqual(page.result[1]?.popularity ?? 0);
  });

  it('suggests phrases and looks phrases up, and a target CPA in the account currency', async () => {
    const account = fixture.client.forAccount(fixture.adAccountId);
    const phrases = await account.suggestions.phrases(adamId);
    expect(phrases.result.length).toBeGreaterThan(0);
    const search = await account.suggestions.searchPhrases({ like: 'meal' });
    expect(search.result.length).toBeGreaterThan(0);
    expect(search.result.every((row) => row.phrase.includes('meal'))).toBe(true);
    const named = await account.suggestions.searchPhrases({ phrases: ['meal planner'] });
    expect(named.result.map((row) => row.phrase)).toEqual(['meal planner']);
    const target = await account.suggestions.targetCpa(adamId, { countriesOrRegions: ['US'] });
    expect(target.suggestedTargetCPA.currency).toBe('USD');
    expect(target.countryOrRegion).toEqual(['US']);
    expect(amountToMicros(target.suggestedTargetCPA.amount)).toBeGreaterThan(0);
  });

  it("refuses, before sending, a filter or sort the endpoint's page does not list", async () => {
    const account = fixture.client.forAccount(fixture.adAccountId);
    await expect(
      account.suggestions.keywords(adamId, {
        filters: [{ field: 'countryOrRegion', operator: 'EQUALS', value: ['US'] }],
      }),
    ).rejects.toMatchObject({
      name: 'V1RequestError',
      violations: [expect.objectContaining({ code: 'INVALID_VALUE', field: 'filters.2.field' })],
    });
    await expect(
      account.suggestions.phrases(adamId, { sorting: [{ field: 'text' }] }),
    ).rejects.toMatchObject({
      name: 'V1RequestError',
      violations: [expect.objectContaining({ field: 'sorting.0.field' })],
    });
  });
});

describe('recommendations', () => {
  it('applies a daily-budget recommendation: the campaign budget changes and history shows it', async () => {
    const account = fixture.client.forAccount(fixture.adAccountId);
    const since = new Date(Date.now() - 60_000).toISOString().slice(0, 23);
    const page = await account.recommendations.dailyBudgets.query(adamId);
    const [first] = page.result;
    if (!first) throw new Error('the demo scenario has budget-limited campaigns');
    expect(first).toMatchObject({ recommendationType: 'DAILYCAP', state: 'AVAILABLE' });
    const [applied] = await account.recommendations.dailyBudgets.apply([
      { id: first.id, adamId, amount: { amount: '777.00', currency: 'USD' } },
    ]);
    expect(applied).toMatchObject({
      recommendationId: first.id,
      state: 'APPLIED',
      appliedDailyBudgetAmount: { amount: '777.00', currency: 'USD' },
    });
    const campaign = await account.campaigns.get(first.campaignId);
    expect(campaign.dailyBudget.value.amount).toBe('777.00');
    const history = await account.changeHistory.query({
      filters: [
        { field: 'eventTime', operator: 'GREATER_THAN', value: since },
        { field: 'entityId', operator: 'EQUALS', value: String(first.campaignId) },
      ],
      options: { metadata: 'latest' },
    });
    const detailId = String(history.result[0]?.metas[0]?.detailId);
    const details = await account.changeHistory.details(detailId);
    expect(details.result[0]?.details[0]?.changes).toContainEqual({
      field: 'dailyBudget',
      oldValues: [first.dailyBudget?.amount],
      newValues: ['777.00'],
    });
  });

  it('dismisses a target-CPA recommendation and lists it as DISMISSED', async () => {
    const account = fixture.client.forAccount(fixture.adAccountId);
    const [first] = (await account.recommendations.targetCpas.query(adamId)).result;
    if (!first) throw new Error('no target-CPA recommendation');
    const [history] = await account.recommendations.targetCpas.dismiss([{ id: first.id, adamId }]);
    expect(history).toMatchObject({ recommendationId: first.id, state: 'DISMISSED' });
    const dismissed = await account.recommendations.targetCpas.query(adamId, {
      filters: [{ field: 'state', operator: 'EQUALS', value: ['DISMISSED'] }],
    });
    expect(dismissed.result.map((r) => r.id)).toEqual([first.id]);
    await expect(
      account.recommendations.targetCpas.apply([{ id: 'TCPA-unknown', adamId }]),
    ).rejects.toMatchObject({ kind: 'request', status: 400 });
    await expect(
      account.recommendations.targetCpas.apply([
        { id: first.id, adamId, amount: { amount: '1.005', currency: 'USD' } },
      ]),
    ).rejects.toMatchObject({
      name: 'V1RequestError',
      violations: [expect.objectContaining({ field: '0.appliedTargetCPA.amount' })],
    });
  });
});
