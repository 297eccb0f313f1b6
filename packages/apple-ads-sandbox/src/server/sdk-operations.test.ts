// Every operation of Apple's SDK (apple-ads-platform 1.109.0, the v1-*.md endpoint lists of the
// shared reference) is served: none answers "No route" or a wrong method. Each operation's rules
// are in docs/conformance (routes.md maps them).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApi, type TestApi } from './http-test-client.js';

const SDK_OPERATIONS = [
  // v1-accounts-and-access.md
  'GET /acls',
  'POST /ad-accounts',
  'GET /ad-accounts/{id}',
  'PUT /ad-accounts/{id}',
  'GET /advertiser-resources',
  'GET /me',
  'GET /orgs/{id}',
  // v1-ad-groups.md
  'POST /adgroups',
  'POST /adgroups/query',
  'DELETE /adgroups/{id}',
  'GET /adgroups/{id}',
  'PUT /adgroups/{id}',
  // v1-ads-and-creatives.md
  'POST /ads',
  'POST /ads/query',
  'DELETE /ads/{id}',
  'GET /ads/{id}',
  'PUT /ads/{id}',
  'POST /creatives',
  'POST /creatives/query',
  'DELETE /creatives/{id}',
  'GET /creatives/{id}',
  'PUT /creatives/{id}',
  'POST /rejection-reasons/apps/query',
  'GET /rejection-reasons/apps/{rejectionReasonId}',
  'POST /rejection-reasons/business-brands/query',
  // v1-apps-and-product-pages.md
  'GET /apps/{adamId}',
  'POST /apps/{adamId}/locale-details/query',
  'POST /eligibilities/apps/query',
  'POST /metadata/apps/supported-languages/query',
  'POST /product-pages/locale-details/query',
  'POST /product-pages/query',
  'GET /product-pages/{productPageId}',
  'GET /search/apps',
  // v1-assets.md
  'POST /assets/query',
  'POST /assets/upload',
  'DELETE /assets/{id}',
  'GET /assets/{id}',
  // v1-campaigns.md
  'POST /campaigns',
  'POST /campaigns/query',
  'DELETE /campaigns/{id}',
  'GET /campaigns/{id}',
  'PUT /campaigns/{id}',
  'GET /campaigns/{id}/legacy-app-limited-status-reason-details',
  // v1-change-history.md
  'POST /change-history/query',
  'GET /change-history/{detailId}',
  // v1-insights.md
  'POST /insights/apps/impression-share/query',
  'POST /insights/apps/search-term-popularity/query',
  // v1-keywords.md
  'POST /keywords',
  'POST /keywords/bulk-create',
  'POST /keywords/bulk-update',
  'POST /keywords/query',
  'DELETE /keywords/{id}',
  'GET /keywords/{id}',
  'PUT /keywords/{id}',
  // v1-maps-brands-and-categories.md
  'POST /business-brands/query',
  'GET /business-brands/{id}',
  'POST /business-categories/query',
  'GET /business-categories/{id}',
  // v1-maps-locations-and-geo.md
  'POST /location-groups',
  'POST /location-groups/query',
  'DELETE /location-groups/{id}',
  'GET /location-groups/{id}',
  'PUT /location-groups/{id}',
  'POST /locations/query',
  'GET /locations/{id}',
  'GET /search/geo',
  'POST /search/geo',
  // v1-negative-keywords.md
  'POST /negative-keywords',
  'POST /negative-keywords/bulk-create',
  'POST /negative-keywords/bulk-update',
  'POST /negative-keywords/query',
  'DELETE /negative-keywords/{id}',
  'GET /negative-keywords/{id}',
  'PUT /negative-keywords/{id}',
  // v1-recommendations-and-suggestions.md
  'POST /recommendations/daily-budgets/apply',
  'POST /recommendations/daily-budgets/dismiss',
  'POST /recommendations/daily-budgets/query',
  'POST /recommendations/target-cpas/apply',
  'POST /recommendations/target-cpas/dismiss',
  'POST /recommendations/target-cpas/query',
  'POST /suggestions/categories/query',
  'POST /suggestions/keywords/query',
  'POST /suggestions/phrases/query',
  'POST /suggestions/target-cpas/query',
  // v1-reports.md
  'POST /reports/apps/adgroups/query',
  'POST /reports/apps/ads/query',
  'POST /reports/apps/campaigns/query',
  'POST /reports/apps/keywords/query',
  'POST /reports/apps/searchterms/query',
  'POST /reports/business-brands/adgroups/query',
  'POST /reports/business-brands/ads/query',
  'POST /reports/business-brands/campaigns/query',
  'POST /reports/business-brands/keywords/query',
  'POST /reports/business-brands/searchterms/query',
  // v1-shared-budgets.md
  'POST /shared-budgets',
  'POST /shared-budgets/query',
  'DELETE /shared-budgets/{id}',
  'GET /shared-budgets/{id}',
  'PUT /shared-budgets/{id}',
] as const;

let api: TestApi;
beforeAll(async () => {
  api = await startTestApi();
});
afterAll(() => api.sandbox.close());

describe("Apple's SDK operations", () => {
  it.each(SDK_OPERATIONS)('serves %s', async (operation) => {
    const [method = '', template = ''] = operation.split(' ');
    // Any id will do: the route must answer for itself (200, 400, 404 for an unknown entity).
    const path = template.replace(/\{\w+\}/g, '1');
    const response = await api.call(method, path, { body: method === 'GET' ? undefined : {} });
    expect(response.status).not.toBe(405);
    expect(response.body?.error?.message ?? '').not.toMatch(/^No route/);
  });
});
