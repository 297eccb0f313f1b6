// Apple Maps brands and their locations (read-only, those delegated to the X-AP-Context account)
// and the location groups an ad account builds from them: STATIC lists or DYNAMIC rules.
import {
  locationGroupCreateSchema,
  locationGroupMembershipSchema,
  locationGroupUpdateSchema,
  selectorSchema,
} from '@tapwise/apple-ads-schemas';
import type { LocationGroup } from '../model/entities.js';
import { newLocationGroup } from '../model/factories.js';
import { presentLocationGroup } from '../model/presenters.js';
import type { RouteContext, Router } from '../server/router.js';
import { ApiError, detail, notFound, type ErrorDetail } from '../server/api-error.js';
import { runQuery } from '../server/entity-query.js';
import { parseBody } from '../server/validate.js';
import { accountId, brandsOf, recordWrite } from './scope.js';

export function registerLocationRoutes(router: Router): void {
  router.add('GET', '/business-brands/{id}', (context) => {
    const brand = context.store.brands.get(context.params.id ?? '');
    if (!brand || !brandsOf(context).includes(brand.id)) throw notFound('Brand');
    return { body: { result: brand } };
  });
  router.add('POST', '/business-brands/query', (context) => {
    const brands = brandsOf(context).flatMap((id) => context.store.brands.get(id) ?? []);
    return { body: runQuery(brands, context.body, selectorSchema('/business-brands/query')) };
  });

  router.add('GET', '/locations/{id}', (context) => {
    const location = context.store.locations.get(context.params.id ?? '');
    if (!location || !brandsOf(context).includes(location.brandId)) throw notFound('Location');
    return { body: { result: location } };
  });
  router.add('POST', '/locations/query', (context) => {
    const brands = brandsOf(context);
    const locations = [...context.store.locations.values()].filter((location) =>
      brands.includes(location.brandId),
    );
    return { body: runQuery(locations, context.body, selectorSchema('/locations/query')) };
  });

  router.add('POST', '/location-groups', createLocationGroup);
  router.add('GET', '/location-groups/{id}', (context) => ({
    body: { result: presentLocationGroup(context.store, ownGroup(context).id) },
  }));
  router.add('PUT', '/location-groups/{id}', updateLocationGroup);
  router.add('DELETE', '/location-groups/{id}', (context) => {
    const group = liveGroup(context);
    context.store.locationGroups.set(group.id, {
      ...group,
      deleted: true,
      modificationTime: context.store.timestamp(),
    });
    context.store.revision++;
    recordWrite(context, {
      entityType: 'LOCATION_GROUP',
      changeType: 'DELETE',
      adAccountId: group.adAccountId,
      entity: group,
    });
    return { body: { result: presentLocationGroup(context.store, group.id) } };
  });
  router.add('POST', '/location-groups/query', queryLocationGroups);
}

/** A group of the context account; deleted ones stay readable (delete-location-group.md). */
function ownGroup(context: RouteContext): LocationGroup {
  const group = context.store.locationGroups.get(context.params.id ?? '');
  if (!group || group.adAccountId !== String(accountId(context))) throw notFound('Location group');
  return group;
}

/** A group that can still change: deleting is permanent. */
function liveGroup(context: RouteContext): LocationGroup {
  const group = ownGroup(context);
  if (group.deleted) throw notFound('Location group');
  return group;
}

/** Every id of a STATIC list must be a location of the group's brand. */
function checkLocationIds(
  context: RouteContext,
  brandId: string,
  locationIds: readonly string[],
  details: ErrorDetail[],
): void {
  locationIds.forEach((id, index) => {
    if (context.store.locations.get(id)?.brandId !== brandId)
      details.push(
        detail(
          'INVALID_VALUE',
          `${id} is not a location of brand ${brandId}`,
          `locationIds.${index}`,
        ),
      );
  });
}

function validationError(details: ErrorDetail[]): ApiError {
  return new ApiError(400, 'VALIDATION_ERROR', 'Validation errors found', details);
}

