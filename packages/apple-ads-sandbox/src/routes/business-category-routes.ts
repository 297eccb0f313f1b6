// The Apple Maps business taxonomy: categories classifying brands and places.
import { selectorSchema } from '@tapwise/apple-ads-schemas';
import { BUSINESS_CATEGORIES } from '../model/business-categories.js';
import type { Router } from '../server/router.js';
import { notFound } from '../server/api-error.js';
import { runQuery } from '../server/entity-query.js';

export function registerBusinessCategoryRoutes(router: Router): void {
  router.add('GET', '/business-categories/{id}', (context) => {
    const category = BUSINESS_CATEGORIES.find((candidate) => candidate.id === context.params.id);
    if (!category) throw notFound('Business category');
    return { body: { result: category } };
  });
  router.add('POST', '/business-categories/query', (context) => ({
    body: runQuery(BUSINESS_CATEGORIES, context.body, selectorSchema('/business-categories/query')),
  }));
}
