// Ads, creatives (default and custom product pages) and product pages of the account's apps.
import {
  adCreateSchema,
  adUpdateSchema,
  creativeCreateSchema,
  creativeUpdateSchema,
} from '@tapwise/apple-ads-schemas';
import type { Ad, Creative } from '../model/entities.js';
import { newAd, newCreative } from '../model/factories.js';
import { presentAd } from '../model/presenters.js';
import type { RouteContext, Router } from '../server/router.js';
import { detail, notFound } from '../server/api-error.js';
import { selectorSchema } from '@tapwise/apple-ads-schemas';
import { runQuery } from '../server/entity-query.js';
import { parseBody, Validator } from '../server/validate.js';
import { accountId, diff, idParam, ownAdGroup, recordWrite } from './scope.js';

function ownAd(context: RouteContext, id: number, readDeleted = false): Ad {
  const ad = context.store.ads.get(id);
  if (!ad || ad.adAccountId !== accountId(context) || (ad.deleted && !readDeleted))
    throw notFound('Ad');
  return ad;
}

function ownCreative(context: RouteContext, id: number): Creative {
  const creative = context.store.creatives.get(id);
  if (!creative || creative.adAccountId !== accountId(context) || creative.deleted)
    throw notFound('Creative');
  return creative;
}

export function registerAdRoutes(router: Router): void {
  router.add('POST', '/ads', (context) => {
    const { adGroupId, creativeId, name, status } = parseBody(adCreateSchema, context.body);
    const adGroup = ownAdGroup(context, adGroupId);
    const creative = ownCreative(context, creativeId);
    const { store } = context;
    // Choice: an ad shows its campaign's app, so its creative's product page is of that app.
    const campaign = store.campaigns.get(adGroup.campaignId);
    if (creative.destination.parameters.adamId !== campaign?.promotedObjectId) {
      const v = Validator.of(context.body);
      v.details.push(
        detail(
          'INVALID_VALUE',
          "the creative is a product page of another app than the campaign's",
          'creativeId',
        ),
      );
      v.done();
    }
    const ad = newAd(store.nextId(), { adGroup, creativeId, name, status }, store.now());
    store.putAd(ad, store.now());
    store.recordChange({
      adAccountId: ad.adAccountId,
      entityType: 'AD',
      entityId: ad.id,
      changeType: 'CREATE',
      changes: diff({}, ad),
      userId: context.user.userId,
    });
    return { body: { result: presentAd(store, ad.id) } };
  });
  router.add('GET', '/ads/{id}', (context) => ({
    body: { result: presentAd(context.store, ownAd(context, idParam(context), true).id) },
  }));
  router.add('PUT', '/ads/{id}', (context) => {
    const ad = ownAd(context, idParam(context));
    const { name, status } = parseBody(adUpdateSchema, context.body);
    const updated: Ad = {
      ...ad,
      name: name ?? ad.name,
      status: status ?? ad.status,
      modificationTime: context.store.timestamp(),
    };
    context.store.putAd(updated, context.store.now());
    context.store.recordChange({
      adAccountId: ad.adAccountId,
      entityType: 'AD',
      entityId: ad.id,
      changeType: 'UPDATE',
      changes: diff(ad, updated),
      userId: context.user.userId,
    });
    return { body: { result: presentAd(context.store, ad.id) } };
  });
  router.add('DELETE', '/ads/{id}', (context) => {
    const ad = ownAd(context, idParam(context));
    context.store.putAd(
      { ...ad, deleted: true, modificationTime: context.store.timestamp() },
      context.store.now(),
    );
    context.store.recordChange({
      adAccountId: ad.adAccountId,
      entityType: 'AD',
      entityId: ad.id,
      changeType: 'DELETE',
      changes: [],
      userId: context.user.userId,
    });
    return { body: {} };
  });
  router.add('POST', '/ads/query', (context) => {
    const account = accountId(context);
    const ads = [...context.store.ads.values()]
      .filter((ad) => ad.adAccountId === account)
      .map((ad) => presentAd(context.store, ad.id));
    return { body: runQuery(ads, context.body, selectorSchema('/ads/query')) };
  });

  router.add('POST', '/creatives', (context) => {
    const { name, creativeType, destination } = parseBody(creativeCreateSchema, context.body);
    const v = Validator.of(context.body);
    const adamId = Number(destination.parameters?.adamId);
    const account = accountId(context);
    const { store } = context;
    if (!(store.accountApps.get(account) ?? []).includes(adamId))
      v.details.push(
        detail(
          'INVALID_VALUE',
          'the app is not owned by this ad account',
          'destination.parameters.adamId',
        ),
      );
    const productPageId = destination.parameters?.productPageId ?? null;
    if (
      creativeType === 'CUSTOM_PRODUCT_PAGE' &&
      (!productPageId || store.productPages.get(productPageId)?.adamId !== adamId)
    ) {
      v.details.push(
        detail(
          'INVALID_VALUE',
          'a custom product page of the app is required',
          'destination.parameters.productPageId',
        ),
      );
    }
    if (
      creativeType === 'DEFAULT_PRODUCT_PAGE' &&
      [...store.creatives.values()].some(
        (c) =>
          c.adAccountId === account &&
          !c.deleted &&
          c.creativeType === 'DEFAULT_PRODUCT_PAGE' &&
          c.destination.parameters.adamId === String(adamId),
      )
    ) {
      v.details.push(
        detail('DUPLICATE_CREATIVE', 'one default product page creative per app', 'creativeType'),
      );
    }
    v.done();
    const creative = newCreative(
      store.nextId(),
      {
        adAccountId: account,
        name,
        adamId,
        productPageId: creativeType === 'CUSTOM_PRODUCT_PAGE' ? productPageId : null,
      },
      store.now(),
    );
    store.creatives.set(creative.id, creative);
    recordWrite(context, {
      entityType: 'CREATIVE',
      changeType: 'CREATE',
      adAccountId: account,
      entity: creative,
    });
    return { body: { result: creative } };
  });
  router.add('GET', '/creatives/{id}', (context) => ({
    body: { result: ownCreative(context, idParam(context)) },
  }));
  router.add('PUT', '/creatives/{id}', (context) => {
    const creative = ownCreative(context, idParam(context));
    const { name } = parseBody(creativeUpdateSchema, context.body);
    const updated = {
      ...creative,
      name: name ?? creative.name,
      modificationTime: context.store.timestamp(),
    };
    context.store.creatives.set(creative.id, updated);
    recordWrite(context, {
      entityType: 'CREATIVE',
      changeType: 'UPDATE',
      adAccountId: creative.adAccountId,
      entity: updated,
      before: creative,
    });
    return { body: { result: updated } };
  });
  router.add('DELETE', '/creatives/{id}', (context) => {
    const creative = ownCreative(context, idParam(context));
    // delete-creatives-_id_.md: the creative's ads stay; presentAd shows them NOT_RUNNING.
    context.store.creatives.set(creative.id, {
      ...creative,
      deleted: true,
      modificationTime: context.store.timestamp(),
    });
    context.store.revision++;
    recordWrite(context, {
      entityType: 'CREATIVE',
      changeType: 'DELETE',
      adAccountId: creative.adAccountId,
      entity: creative,
    });
    return { body: {} };
  });
  router.add('POST', '/creatives/query', (context) => {
    const account = accountId(context);
    return {
      body: runQuery(
        [...context.store.creatives.values()].filter((c) => c.adAccountId === account),
        context.body,
        selectorSchema('/creatives/query'),
      ),
    };
  });

  router.add('GET', '/product-pages/{productPageId}', (context) => {
    const page = context.store.productPages.get(context.params.productPageId ?? '');
    const owned = context.store.accountApps.get(accountId(context)) ?? [];
    if (!page || !owned.includes(page.adamId)) throw notFound('Product page');
    return { body: { result: page } };
  });
  router.add('POST', '/product-pages/query', (context) => {
    const owned = context.store.accountApps.get(accountId(context)) ?? [];
    const pages = [...context.store.productPages.values()].filter((page) =>
      owned.includes(page.adamId),
    );
    return { body: runQuery(pages, context.body, selectorSchema('/product-pages/query')) };
  });
}