function createLocationGroup(context: RouteContext) {
  const { store } = context;
  const request = parseBody(locationGroupCreateSchema, context.body);
  const details: ErrorDetail[] = [];
  if (request.adAccountId !== String(accountId(context)))
    details.push(
      detail('INVALID_VALUE', 'adAccountId must be the X-AP-Context account', 'adAccountId'),
    );
  if (!brandsOf(context).includes(request.brandId))
    details.push(
      detail('INVALID_VALUE', 'brandId must be a brand delegated to this ad account', 'brandId'),
    );
  else if (request.groupType === 'STATIC')
    checkLocationIds(context, request.brandId, request.locationIds ?? [], details);
  if (details.length > 0) throw validationError(details);
  const group = newLocationGroup(
    String(store.nextId()),
    {
      name: request.name,
      brandId: request.brandId,
      adAccountId: request.adAccountId,
      groupType: request.groupType,
      rules: request.groupType === 'DYNAMIC' ? (request.rules ?? []) : null,
      locationIds: request.groupType === 'STATIC' ? (request.locationIds ?? []) : [],
      description: request.description ?? null,
    },
    store.now(),
  );
  store.locationGroups.set(group.id, group);
  store.revision++;
  recordWrite(context, {
    entityType: 'LOCATION_GROUP',
    changeType: 'CREATE',
    adAccountId: group.adAccountId,
    entity: group,
  });
  return { body: { result: presentLocationGroup(store, group.id) } };
}

function updateLocationGroup(context: RouteContext) {
  const { store } = context;
  const group = liveGroup(context);
  const request = parseBody(locationGroupUpdateSchema, context.body);
  const groupType = request.groupType ?? group.groupType;
  const typeChanged = groupType !== group.groupType;
  // locationIds and rules replace wholesale; a type change drops what belonged to the old type.
  const rules = request.rules ?? (typeChanged ? null : group.rules);
  const locationIds =
    request.locationIds ?? (groupType === 'STATIC' && !typeChanged ? group.locationIds : null);
  parseBody(locationGroupMembershipSchema, { groupType, rules, locationIds });
  const details: ErrorDetail[] = [];
  if (groupType === 'STATIC') checkLocationIds(context, group.brandId, locationIds ?? [], details);
  if (details.length > 0) throw validationError(details);
  // Last known members (for a DYNAMIC group, the resolved ones) while new rules evaluate.
  const current = presentLocationGroup(store, group.id);
  const reevaluate = groupType === 'DYNAMIC' && (request.rules != null || typeChanged);
  const updated: LocationGroup = {
    ...group,
    name: request.name ?? group.name,
    description: request.description !== undefined ? request.description : group.description,
    groupType,
    rules: groupType === 'DYNAMIC' ? rules : null,
    locationIds: groupType === 'STATIC' ? (locationIds ?? []) : current.locationIds,
    groupTotal: groupType === 'STATIC' ? (locationIds ?? []).length : current.groupTotal,
    systemStatus: reevaluate ? 'PENDING' : current.systemStatus,
    eligibility: reevaluate ? { status: 'PENDING' } : current.eligibility,
    rulesChangedAt: reevaluate ? store.now() : group.rulesChangedAt,
    modificationTime: store.timestamp(),
  };
  if (groupType === 'STATIC') {
    updated.systemStatus = 'VALID';
    updated.eligibility = { status: 'ELIGIBLE' };
  }
  store.locationGroups.set(group.id, updated);
  store.revision++;
  recordWrite(context, {
    entityType: 'LOCATION_GROUP',
    changeType: 'UPDATE',
    adAccountId: group.adAccountId,
    entity: updated,
    before: group,
  });
  return { body: { result: presentLocationGroup(store, group.id) } };
}

function queryLocationGroups(context: RouteContext) {
  const { store } = context;
  const account = String(accountId(context));
  // Filters see the groups as presented, plus the `deleted` flag the query page filters on.
  const groups = [...store.locationGroups.values()]
    .filter((group) => group.adAccountId === account)
    .map((group) => ({ ...presentLocationGroup(store, group.id), deleted: group.deleted }));
  const page = runQuery(groups, context.body, selectorSchema('/location-groups/query'));
  return {
    body: { ...page, result: page.result.map(({ deleted: _deleted, ...group }) => group) },
  };
}
