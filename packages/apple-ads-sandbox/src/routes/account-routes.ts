// Identity and access: /me, /acls, ad accounts and apps search / details / eligibility.
import {
  APP_STORE_PLACEMENTS,
  APP_SEARCH_LIMIT_MAX,
  appSearchParamsSchema,
  selectorSchema,
} from '@tapwise/apple-ads-schemas';
import { COUNTRIES } from '../geo/geo-dataset.js';
import { APP_STOREFRONTS } from '../model/catalogue.js';
import { newAdvertiserResource } from '../model/factories.js';
import type { RouteContext, Router } from '../server/router.js';
import { ApiError, detail, notFound } from '../server/api-error.js';
import { queryParams, refuseInvalid, runQuery } from '../server/entity-query.js';
import { accountId, idParam } from './scope.js';

export function registerAccountRoutes(router: Router): void {
  router.add(
    'GET',
    '/me',
    ({ store, user }) => ({ body: { result: { userId: user.userId, orgId: store.orgId } } }),
    { context: false },
  );

  router.add(
    'GET',
    '/acls',
    ({ store, user }) => ({
      body: {
        result: {
          acls: [...store.adAccounts.values()]
            .filter(
              (account) => user.adAccountIds === 'all' || user.adAccountIds.includes(account.id),
            )
            .map((account) => ({
              adAccount: { id: account.id, name: account.name, orgId: account.orgId },
              roles: [user.role],
            })),
        },
      },
    }),
    { context: false },
  );

  router.add(
    'GET',
    '/ad-accounts/{id}',
    (context) => {
      const account = context.store.adAccounts.get(idParam(context));
      const { user } = context;
      if (!account || (user.adAccountIds !== 'all' && !user.adAccountIds.includes(account.id)))
        throw notFound('Ad account');
      return { body: { result: account } };
    },
    { context: false },
  );

  router.add('GET', '/search/apps', searchApps);

  router.add('GET', '/apps/{adamId}', (context) => {
    const app = context.store.appsByAdamId.get(Number(context.params.adamId));
    if (!app) throw notFound('App');
    return {
      body: {
        // appdetails.md: the Adam ID is `id`, a string; genres are App Store genre paths.
        result: {
          id: String(app.adamId),
          appName: app.name,
          artistName: app.developer,
          primaryLanguage: 'en-US',
          primaryGenre: `>Mobile Software Applications>${app.primaryGenreName}`,
          deviceClasses: ['IPHONE', 'IPAD'],
          iconPictureUrl: `https://is1-ssl.mzstatic.com/image/thumb/sandbox/${app.adamId}/AppIcon-1024x1024.png`,
          isPreorder: false,
          availableStorefronts: [...APP_STOREFRONTS],
        },
      },
    };
  });

  router.add('POST', '/eligibilities/apps/query', (context) => {
    const account = context.store.accountOf(accountId(context));
    const owned = context.store.accountApps.get(account.id) ?? [];
    // eligibilityresponse.md: one record per app, placement, country and device class; the
    // records date from the account's creation, every app is rated 4+ and eligible on every App
    // Store placement in every storefront (choices).
    const rows = owned.flatMap((adamId) =>
      APP_STORE_PLACEMENTS.flatMap((supplyPlacement) =>
        APP_STOREFRONTS.map((countryOrRegion) => ({
          adamId,
          supplyPlacement,
          supplySource: 'APPSTORE',
          minAge: 4,
          state: 'ELIGIBLE',
          countryOrRegion,
          deviceClass: 'IPHONE',
          creationTime: account.creationTime,
          modificationTime: account.creationTime,
        })),
      ),
    );
    return { body: runQuery(rows, context.body, selectorSchema('/eligibilities/apps/query')) };
  });
}

/** The storefronts Apple Ads serves in the sandbox's model: the gazetteer's countries. */
const ENABLED_STOREFRONTS = new Set(COUNTRIES.map(([code]) => code));

/**
 * App search over the catalogue. "Owned" apps are the context account's (choice: the page says
 * the organization's; Tapwise reads an account's apps this way); cpids match the developer's
 * content provider id.
 */
function searchApps(context: RouteContext) {
  const params = refuseInvalid(appSearchParamsSchema, queryParams(context.query));
  const storeFronts = [params.storeFronts ?? []].flat();
  const unknown = storeFronts.filter((code) => !ENABLED_STOREFRONTS.has(code));
  if (unknown.length > 0)
    throw new ApiError(400, 'INVALID_REQUEST', 'Validation errors found', [
      detail(
        'INVALID_COUNTRY_CODE',
        `not an App Store storefront: ${unknown.join(', ')}`,
        'storeFronts',
      ),
    ]);
  const { store } = context;
  const owned = new Set(store.accountApps.get(accountId(context)) ?? []);
  const cpids = params.cpids?.split(',');
  const needle = params.query?.trim().toLowerCase();
  const apps = store.catalogue
    .filter(
      (app) =>
        (!params.returnOwnedApps || owned.has(app.adamId)) &&
        (!cpids ||
          cpids.includes(
            newAdvertiserResource(store.seed, 'CONTENT_PROVIDER', app.developer).resourceId,
          )) &&
        (!needle ||
          app.name.toLowerCase().includes(needle) ||
          app.developer.toLowerCase().includes(needle)) &&
        (storeFronts.length === 0 || storeFronts.some((code) => APP_STOREFRONTS.includes(code))),
    )
    .map((app) => ({
      adamId: app.adamId,
      appName: app.name,
      developerName: app.developer,
      countryOrRegionCodes: [...APP_STOREFRONTS],
    }));
  const offset = params.offset ?? 0;
  const limit = Math.min(APP_SEARCH_LIMIT_MAX, params.limit ?? 20);
  const page = apps.slice(offset, offset + limit);
  return {
    body: { result: page, pagination: { offset, pageSize: page.length, totalCount: apps.length } },
  };
}
