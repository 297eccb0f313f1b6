import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { V1RequestError } from '@tapwise/apple-ads-schemas';
import { startFixture, type Fixture } from './sandbox-fixture.js';
import { createAppleAdsClient, type AppleAdsClient } from './client.js';
import { generateKeyPair } from './key-pair.js';
import { toMetrics } from './report-metrics.js';

let fixture: Fixture;
const day = (offset: number) =>
  new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);

beforeAll(async () => {
  fixture = await startFixture({ scenario: 'demo' });
});
afterAll(async () => {
  await fixture.sandbox.close();
});

describe('identity and access', () => {
  it('exchanges a client-secret JWT for a token and reads /me and /acls', async () => {
    const me = await fixture.client.me();
    expect(me.userId).toBeGreaterThan(0);
    const acls = await fixture.client.acls();
    expect(acls.map((acl) => acl.adAccount.id)).toContain(fixture.adAccountId);
    expect(acls[0]?.roles).toEqual(['Admin']);
    expect(fixture.client.rateLimit.limit).toBeGreaterThan(0);
  });

  it('reports a key that does not match the registered public key as an auth error', async () => {
    const stranger = createAppleAdsClient({
      ...fixture.credentials,
      privateKeyPem: generateKeyPair().privateKeyPem,
      baseUrl: fixture.sandbox.url,
      tokenUrl: fixture.sandbox.tokenUrl,
    });
    await expect(stranger.me()).rejects.toMatchObject({
      kind: 'auth',
      code: 'invalid_client',
      status: 401,
    });
  });

  it('refuses writes for a read-only role with 403 but serves reads', async () => {
    const readOnly = await startFixture({ scenario: 'new' }, {}, 'API Account Read Only');
    try {
      const account = readOnly.client.forAccount(readOnly.adAccountId);
      const page = await account.campaigns.query();
      expect(page.result.length).toBeGreaterThan(0);
      const campaign = page.result[0];
      await expect(
        account.campaigns.update(campaign?.id ?? 0, { status: 'PAUSED' }),
      ).rejects.toMatchObject({ kind: 'forbidden', status: 403 });
    } finally {
      await readOnly.sandbox.close();
    }
  });
});

