// Identity and access: /me, /acls, ad accounts and apps search / details / eligibility.
import { APP_STOREFRONTS } from '../model/catalogue.js';
import type { Router } from '../server/router.js';
import { notFound } from '../server/api-error.js';
import { runQuery } from '../server/entity-query.js';
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

  router.add('GET', '/search/apps', (context) => {
    const query = (context.query.get('query') ?? '').toLowerCase();
    const own = context.query.get('returnOwnedApps') === 'true';
    const owned = new Set(context.store.accountApps.get(accountId(context)) ?? []);
    const apps = context.store.catalogue
      .filter(
        (app) =>
          (!own || owned.has(app.adamId)) &&
          (query === '' ||
            app.name.toLowerCase().includes(query) ||
            app.developer.toLowerCase().includes(query)),
      )
      .map((app) => ({
        adamId: app.adamId,
        appName: app.name,
        developerName: app.developer,
        countryOrRegionCodes: [...APP_STOREFRONTS],
      }));
    const offset = Number(context.query.get('offset') ?? 0);
    const limit = Math.min(1000, Number(context.query.get('limit') ?? 20));
    const page = apps.slice(offset, offset + limit);
    return {
      body: {
        result: page,
        pagination: { offset, pageSize: page.length, totalCount: apps.length },
      },
    };
  });

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
    // records date from the account's creation and every app is rated 4+ (choices).
    const rows = owned.flatMap((adamId) =>
      APP_STOREFRONTS.map((countryOrRegion) => ({
        adamId,
        supplyPlacement: 'APPSTORE_SEARCH_RESULTS',
        supplySource: 'APPSTORE',
        minAge: 4,
        state: 'ELIGIBLE',
        countryOrRegion,
        deviceClass: 'IPHONE',
        creationTime: account.creationTime,
        modificationTime: account.creationTime,
      })),
    );
    return { body: runQuery(rows, context.body) };
  });
}
