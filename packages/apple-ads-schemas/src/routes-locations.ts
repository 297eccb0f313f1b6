// Apple Maps location groups: LocationGroupCreate and LocationGroupUpdate
// (v1-maps-locations-and-geo.md), with the rules of locationgroupcreate.md and rule.md. Their
// queries' rules are in selector.ts.
import { z } from 'zod';

export const LOCATION_GROUP_TYPES = ['STATIC', 'DYNAMIC'] as const;
export const LOCATION_RULE_FIELDS = ['adminArea', 'locality', 'postalCode', 'locationId'] as const;

/** A DYNAMIC group's rule: a string for EQUALS / NOT_EQUALS, an array of strings for IN / NOT_IN. */
export const locationRuleSchema = z
  .strictObject({
    field: z.enum(LOCATION_RULE_FIELDS, `field must be one of ${LOCATION_RULE_FIELDS.join(', ')}`),
    operator: z.enum(
      ['EQUALS', 'NOT_EQUALS', 'IN', 'NOT_IN'],
      'operator must be EQUALS, NOT_EQUALS, IN or NOT_IN',
    ),
    value: z.union([z.string(), z.array(z.string())], 'value is a string or an array of strings'),
  })
  .refine((rule) => Array.isArray(rule.value) === rule.operator.endsWith('IN'), {
    message: 'value is a string for EQUALS and NOT_EQUALS, an array of strings for IN and NOT_IN',
    path: ['value'],
  })
  .refine(
    (rule) =>
      rule.field !== 'locality' ||
      [rule.value].flat().every((value) => value.split('|').length === 3),
    {
      message:
        'a locality is written countryOrRegion|adminArea|locality, e.g. US|New York|Brooklyn',
      path: ['value'],
    },
  );
export type LocationRule = z.infer<typeof locationRuleSchema>;

const name = z.string().trim().min(1, 'name must not be empty');
const locationIds = z.array(z.string().min(1, 'a location id is a non-empty string'));

/** The STATIC / DYNAMIC constraints of locationgroupcreate.md. */
function membershipIssues(
  group: { groupType?: string | null; locationIds?: unknown[] | null; rules?: unknown[] | null },
  context: z.RefinementCtx,
): void {
  if (group.groupType === 'STATIC') {
    if (!group.locationIds?.length)
      context.addIssue({
        code: 'custom',
        message: 'a STATIC group needs at least one location id',
        path: ['locationIds'],
      });
    if (group.rules?.length)
      context.addIssue({
        code: 'custom',
        message: 'rules are for DYNAMIC groups',
        path: ['rules'],
      });
  }
  if (group.groupType === 'DYNAMIC') {
    if (!group.rules?.length)
      context.addIssue({
        code: 'custom',
        message: 'a DYNAMIC group needs at least one rule',
        path: ['rules'],
      });
    if (group.locationIds?.length)
      context.addIssue({
        code: 'custom',
        message: 'a DYNAMIC group resolves its locationIds from its rules',
        path: ['locationIds'],
      });
  }
}

export const locationGroupCreateSchema = z
  .strictObject({
    name,
    brandId: z.string().min(1, 'brandId must not be empty'),
    adAccountId: z.string().regex(/^\d+$/, 'adAccountId is an ad account id as a string'),
    groupType: z.enum(LOCATION_GROUP_TYPES, 'groupType must be STATIC or DYNAMIC'),
    rules: z.array(locationRuleSchema).nullish(),
    locationIds: locationIds.nullish(),
    description: z.string().nullish(),
  })
  .superRefine(membershipIssues);
export type LocationGroupCreate = z.infer<typeof locationGroupCreateSchema>;

/** brandId and adAccountId are fixed at creation: the update model has neither. */
export const locationGroupUpdateSchema = z.strictObject({
  name: name.nullish(),
  description: z.string().nullish(),
  groupType: z.enum(LOCATION_GROUP_TYPES, 'groupType must be STATIC or DYNAMIC').nullish(),
  rules: z.array(locationRuleSchema).nullish(),
  locationIds: locationIds.nullish(),
});
export type LocationGroupUpdate = z.infer<typeof locationGroupUpdateSchema>;

/** The membership checks of a create, for the group an update would leave. */
export const locationGroupMembershipSchema = z
  .object({
    groupType: z.enum(LOCATION_GROUP_TYPES),
    rules: z.array(z.unknown()).nullish(),
    locationIds: z.array(z.string()).nullish(),
  })
  .superRefine(membershipIssues);