describe('entities', () => {
  it('pages through all 2,000 demo keywords with the pager', async () => {
    const account = fixture.client.forAccount(fixture.adAccountId);
    const adGroups = await account.adGroups.query({ pagination: { pageSize: 1000 } });
    const inAdGroups = adGroups.result.map((adGroup) => adGroup.id);
    let count = 0;
    for await (const page of account.keywords.all(
      { filters: [{ field: 'adGroupId', operator: 'IN', value: inAdGroups }] },
      700,
    ))
      count += page.length;
    expect(count).toBe(2000);
  });

  it('queries campaigns with filters, sorting and pagination', async () => {
    const account = fixture.client.forAccount(fixture.adAccountId);
    const page = await account.campaigns.query({
      filters: [{ field: 'name', operator: 'LIKE', value: '%Brand%' }],
      sorting: [{ field: 'name', order: 'DESC' }],
      pagination: { offset: 1, pageSize: 2, fetchTotalCount: true },
    });
    expect(page.pagination).toEqual({ offset: 1, pageSize: 2, totalCount: 5 });
    expect(page.result.every((campaign) => campaign.name.includes('Brand'))).toBe(true);
    expect((page.result[0]?.name ?? '') >= (page.result[1]?.name ?? '')).toBe(true);
  });

  it('creates a campaign, ad group, keywords in bulk, negatives and an ad, then pauses and deletes', async () => {
    const account = fixture.client.forAccount(fixture.adAccountId);
    const [adamId] = fixture.sandbox.accounts()[0]?.adamIds ?? [];
    const campaign = await account.campaigns.create({
      name: 'Contract test campaign',
      billingEvent: 'TAPS',
      promotedObjectType: 'APPSTORE_APP',
      promotedObjectId: String(adamId),
      dailyBudget: { value: { amount: '100', currency: 'USD' } },
      targeting: { countryOrRegion: { include: ['US'] } },
    });
    expect(campaign.dailyBudget.value.amount).toBe('100.00');
    expect(campaign.displayStatus).toBe('ON_HOLD');
    expect(campaign.systemStatusReasons).toContain('AD_GROUPS_MISSING');
    const adGroup = await account.adGroups.create({
      campaignId: campaign.id,
      name: 'Exact',
      pricingModel: 'CPT',
      bidStrategy: {
        bidStrategyType: 'MANUAL_CPT',
        bidStrategyGoal: 'TAP',
        bid: { amount: '1.50', currency: 'USD' },
      },
    });
    const created = await account.keywords.bulkCreate(
      [
        {
          adGroupId: adGroup.id,
          text: 'habit tracker',
          matchType: 'EXACT',
          bid: { amount: '2.10', currency: 'USD' },
        },
        // Passes the v1 rules, but Apple finds no such ad group: only this item fails.
        { adGroupId: 1, text: 'lost', matchType: 'EXACT' },
      ],
      { allowPartialSuccess: true },
    );
    expect(created.map((item) => [item.correlationId, item.operation, item.success])).toEqual([
      [0, 'CREATE', true],
      [1, 'CREATE', false],
    ]);
    expect(created[1]?.error?.code).toBe('NOT_FOUND');
    const keywordId = created[0]?.result?.id ?? 0;
    await expect(
      account.keywords.bulkCreate([
        { adGroupId: adGroup.id, text: 'x', bid: { amount: '1.234', currency: 'USD' } },
      ]),
    ).rejects.toBeInstanceOf(V1RequestError);
    const updated = await account.keywords.bulkUpdate([{ id: keywordId, status: 'PAUSED' }]);
    expect(updated[0]?.result?.status).toBe('PAUSED');
    const negatives = await account.negativeKeywords.bulkCreate([
      { campaignId: campaign.id, text: 'free' },
      { adGroupId: adGroup.id, text: 'cheap', matchType: 'BROAD' },
    ]);
    expect(negatives.map((item) => item.result?.adGroupId ?? null)).toEqual([null, adGroup.id]);
    const creatives = await account.creatives.query({
      filters: [{ field: 'creativeType', operator: 'EQUALS', value: 'DEFAULT_PRODUCT_PAGE' }],
    });
    const ad = await account.ads.create({
      adGroupId: adGroup.id,
      creativeId: creatives.result[0]?.id ?? 0,
      name: 'Default',
      status: 'ENABLED',
    });
    expect(ad.adGroupId).toBe(adGroup.id);
    const paused = await account.campaigns.update(campaign.id, { status: 'PAUSED' });
    expect(paused.displayStatus).toBe('PAUSED');
    await account.campaigns.delete(campaign.id);
    // get-campaigns-_id_.md: a deleted campaign is still answered by id.
    expect(await account.campaigns.get(campaign.id)).toMatchObject({
      deleted: true,
      displayStatus: 'DELETED',
    });
    const deleted = await account.campaigns.query({
      filters: [{ field: 'deleted', operator: 'EQUALS', value: true }],
    });
    expect(deleted.result.map((c) => c.id)).toContain(campaign.id);
  });

  it('refuses a write that breaks a v1 rule before sending it, naming the rule', async () => {
    const account = fixture.client.forAccount(fixture.adAccountId);
    const error = await account.adGroups
      .create({
        campaignId: 1,
        name: '',
        pricingModel: 'CPT',
        bidStrategy: { bidStrategyType: 'MANUAL_CPT', bidStrategyGoal: 'TAP' },
      })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(V1RequestError);
    expect((error as V1RequestError).violations).toEqual([
      { code: 'INVALID_VALUE', message: 'name must be non-empty', field: 'name' },
    ]);
    const before = fixture.sandbox.accounts()[0]?.campaignCount;
    await expect(
      account.campaigns.create({
        name: 'Mismatched strategy',
        billingEvent: 'TAPS',
        promotedObjectType: 'APPSTORE_APP',
        promotedObjectId: String(fixture.sandbox.accounts()[0]?.adamIds[0]),
        dailyBudget: { value: { amount: '10.00', currency: 'USD' } },
        targeting: { countryOrRegion: { include: ['US'] } },
        bidStrategy: { bidStrategyType: 'MAX_CONVERSIONS', bidStrategyGoal: 'TAP' },
      }),
    ).rejects.toThrow(
      'POST /campaigns breaks Apple Ads v1 rules: bidStrategy.bidStrategyGoal: bidStrategyGoal must be INSTALL for MAX_CONVERSIONS',
    );
    await expect(
      account.keywords.bulkUpdate([{ id: 1, text: 'renamed' } as never]),
    ).rejects.toBeInstanceOf(V1RequestError);
    expect(fixture.sandbox.accounts()[0]?.campaignCount).toBe(before);
  });

  it('lists product pages and app details of owned apps', async () => {
    const account = fixture.client.forAccount(fixture.adAccountId);
    const pages = await account.productPages.query();
    expect(pages.result.length).toBe(4);
    const page = await account.productPages.get(pages.result[0]?.id ?? '');
    expect(page.state).toBe('PUBLISHED');
    const details = await account.apps.details(Number(page.adamId));
    expect(details).toMatchObject({ id: String(page.adamId), isPreorder: false });
    expect(details).not.toHaveProperty('adamId');
    const search = await account.apps.search({ returnOwnedApps: true });
    expect(search.result.map((app) => app.adamId)).toContain(Number(page.adamId));
    await expect(account.apps.search({ query: 'ab' })).rejects.toMatchObject({
      name: 'V1RequestError',
      violations: [expect.objectContaining({ field: 'query' })],
    });
  });

  it('reads the locale details of the default and of a custom product page', async () => {
    const account = fixture.client.forAccount(fixture.adAccountId);
    const page = (await account.productPages.query()).result[0]!;
    const defaultLocales = await account.apps.localeDetails(Number(page.adamId));
    expect(defaultLocales.result.filter((locale) => locale.isPrimaryLocale)).toHaveLength(1);
    const customLocales = await account.productPages.localeDetails({
      filters: [{ field: 'productPageId', operator: 'EQUALS', value: page.id }],
    });
    expect(customLocales.result.length).toBeGreaterThan(0);
    expect(customLocales.result.every((locale) => locale.productPageId === page.id)).toBe(true);
    expect(customLocales.result[0]?.assetsByDevice?.iphone_6_5?.assets).toHaveLength(2);
    // Apple answers only one page's locales at a time.
    await expect(account.productPages.localeDetails({})).rejects.toBeInstanceOf(V1RequestError);
  });
});

