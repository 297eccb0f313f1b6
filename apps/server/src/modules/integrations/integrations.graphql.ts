// GraphQL of the Apple Ads integration (spec 2 §7.3 Misc): getIntegrationInfo.
import { requireTeam } from '../../platform/auth/auth-context';
import { access } from '../../platform/graphql/access-guard';
import { builder } from '../../platform/graphql/builder';
import { readIntegration, type IntegrationView } from './integrations.service';

const IntegrationInfoRef = builder
  .objectRef<{ integration: IntegrationView | null }>('IntegrationInfo')
  .implement({
    fields: (t) => ({
      /** Whether the company has an Apple Ads integration (valid or not). */
      APPLE_SEARCH_ADS: t.boolean({ resolve: ({ integration }) => integration !== null }),
      firstSyncDone: t.boolean({
        resolve: ({ integration }) => integration?.firstSyncDone ?? false,
      }),
      demoMode: t.boolean({ resolve: ({ integration }) => integration?.demoMode ?? false }),
      invalid: t.boolean({ resolve: ({ integration }) => integration?.invalid ?? false }),
      /** History was cut at 24 months (the spec's too-long-history note). */
      historyLimited: t.boolean({
        resolve: ({ integration }) => integration?.historyLimited ?? false,
      }),
      integrationId: t.id({
        nullable: true,
        resolve: ({ integration }) => integration?.id ?? null,
      }),
    }),
  });

builder.queryField('getIntegrationInfo', (t) =>
  t.field({
    ...access('integrations.read'),
    type: IntegrationInfoRef,
    resolve: async (_root, _args, { app, auth }) => ({
      integration: await readIntegration(app, requireTeam(auth).teamId),
    }),
  }),
);
