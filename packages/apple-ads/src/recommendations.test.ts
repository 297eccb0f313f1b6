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
      countryOrRegion: 'US',
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
    const search = await account.suggestions.phrases(adamId, {
      queryType: 'SEARCH',
      filters: [{ field: 'phrase', operator: 'STARTS_WITH', value: ['meal'] }],
    });
    expect(search.result.every((row) => row.phrase.startsWith('meal'))).toBe(true);
    const target = await account.suggestions.targetCpa(adamId, { countriesOrRegions: ['US'] });
    expect(target.suggestedTargetCPA.currency).toBe('USD');
    expect(amountToMicros(target.suggestedTargetCPA.amount)).toBeGreaterThan(0);
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
    expect(applied?.state).toBe('APPLIED');
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
    await account.recommendations.targetCpas.dismiss([{ id: first.id, adamId }]);
    const dismissed = await account.recommendations.targetCpas.query(adamId, {
      filters: [{ field: 'state', operator: 'EQUALS', value: ['DISMISSED'] }],
    });
    expect(dismissed.result.map((r) => r.id)).toEqual([first.id]);
    await expect(
      account.recommendations.targetCpas.apply([{ id: 'TCPA-unknown', adamId }]),
    ).rejects.toMatchObject({ kind: 'request', status: 400 });
  });
});