describe('reports', () => {
  it('returns DAILY keyword rows whose days sum to the totals, with a grand total', async () => {
    const account = fixture.client.forAccount(fixture.adAccountId);
    const campaigns = await account.campaigns.query({ pagination: { pageSize: 1000 } });
    const page = await account.reports.keywords({
      timeRange: { start: day(-10), end: day(-1), granularity: 'DAILY' },
      filters: [{ field: 'campaignId', operator: 'IN', value: campaigns.result.map((c) => c.id) }],
      options: { includeRows: ['GRAND_TOTAL'] },
      pagination: { pageSize: 5000 },
    });
    expect(page.rows.length).toBeGreaterThan(1000);
    for (const row of page.rows.slice(0, 50)) {
      const total = toMetrics(row.totalMetrics);
      const days = (row.granularMetrics ?? []).map(toMetrics);
      expect(days.reduce((sum, d) => sum + d.localSpendMicros, 0)).toBe(total.localSpendMicros);
      expect(days.reduce((sum, d) => sum + d.taps, 0)).toBe(total.taps);
      expect(['ENABLED', 'ACTIVE', 'PAUSED']).toContain(row.metadata.status);
    }
    const spend = page.rows.reduce(
      (sum, row) => sum + toMetrics(row.totalMetrics).localSpendMicros,
      0,
    );
    expect(toMetrics(page.grandTotal ?? {}).localSpendMicros).toBe(spend);
  });

  it('groups campaign rows by deviceClass and keeps the sum equal to the ungrouped row', async () => {
    const account = fixture.client.forAccount(fixture.adAccountId);
    const campaignId = (
      await account.campaigns.query({
        filters: [{ field: 'status', operator: 'EQUALS', value: 'ENABLED' }],
      })
    ).result[0]?.id;
    const base = {
      timeRange: { start: day(-30), end: day(-2) },
      filters: [{ field: 'campaignId', operator: 'EQUALS', value: campaignId }],
    };
    const whole = await account.reports.campaigns(base);
    const grouped = await account.reports.campaigns({ ...base, groupBy: ['deviceClass'] });
    expect(grouped.rows.map((row) => row.metadata.deviceClass).sort()).toEqual(['IPAD', 'IPHONE']);
    const sum = grouped.rows.reduce((s, row) => s + toMetrics(row.totalMetrics).impressions, 0);
    expect(sum).toBe(toMetrics(whole.rows[0]?.totalMetrics ?? {}).impressions);
  });

  it('walks search-term and ad report pages and rejects UTC for search terms', async () => {
    const account = fixture.client.forAccount(fixture.adAccountId);
    const campaignId = (
      await account.campaigns.query({
        filters: [
          { field: 'name', operator: 'LIKE', value: '%Discovery%' },
          { field: 'status', operator: 'EQUALS', value: 'ENABLED' },
        ],
      })
    ).result[0]?.id;
    const request = {
      timeRange: { start: day(-7), end: day(-1) },
      filters: [{ field: 'campaignId', operator: 'EQUALS', value: campaignId }],
      pagination: { pageSize: 7 },
    };
    const terms = [];
    for await (const page of account.reports.pages('searchterms', request))
      terms.push(...page.rows);
    expect(
      terms.some(
        (row) => (row.metadata as { searchTermSource?: string }).searchTermSource === 'AUTO',
      ),
    ).toBe(true);
    const ads = await account.reports.ads(request);
    expect(ads.rows.length).toBeGreaterThan(0);
    await expect(
      account.reports.searchTerms({
        ...request,
        timeRange: { ...request.timeRange, timeZone: 'UTC' },
      }),
    ).rejects.toThrow('timeRange.timeZone: search term reports support ORTZ only');
    await expect(
      account.reports.keywords({
        ...request,
        timeRange: { start: day(-120), end: day(-1), granularity: 'DAILY' },
      }),
    ).rejects.toMatchObject({ status: 400 });
    await expect(
      account.reports.keywords({ timeRange: request.timeRange, filters: [] }),
    ).rejects.toThrow('filters: a campaignId filter is required (appsreportingrequest.md)');
  });
});

