import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newAdvertiserResource } from '../model/factories.js';
import {
  expectRefused,
  startTestApi,
  type Json,
  type TestApi,
} from '../server/http-test-client.js';

let api: TestApi;
beforeAll(async () => {
  api = await startTestApi();
});
afterAll(() => api.sandbox.close());

const search = (params: string) => api.call('GET', `/search/apps?${params}`);
const adamIds = (response: Json): number[] => response.body.result.map((app: Json) => app.adamId);

describe('GET /search/apps', () => {
  it("answers the context account's own apps with returnOwnedApps=true", async () => {
    const [account] = api.sandbox.accounts();
    const owned = await search('returnOwnedApps=true');
    expect(adamIds(owned).sort()).toEqual([...(account?.adamIds ?? [])].sort());
  });

  it("matches the name or developer, a content provider's apps by cpids, and storefronts", async () => {
    const first = (await search('returnOwnedApps=true')).body.result[0];
    const byName = await search(`query=${encodeURIComponent(first.appName)}`);
    expect(adamIds(byName)).toContain(first.adamId);
    const cpid = newAdvertiserResource(42, 'CONTENT_PROVIDER', first.developerName).resourceId;
    const byProvider = await search(`cpids=${cpid}&limit=1000`);
    expect(byProvider.body.result.length).toBeGreaterThan(0);
    expect(
      byProvider.body.result.every((found: Json) => found.developerName === first.developerName),
    ).toBe(true);
    const inStorefronts = await search('returnOwnedApps=true&storeFronts=US&storeFronts=GB');
    expect(adamIds(inStorefronts)).toEqual(adamIds(await search('returnOwnedApps=true')));
    const elsewhere = await search('returnOwnedApps=true&storeFronts=BR');
    expect(elsewhere.body.result).toEqual([]);
  });

  it('pages with offset and limit (20 by default), clamping limit to the maximum', async () => {
    const all = await search('query=app&limit=5000');
    expect(all.body.pagination).toMatchObject({ offset: 0 });
    expect(all.body.result.length).toBeLessThanOrEqual(1000);
    const first = await search('query=app');
    expect(first.body.result).toHaveLength(Math.min(20, all.body.result.length));
    const second = await search('query=app&offset=1&limit=2');
    expect(adamIds(second)).toEqual(adamIds(all).slice(1, 3));
    expect(second.body.pagination).toEqual({
      offset: 1,
      pageSize: 2,
      totalCount: all.body.pagination.totalCount,
    });
  });

  it('refuses a search without query, cpids or owned apps, short queries, bad storefronts and parameters', async () => {
    const cases: [string, string, string][] = [
      ['', 'INVALID_INPUT', ''],
      ['returnOwnedApps=false', 'INVALID_INPUT', ''],
      ['query=ab', 'INVALID_VALUE', 'query'],
      ['query=%2B%2B%2B', 'INVALID_VALUE', 'query'],
      ['query=x&returnOwnedApps=yes', 'INVALID_VALUE', 'returnOwnedApps'],
      ['cpids=12,ab', 'INVALID_VALUE', 'cpids'],
      ['returnOwnedApps=true&storeFronts=usa', 'INVALID_COUNTRY_CODE', 'storeFronts'],
      ['returnOwnedApps=true&storeFronts=US&storeFronts=ZZ', 'INVALID_COUNTRY_CODE', 'storeFronts'],
      ['returnOwnedApps=true&limit=0', 'INVALID_VALUE', 'limit'],
      ['returnOwnedApps=true&offset=-1', 'INVALID_VALUE', 'offset'],
      ['returnOwnedApps=true&page=2', 'INVALID_FIELD', 'page'],
    ];
    for (const [params, code, field] of cases)
      expectRefused(await search(params), code, field, 'INVALID_REQUEST');
    expect((await search('query=地図')).status).toBe(200);
  });
});
