// GraphQL of the company's billing status (docs/api/billing.md `billingStatus`): what the web
// app's guards, menus and banners read. The provider's operations are billing.graphql.ts.
import { requireAuth } from '../../platform/auth/auth-context';
import { access } from '../../platform/graphql/access-guard';
import { builder } from '../../platform/graphql/builder';
import type { BillingStatus } from './billing-status';
import { callerBillingStatus } from './entitlements';

export const BillingStatusRef = builder.objectRef<BillingStatus>('BillingStatus').implement({
  description: "The company's plan, subscription state and enterprise features",
  fields: (t) => ({
    enabled: t.exposeBoolean('enabled', { description: 'False while billing is off' }),
    plan: t.exposeString('plan', { nullable: true }),
    status: t.exposeString('status', {
      nullable: true,
      description: 'trial, active, on_hold or cancelled',
    }),
    providerStatus: t.exposeString('providerStatus', { nullable: true }),
    trialEnd: t.expose('trialEnd', { type: 'DateTime', nullable: true }),
    nextBillingAt: t.expose('nextBillingAt', { type: 'DateTime', nullable: true }),
    currentTermEnd: t.expose('currentTermEnd', { type: 'DateTime', nullable: true }),
    features: t.exposeStringList('features', {
      description: 'The enterprise features the company may use (all of them while billing is off)',
    }),
  }),
});

builder.queryFields((t) => ({
  billingStatus: t.field({
    ...access('authenticated'),
    type: BillingStatusRef,
    description: "The company's plan, status and trial end",
    resolve: (_root, _args, context) =>
      callerBillingStatus(context.app, requireAuth(context.auth).teamId, context),
  }),
}));
