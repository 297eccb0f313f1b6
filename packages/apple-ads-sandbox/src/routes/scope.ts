// Lookups scoped to the ad account named in X-AP-Context: another account's entity is a 404.
// A deleted entity is a 404 to writes; GET by id reads it (readDeleted), as Apple's get pages of
// campaigns, ad groups, keywords, negative keywords and ads say.
import type { AdGroup, Campaign, Keyword } from '../model/entities.js';
import type { RouteContext } from '../server/router.js';
import { ApiError, notFound } from '../server/api-error.js';

export function accountId(context: RouteContext): number {
  if (context.adAccountId === null)
    throw new ApiError(400, 'INVALID_REQUEST', 'X-AP-Context header with adAccountId is required');
  return context.adAccountId;
}

/** The brands (BUSINESS_BRAND delegations) of the X-AP-Context account. */
export function brandsOf(context: RouteContext): string[] {
  return context.store
    .accountOf(accountId(context))
    .delegations.filter((delegation) => delegation.resourceType === 'BUSINESS_BRAND')
    .map((delegation) => delegation.resourceId);
}

export function currencyOf(context: RouteContext): string {
  return context.store.accountOf(accountId(context)).currency;
}

export function idParam(context: RouteContext, name = 'id'): number {
  const id = Number(context.params[name]);
  if (!Number.isSafeInteger(id))
    throw new ApiError(400, 'INVALID_REQUEST', `${name} must be an integer`);
  return id;
}

export function ownCampaign(context: RouteContext, id: number, readDeleted = false): Campaign {
  const campaign = context.store.campaigns.get(id);
  if (
    !campaign ||
    campaign.adAccountId !== accountId(context) ||
    (campaign.deleted && !readDeleted)
  )
    throw notFound('Campaign');
  return campaign;
}

export function ownAdGroup(context: RouteContext, id: number, readDeleted = false): AdGroup {
  const adGroup = context.store.adGroups.get(id);
  if (!adGroup || adGroup.adAccountId !== accountId(context) || (adGroup.deleted && !readDeleted))
    throw notFound('Ad group');
  return adGroup;
}

export function ownKeyword(context: RouteContext, id: number, readDeleted = false): Keyword {
  const keyword = context.store.keywords.get(id);
  if (!keyword || keyword.adAccountId !== accountId(context) || (keyword.deleted && !readDeleted))
    throw notFound('Keyword');
  return keyword;
}

export function body(context: RouteContext): Record<string, unknown> {
  return (context.body ?? {}) as Record<string, unknown>;
}

/** Records field-level differences for the change history. */
export function diff(
  before: object,
  after: object,
): { field: string; oldValue: unknown; newValue: unknown }[] {
  const changes: { field: string; oldValue: unknown; newValue: unknown }[] = [];
  for (const [field, newValue] of Object.entries(after)) {
    const oldValue = (before as Record<string, unknown>)[field];
    if (field === 'modificationTime') continue;
    if (JSON.stringify(oldValue) !== JSON.stringify(newValue))
      changes.push({ field, oldValue, newValue });
  }
  return changes;
}

/**
 * Records a write in the change history as the caller, with the fields it changed
 * (change-history-endpoints.md: every create, update and delete of an entity).
 */
export function recordWrite(
  context: RouteContext,
  write: {
    entityType: string;
    changeType: 'CREATE' | 'UPDATE' | 'DELETE';
    adAccountId: number | string;
    entity: { id: number | string };
    before?: object;
  },
): void {
  context.store.recordChange({
    adAccountId: Number(write.adAccountId),
    entityType: write.entityType,
    entityId: write.entity.id,
    changeType: write.changeType,
    changes: write.changeType === 'DELETE' ? [] : diff(write.before ?? {}, write.entity),
    userId: context.user.userId,
  });
}