describe('report granularities and options', () => {
  it('returns WEEKLY rows whose weeks sum to the DAILY rows of the same window', async () => {
    const account = fixture.client.forAccount(fixture.adAccountId);
    const campaigns = await account.campaigns.query({ pagination: { pageSize: 6 } });
    const base = {
      filters: [{ field: 'campaignId', operator: 'IN', value: campaigns.result.map((c) => c.id) }],
      pagination: { pageSize: 5000 },
    };
    const window = { start: day(-60), end: day(-15) };
    const weekly = await account.reports.adGroups({
      ...base,
      timeRange: { ...window, granularity: 'WEEKLY' },
    });
    const daily = await account.reports.adGroups({
      ...base,
      timeRange: { ...window, granularity: 'DAILY' },
    });
    const dailyById = new Map(daily.rows.map((row) => [row.metadata.id, row]));
    expect(weekly.rows.length).toBe(daily.rows.length);
    for (const row of weekly.rows) {
      const weeks = (row.granularMetrics ?? []).map(toMetrics);
      const days = (dailyById.get(row.metadata.id)?.granularMetrics ?? []).map(toMetrics);
      for (const [index, week] of weeks.entries()) {
        const next = weeks[index + 1]?.date ?? '9999-12-31';
        const inWeek = days.filter(
          (d) => (d.date ?? '') >= (week.date ?? '') && (d.date ?? '') < next,
        );
        expect(inWeek.reduce((sum, d) => sum + d.localSpendMicros, 0)).toBe(week.localSpendMicros);
        expect(inWeek.reduce((sum, d) => sum + d.impressions, 0)).toBe(week.impressions);
      }
      expect(toMetrics(row.totalMetrics)).toEqual(
        toMetrics(dailyById.get(row.metadata.id)?.totalMetrics ?? {}),
      );
    }
  });

  it('adds zero rows for keywords without delivery with EMPTY_METRICS', async () => {
    const account = fixture.client.forAccount(fixture.adAccountId);
    const paused = await account.campaigns.query({
      filters: [{ field: 'status', operator: 'EQUALS', value: 'PAUSED' }],
    });
    const campaignId = paused.result[0]?.id;
    const request = {
      timeRange: { start: day(-4), end: day(-1) },
      filters: [{ field: 'campaignId', operator: 'EQUALS', value: campaignId }],
      pagination: { pageSize: 5000 },
    };
    const keywords = await account.keywords.query({
      filters: [{ field: 'campaignId', operator: 'EQUALS', value: campaignId }],
      pagination: { pageSize: 1000 },
    });
    expect((await account.reports.keywords(request)).rows).toEqual([]);
    const withEmpty = await account.reports.keywords({
      ...request,
      options: { includeRows: ['EMPTY_METRICS', 'GRAND_TOTAL'] },
    });
    expect(withEmpty.rows.map((row) => row.metadata.id).sort()).toEqual(
      keywords.result.map((k) => k.id).sort(),
    );
    expect(withEmpty.rows.every((row) => toMetrics(row.totalMetrics).impressions === 0)).toBe(true);
    expect(toMetrics(withEmpty.grandTotal ?? {}).localSpendMicros).toBe(0);
  });
});

