// Builds the GraphQL schema from every module's contribution. Importing a module's
// *.graphql.ts registers its fields on the shared builder.
import { applyAccessGuards } from '../platform/graphql/access-guard';
import { builder } from '../platform/graphql/builder';
import { queueHeavyReads } from '../platform/graphql/query-work';
import { graphQLEntitlements } from './billing/entitlements';
import './accounts/accounts.graphql';
import './activity-log/activity-log.graphql';
import './ads-manager/ads-manager.graphql';
import './ads-manager/views.graphql';
import './analytics/overview.graphql';
import './apple-writes/apple-writes.graphql';
import './attribution/attribution.graphql';
import './automation/automation.graphql';
import './billing/billing.graphql';
import './billing/billing-status.graphql';
import './campaign-creation/campaign-creation.graphql';
import './campaign-creation/product-pages.graphql';
import './campaign-creation/creation-lookups.graphql';
import './campaign-generator/campaign-generator.graphql';
import './exports/exports.graphql';
import './goals/goals.graphql';
import './currencies/currencies.graphql';
import './integrations/integrations.graphql';
import './keyword-ai/keyword-ai.graphql';
import './keyword-journey/keyword-journey.graphql';
import './keyword-optimization/keyword-optimization.graphql';
import './keyword-research/data-requests.graphql';
import './keyword-research/keyword-research.graphql';
import './keyword-research/organic-ranking.graphql';
import './onboarding/onboarding.graphql';
import './other-placements/other-placements.graphql';
import './scheduled-reports/scheduled-reports.graphql';
import './scripted-rules/custom-functions.graphql';
import './scripted-rules/script-gateway.graphql';
import './scripted-rules/scripted-rules.graphql';
import './slack/slack.graphql';
import './strategic-losing/strategic-losing.graphql';
import './staff/staff.graphql';
import './strategies/strategies.graphql';
import './sync/sync.graphql';
import './system/system.graphql';
import './teams/teams.graphql';

let schema: ReturnType<typeof builder.toSchema> | undefined;

/** Built once per process: Pothos builders cannot be built twice. */
export function buildGraphQLSchema() {
  schema ??= applyAccessGuards(
    queueHeavyReads(builder.toSchema({ sortSchema: true })),
    graphQLEntitlements,
  );
  return schema;
}
