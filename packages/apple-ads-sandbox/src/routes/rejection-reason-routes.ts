// Why review turned a creative down: App Store creative rejection reasons of the context
// account, and the policy assignments of its Apple Maps brands.
import { selectorSchema } from '@tapwise/apple-ads-schemas';
import { creativeRejectionReasons } from '../model/rejection-reasons.js';
import type { Router } from '../server/router.js';
import { notFound } from '../server/api-error.js';
import { runQuery } from '../server/entity-query.js';
import { accountId, idParam } from './scope.js';

/** brandrejectionreasonresponse.md: one policy assignment of a brand entity. */
interface BrandRejectionReason {
  id: number;
  promotedObjectId: string;
  promotedObjectType: 'BUSINESS_BRAND';
  entityId: string;
  entityType: string;
  componentType: string;
  component: string;
  code: string;
  title: string;
  body: string;
}

export function registerRejectionReasonRoutes(router: Router): void {
  router.add('GET', '/rejection-reasons/apps/{rejectionReasonId}', (context) => {
    const id = idParam(context, 'rejectionReasonId');
    const reason = creativeRejectionReasons(context.store, accountId(context)).find(
      (candidate) => candidate.id === id,
    );
    if (!reason) throw notFound('Rejection reason');
    return { body: { result: reason } };
  });
  router.add('POST', '/rejection-reasons/apps/query', (context) => ({
    body: runQuery(
      creativeRejectionReasons(context.store, accountId(context)),
      context.body,
      selectorSchema('/rejection-reasons/apps/query'),
    ),
  }));
  // The model reviews no Maps creative or brand asset, so no brand carries a policy assignment:
  // the query checks its rules and answers an empty page.
  router.add('POST', '/rejection-reasons/business-brands/query', (context) => {
    const reasons: BrandRejectionReason[] = [];
    return {
      body: runQuery(
        reasons,
        context.body,
        selectorSchema('/rejection-reasons/business-brands/query'),
      ),
    };
  });
}
