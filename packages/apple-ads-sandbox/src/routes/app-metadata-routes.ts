// App Store metadata: the locale details of an app's default product page and of the account's
// custom product pages, and the ad-supported languages of each storefront.
import { selectorSchema } from '@tapwise/apple-ads-schemas';
import {
  appLocaleDetails,
  productPageLocaleDetails,
  STOREFRONT_LANGUAGES,
} from '../model/app-locales.js';
import type { Router } from '../server/router.js';
import { notFound } from '../server/api-error.js';
import { runQuery } from '../server/entity-query.js';
import { accountId, idParam } from './scope.js';

export function registerAppMetadataRoutes(router: Router): void {
  // Any catalogue app, as GET /apps/{adamId}: a default page is public App Store data.
  router.add('POST', '/apps/{adamId}/locale-details/query', (context) => {
    const app = context.store.appsByAdamId.get(idParam(context, 'adamId'));
    if (!app) throw notFound('App');
    return {
      body: runQuery(
        appLocaleDetails(context.store.seed, app),
        context.body,
        selectorSchema('/apps/{adamId}/locale-details/query'),
      ),
    };
  });
  // Custom pages of the account's apps only, as POST /product-pages/query.
  router.add('POST', '/product-pages/locale-details/query', (context) => {
    const { store } = context;
    const owned = store.accountApps.get(accountId(context)) ?? [];
    const details = [...store.productPages.values()]
      .filter((page) => owned.includes(page.adamId))
      .flatMap((page) => {
        const app = store.appsByAdamId.get(page.adamId);
        return app ? productPageLocaleDetails(store.seed, app, page) : [];
      });
    return {
      body: runQuery(details, context.body, selectorSchema('/product-pages/locale-details/query')),
    };
  });
  router.add('POST', '/metadata/apps/supported-languages/query', (context) => ({
    body: runQuery(
      STOREFRONT_LANGUAGES,
      context.body,
      selectorSchema('/metadata/apps/supported-languages/query'),
    ),
  }));
}
