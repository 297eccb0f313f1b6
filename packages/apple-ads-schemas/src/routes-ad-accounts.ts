// Ad accounts, orgs and advertiser resources: AdAccountCreate and AdAccountUpdate as SDK 1.109.0
// models them (v1-accounts-and-access.md), with the rules of adaccountcreate.md,
// adaccountupdate.md, productfeatures.md and get-advertiser-resources.md.
import { z } from 'zod';

export const ADVERTISER_RESOURCE_TYPES = ['CONTENT_PROVIDER', 'BUSINESS_BRAND'] as const;
export const PRODUCT_FEATURES = ['APPSTORE_APP_MANUAL', 'BUSINESS_BRAND_MANUAL'] as const;

const resourceType = z.enum(
  ADVERTISER_RESOURCE_TYPES,
  `resourceType must be one of ${ADVERTISER_RESOURCE_TYPES.join(', ')}`,
);
const delegation = z.strictObject({
  resourceId: z.string().trim().min(1, 'resourceId must not be empty'),
  resourceType,
});
const name = z.string().trim().min(1, 'name must not be empty');

export const adAccountCreateSchema = z.strictObject({
  name,
  // "An account is authorized for App Store or Apple Maps, not both" (productfeatures.md).
  productFeatures: z
    .array(z.enum(PRODUCT_FEATURES, `productFeatures holds ${PRODUCT_FEATURES.join(' or ')}`))
    .length(1, 'productFeatures takes exactly one feature: App Store or Apple Maps, not both'),
  delegations: z.array(delegation).nullish(),
});
export type AdAccountCreate = z.infer<typeof adAccountCreateSchema>;

export const adAccountUpdateSchema = z.strictObject({
  // "Must not be null if provided" (adaccountupdate.md).
  name: name.optional(),
  // The complete list: it replaces the account's delegations (adaccountupdate.md).
  delegations: z.array(delegation).nullish(),
  // Accepted and ignored: fixed at creation (adaccountupdate.md).
  productFeatures: z.array(z.string()).nullish(),
});
export type AdAccountUpdate = z.infer<typeof adAccountUpdateSchema>;

/** The query string of GET /advertiser-resources. */
export const advertiserResourcesQuerySchema = z.strictObject({ resourceType });
