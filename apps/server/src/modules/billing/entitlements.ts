// The entitlement guard every declared operation passes after its access check
// (docs/billing.md "Plans and entitlements"): an enterprise feature outside the company's plan
// answers ENTERPRISE_ONLY, and a cancelled subscription refuses every tenant operation with
// SUBSCRIPTION_CANCELLED but billing, the session and profile, and staff's. The company's status
// is read once per request.
import { BILLING_OFF_STATUS, planIncludes } from '@tapwise/contracts';
import type { AuthContext } from '../../platform/auth/auth-context';
import { AppError } from '../../platform/errors';
import type { AccessDeclaration, EntitlementGuard } from '../../platform/graphql/access-guard';
import type { AppContext } from '../app-context';
import { billingEnabled, readBillingStatus, type BillingStatus } from './billing-status';

/** Areas a cancelled company keeps: paying again, and staff's administration. */
const AREAS_KEPT_WHEN_CANCELLED = ['billing.', 'staff.'];

/**
 * Whether a cancelled subscription refuses the operation: those with a tenant permission do;
 * public and `authenticated` ones (session, profile, switching company) do not unless they
 * declare `tenant: true`.
 */
export function refusedWhenCancelled(declaration: AccessDeclaration): boolean {
  if (declaration.tenant !== undefined) return declaration.tenant;
  const { access } = declaration;
  if (access === 'public' || access === 'authenticated') return false;
  return !AREAS_KEPT_WHEN_CANCELLED.some((area) => access.startsWith(area));
}

const statusOfRequest = new WeakMap<object, Promise<BillingStatus>>();

/** The company's billing status, read at most once per request (`request` keys the cache). */
export function billingStatusOfRequest(
  app: Pick<AppContext, 'db' | 'config'>,
  teamId: string,
  request: object,
): Promise<BillingStatus> {
  let status = statusOfRequest.get(request);
  if (!status) {
    status = readBillingStatus(app, teamId);
    statusOfRequest.set(request, status);
    // A failed read is not kept: the next field of the request tries again.
    status.catch(() => statusOfRequest.delete(request));
  }
  return status;
}

/**
 * The caller's billing status (`billingStatus`, `GET sub-status`): billing off, every feature;
 * a member without a company yet (profile to complete) has no plan and nothing billed.
 */
export function callerBillingStatus(
  app: Pick<AppContext, 'db' | 'config'>,
  teamId: string | null,
  request: object,
): Promise<BillingStatus> {
  if (!billingEnabled(app.config)) return Promise.resolve(BILLING_OFF_STATUS);
  if (!teamId) return Promise.resolve({ ...BILLING_OFF_STATUS, enabled: true, features: [] });
  return billingStatusOfRequest(app, teamId, request);
}

export const enterpriseOnly = () =>
  new AppError(
    'ENTERPRISE_ONLY',
    'This feature is part of the Enterprise plan. Contact support to upgrade.',
  );

export const subscriptionCancelled = () =>
  new AppError(
    'SUBSCRIPTION_CANCELLED',
    'Your subscription has ended. Choose a plan to continue using Tapwise.',
  );

/** Throws when the caller's company may not use the declared operation now. */
export async function assertEntitlements(
  app: Pick<AppContext, 'db' | 'config'>,
  auth: AuthContext | null,
  declaration: AccessDeclaration,
  request: object,
): Promise<void> {
  if (!billingEnabled(app.config) || !auth?.teamId) return;
  const cancellable = refusedWhenCancelled(declaration);
  if (!declaration.feature && !cancellable) return;
  const status = await billingStatusOfRequest(app, auth.teamId, request);
  // A super admin (acting as a member, or in a company of their own) still sees the company.
  const staffPasses = auth.impersonatorId !== null || auth.role === 'SUPERADMIN';
  if (cancellable && status.status === 'cancelled' && !staffPasses) {
    throw subscriptionCancelled();
  }
  if (declaration.feature && !planIncludes(status.plan, declaration.feature)) {
    throw enterpriseOnly();
  }
}

/** The guard of GraphQL root fields (applyAccessGuards). */
export const graphQLEntitlements: EntitlementGuard = (context, declaration) =>
  assertEntitlements(context.app, context.auth, declaration, context);
