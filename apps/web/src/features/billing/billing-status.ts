// The company's plan, subscription state and enterprise features (docs/api/billing.md
// `billingStatus`), for the guards, the layout and the billing pages. The server enforces the
// same rules; the web app only mirrors them.
import { BILLING_OFF_STATUS, type BillingStatus } from '@tapwise/contracts';
import { useQuery } from '@tanstack/react-query';
import { graphqlRequest } from '../../shared/api/graphql';
import { useClientConfig } from '../../shared/api/client-config';
import type { Session } from '../auth/session/session-store';
import { useSession } from '../auth/session/use-session';

export type { BillingStatus };

export const billingStatusKeys = {
  all: ['billingStatus'] as const,
  ofTeam: (teamId: string | null) => ['billingStatus', teamId] as const,
};

const BILLING_STATUS = `query BillingStatus {
  billingStatus { enabled plan status providerStatus trialEnd nextBillingAt currentTermEnd features }
}`;

export async function fetchBillingStatus(): Promise<BillingStatus> {
  return (await graphqlRequest<{ billingStatus: BillingStatus }>(BILLING_STATUS)).billingStatus;
}

/**
 * Until the server answers, the session's claim stands in for the status, and every feature is
 * offered (the server refuses what the plan lacks; the upgrade dialog then explains).
 */
function provisional(session: Session | null): BillingStatus {
  return {
    ...BILLING_OFF_STATUS,
    enabled: true,
    status: session?.claims.subscriptionStatus ?? null,
  };
}

export interface BillingStatusQuery {
  status: BillingStatus;
  /** No answer yet: `status` is the provisional one. */
  isLoading: boolean;
  /** The last call failed: `status` is the provisional one (or the last answer). */
  isError: boolean;
  refetch(): Promise<unknown>;
}

/**
 * The company's billing status, the one hook the guards, the layout and the billing pages read;
 * BILLING_OFF_STATUS without a call while the installation bills nothing.
 */
export function useBillingStatus(): BillingStatusQuery {
  const billingOn = useClientConfig().billing !== null;
  const session = useSession();
  const teamId = session?.claims.TeamID ?? null;
  const query = useQuery({
    queryKey: billingStatusKeys.ofTeam(teamId),
    queryFn: fetchBillingStatus,
    enabled: billingOn && teamId !== null,
    staleTime: 60_000,
  });
  if (!billingOn) {
    return { status: BILLING_OFF_STATUS, isLoading: false, isError: false, refetch: query.refetch };
  }
  return {
    status: query.data ?? provisional(session),
    isLoading: query.isPending,
    isError: query.isError,
    refetch: query.refetch,
  };
}

/** Whether a super admin is acting as this member (they pass the subscription guards). */
export function isImpersonating(session: Session | null): boolean {
  return Boolean(session?.adminToken ?? session?.claims.impersonatedBy);
}

/** A cancelled company's members see only the expired-trial and billing pages (spec 1 §2). */
export function isLockedOut(session: Session | null, billing: BillingStatus): boolean {
  return billing.enabled && billing.status === 'cancelled' && !isImpersonating(session);
}

/** Whole days left of a trial (0 on its last day), or null outside a trial. */
export function trialDaysLeft(billing: BillingStatus, now = Date.now()): number | null {
  if (!billing.enabled || billing.status !== 'trial' || !billing.trialEnd) return null;
  return Math.max(0, Math.ceil((new Date(billing.trialEnd).getTime() - now) / 86_400_000));
}
