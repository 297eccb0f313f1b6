// Geo search: by name (GET) and by ids (POST, a read although it is a POST).
import type { Router } from '../server/router.js';
import { searchGeoByIds, searchGeoByName } from '../geo/geo-search.js';

export function registerGeoRoutes(router: Router): void {
  router.add('GET', '/search/geo', (context) => ({ body: searchGeoByName(context.query) }));
  router.add('POST', '/search/geo', (context) => ({ body: searchGeoByIds(context.body) }));
}