describe('ad group changes through the API', () => {
  // 04:00 in Los Angeles on 2026-03-10; the test moves both sandboxes' clocks to 16:00.
  const start = Date.UTC(2026, 2, 10, 11);
  const today = '2026-03-10';
  const yesterday = '2026-03-09';

  async function clocked() {
    const clock = { now: start };
    const clockFixture = await startFixture({ scenario: 'new', now: () => clock.now });
    return {
      ...clockFixture,
      clock,
      account: clockFixture.client.forAccount(clockFixture.adAccountId),
    };
  }

  async function adGroupImpressions(
    account: ReturnType<AppleAdsClient['forAccount']>,
    campaignId: number,
    date: string,
  ): Promise<Map<number, number>> {
    const page = await account.reports.adGroups({
      timeRange: { start: date, end: date },
      filters: [{ field: 'campaignId', operator: 'EQUALS', value: campaignId }],
      options: { includeRows: ['EMPTY_METRICS'] },
    });
    return new Map(
      page.rows.map((row) => [row.metadata.id as number, toMetrics(row.totalMetrics).impressions]),
    );
  }

  it('changes delivery from the moment an ad group is paused or its targeting narrowed', async () => {
    const control = await clocked();
    const changed = await clocked();
    try {
      const campaign = (
        await changed.account.campaigns.query({
          filters: [
            { field: 'status', operator: 'EQUALS', value: 'ENABLED' },
            { field: 'name', operator: 'LIKE', value: '%Category%' },
          ],
        })
      ).result[0];
      if (!campaign) throw new Error('no category campaign');
      // A budget that cannot bind, so the day's cap scales nothing in either sandbox.
      for (const { account } of [control, changed])
        await account.campaigns.update(campaign.id, {
          dailyBudget: { value: { amount: '100000.00', currency: 'USD' } },
        });
      const before = await adGroupImpressions(changed.account, campaign.id, yesterday);
      const [narrowed, paused] = [...before.entries()]
        .filter(([, impressions]) => impressions > 0)
        .map(([id]) => id);
      if (narrowed === undefined || paused === undefined) throw new Error('two live ad groups');
      const atChange = await adGroupImpressions(changed.account, campaign.id, today);
      await changed.account.adGroups.update(narrowed, {
        targeting: { deviceClass: { include: ['IPAD'] } },
      });
      await changed.account.adGroups.update(paused, { status: 'PAUSED' });
      control.clock.now = changed.clock.now = start + 12 * 3_600_000;
      const controlToday = await adGroupImpressions(control.account, campaign.id, today);
      const changedToday = await adGroupImpressions(changed.account, campaign.id, today);
      const gain = (after: Map<number, number>, id: number) =>
        (after.get(id) ?? 0) - (atChange.get(id) ?? 0);
      expect(gain(controlToday, paused)).toBeGreaterThan(0);
      expect(gain(changedToday, paused)).toBe(0);
      expect(gain(changedToday, narrowed)).toBeLessThan(gain(controlToday, narrowed) * 0.4);
      expect(await adGroupImpressions(changed.account, campaign.id, yesterday)).toEqual(before);
    } finally {
      await control.sandbox.close();
      await changed.sandbox.close();
    }
  });
});
