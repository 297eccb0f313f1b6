// The org and what hangs off it: GET /orgs/{id}, the advertiser resources (brands and content
// providers) it can delegate, and creating / updating its ad accounts with those delegations.
import {
  adAccountCreateSchema,
  adAccountUpdateSchema,
  advertiserResourcesQuerySchema,
  type AdAccountCreate,
} from '@tapwise/apple-ads-schemas';
import type { AdAccount } from '../model/entities.js';
import { newAdAccount } from '../model/factories.js';
import type { RouteContext, Router } from '../server/router.js';
import { ApiError, detail, notFound, type ErrorDetail } from '../server/api-error.js';
import { parseBody } from '../server/validate.js';
import { idParam, recordWrite } from './scope.js';

/** The delegation each product feature needs (productfeatures.md). */
const RESOURCE_TYPE_OF_FEATURE: Readonly<Record<string, string>> = {
  APPSTORE_APP_MANUAL: 'CONTENT_PROVIDER',
  BUSINESS_BRAND_MANUAL: 'BUSINESS_BRAND',
};

export function registerOrgRoutes(router: Router): void {
  router.add(
    'GET',
    '/orgs/{id}',
    (context) => {
      if (idParam(context) !== context.store.org.id) throw notFound('Org');
      return { body: { result: context.store.org } };
    },
    { context: false },
  );

  router.add(
    'GET',
    '/advertiser-resources',
    (context) => {
      const { resourceType } = parseBody(
        advertiserResourcesQuerySchema,
        Object.fromEntries(context.query),
      );
      return {
        body: {
          result: context.store.advertiserResources.filter(
            (resource) => resource.resourceType === resourceType,
          ),
        },
      };
    },
    { context: false },
  );

  router.add('POST', '/ad-accounts', createAdAccount, { context: false });
  router.add('PUT', '/ad-accounts/{id}', updateAdAccount);
}

/**
 * Delegations name advertiser resources of the org, of the type the account's product feature
 * needs; the answer carries each resource's name.
 */
function resolveDelegations(
  context: RouteContext,
  requested: NonNullable<AdAccountCreate['delegations']>,
  productFeatures: readonly string[],
): AdAccount['delegations'] {
  const details: ErrorDetail[] = [];
  const wanted = productFeatures.map((feature) => RESOURCE_TYPE_OF_FEATURE[feature]);
  const delegations = requested.flatMap((delegation, index) => {
    if (!wanted.includes(delegation.resourceType)) {
      details.push(
        detail(
          'INVALID_VALUE',
          `an account with ${productFeatures.join(', ')} takes ${wanted.join(', ')} delegations`,
          `delegations.${index}.resourceType`,
        ),
      );
      return [];
    }
    const resource = context.store.advertiserResources.find(
      (known) =>
        known.resourceId === delegation.resourceId &&
        known.resourceType === delegation.resourceType,
    );
    if (!resource) {
      details.push(
        detail(
          'INVALID_VALUE',
          `${delegation.resourceId} is not a ${delegation.resourceType} of this org (see GET /advertiser-resources)`,
          `delegations.${index}.resourceId`,
        ),
      );
      return [];
    }
    return [{ ...resource }];
  });
  if (details.length > 0)
    throw new ApiError(400, 'VALIDATION_ERROR', 'Validation errors found', details);
  return delegations;
}

function createAdAccount(context: RouteContext) {
  const { store, user } = context;
  const request = parseBody(adAccountCreateSchema, context.body);
  const delegations = resolveDelegations(
    context,
    request.delegations ?? [],
    request.productFeatures,
  );
  const account = newAdAccount(
    store.nextId(),
    { org: store.org, name: request.name, productFeatures: request.productFeatures, delegations },
    store.now(),
  );
  store.adAccounts.set(account.id, account);
  // A new account promotes no app yet; its creator reaches it (an 'all' user already does).
  store.accountApps.set(account.id, []);
  if (user.adAccountIds !== 'all') user.adAccountIds.push(account.id);
  store.revision++;
  recordWrite(context, {
    entityType: 'AD_ACCOUNT',
    changeType: 'CREATE',
    adAccountId: account.id,
    entity: account,
  });
  return { body: { result: account } };
}

function updateAdAccount(context: RouteContext) {
  const { store, user } = context;
  const account = store.adAccounts.get(idParam(context));
  if (!account || (user.adAccountIds !== 'all' && !user.adAccountIds.includes(account.id)))
    throw notFound('Ad account');
  const request = parseBody(adAccountUpdateSchema, context.body);
  const updated: AdAccount = {
    ...account,
    name: request.name ?? account.name,
    // A sent list replaces the account's delegations wholesale; productFeatures is ignored.
    delegations: request.delegations
      ? resolveDelegations(context, request.delegations, account.productFeatures)
      : account.delegations,
    modificationTime: store.timestamp(),
  };
  store.adAccounts.set(account.id, updated);
  store.revision++;
  recordWrite(context, {
    entityType: 'AD_ACCOUNT',
    changeType: 'UPDATE',
    adAccountId: account.id,
    entity: updated,
    before: account,
  });
  return { body: { result: updated } };
}
