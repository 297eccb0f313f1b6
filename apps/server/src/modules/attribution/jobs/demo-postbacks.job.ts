// The demo's partner: once the demo company's first sync is done, its first app gets a custom
// postback integration and the demo sandbox sends it the last 30 days of postbacks over HTTP (to
// this server's public URL), in the background, and the app gets a "Trials" goal so the demo
// shows goal numbers. Idempotent: an integration that has received events is left alone,
// postbacks sent twice are stored once, and an app with a goal gets no other.
import type { GoalInput } from '@tapwise/contracts';
import { asc, eq } from 'drizzle-orm';
import { z } from 'zod';
import { defineJob } from '../../../platform/jobs/job-queue';
import { apps } from '../../ads-data/ads-entities.tables';
import type { JobContext } from '../../job-context';
import { hasGoal, insertGoal } from '../../goals/goals.repository';
import { findIntegration } from '../../integrations/integrations.repository';
import { findAppPartnerIntegration, findAttrIntegration } from '../attribution.repository';
import { createIntegrationRow } from '../attribution.service';
import { postbackBaseUrl } from '../postback-url';

const DEMO_DAYS = 30;
const DEMO_SHARE = 0.3;
const DEMO_GOAL = {
  name: 'Trials',
  type: 'user engagement',
  events: ['Start Trial'],
  daysSinceInstall: 7,
} as const satisfies Omit<GoalInput, 'appId'>;

export const demoPostbacksJob = defineJob({
  name: 'attribution.demo-postbacks',
  payload: z.object({ teamId: z.uuid() }),
  retryLimit: 1,
  async handle({ teamId }, ctx: JobContext) {
    const apple = await findIntegration(ctx.db, teamId);
    if (!apple?.demoMode || !apple.firstSyncDone) return;
    const [app] = await ctx.db
      .select({ adamId: apps.adamId, name: apps.name })
      .from(apps)
      .where(eq(apps.teamId, teamId))
      .orderBy(asc(apps.adamId))
      .limit(1);
    if (!app) return;
    const existing = await findAppPartnerIntegration(ctx.db, teamId, app.adamId, 'CUSTOM_POSTBACK');
    if (existing?.lastEventAt) return;
    const integration =
      existing ??
      (await findAttrIntegration(
        ctx.db,
        teamId,
        (
          await createIntegrationRow(
            ctx,
            { teamId, userId: null },
            { adamId: app.adamId, partner: 'CUSTOM_POSTBACK', appName: app.name },
          )
        ).id,
      ))!;
    const adminUrl = `${new URL(apple.baseUrl).origin}/__sandbox/partners/postbacks`;
    const response = await fetch(adminUrl, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        url: postbackBaseUrl(ctx.config.publicUrl, ctx.secrets.open(integration.endpointKeySealed)),
        partner: 'CUSTOM_POSTBACK',
        adamId: app.adamId,
        days: DEMO_DAYS,
        share: DEMO_SHARE,
        signingSecret: ctx.secrets.open(integration.signingSecretSealed!),
      }),
    });
    const result = (await response.json()) as { sent?: number; statuses?: Record<string, number> };
    ctx.logger.info(
      { teamId, adamId: app.adamId, sent: result.sent, statuses: result.statuses },
      'demo partner postbacks sent',
    );
    if (!(await hasGoal(ctx.db, teamId, app.adamId)))
      await insertGoal(ctx.db, teamId, { ...DEMO_GOAL, appId: app.adamId }, null);
  },
});
