// Demo mode of `npm start`: the seed people, an in-process Apple Ads sandbox connected to the
// demo company with generated keys, and its first sync. The sandbox lives in memory, so every
// start registers the stored key again and points the integration at the new address; the
// synced data in the database is reused. Staff's mock data (modules/staff) uses the same sandbox.
import { generateKeyPair } from '@tapwise/apple-ads';
import type { AppContext } from '../app-context';
import { findUserByEmail } from '../accounts/accounts.repository';
import { demoPostbacksJob } from '../attribution/jobs/demo-postbacks.job';
import { connectIntegration } from '../integrations/integrations.service';
import { findIntegration, listDemoIntegrations } from '../integrations/integrations.repository';
import { closeSharedDemoSandbox, sharedDemoSandbox, type DemoSandbox } from './demo-sandbox';
import { DEFAULT_SEED_PASSWORD, SEED_ACCOUNTS, SEED_COMPANY, seed } from '../seed/seed';
import { listMembershipsOfUser, listTeams } from '../teams/teams.repository';

/** Apple-like identifiers of the demo API user; only the sandbox ever sees them. */
const DEMO_CREDENTIALS = {
  clientId: 'SEARCHADS.tapwise-demo',
  appleTeamId: 'SEARCHADS.tapwise-demo',
  keyId: 'tapwise-demo-key',
};

export interface RunningDemo {
  sandbox: DemoSandbox;
  email: string;
  password: string;
  close(): Promise<void>;
}

/**
 * Whether this start runs the demo: DEMO=true always, DEMO=false never, and by default (auto)
 * outside production when the installation is new or already is the demo.
 */
export async function shouldRunDemo(ctx: AppContext): Promise<boolean> {
  if (ctx.config.demo !== 'auto') return ctx.config.demo === 'on';
  if (ctx.config.isProduction) return false;
  if ((await listDemoIntegrations(ctx.db)).length > 0) return true;
  return (await listTeams(ctx.db)).length === 0;
}

export async function startDemo(
  ctx: AppContext,
  password = DEFAULT_SEED_PASSWORD,
): Promise<RunningDemo> {
  await seed(ctx.db, password);
  const admin = SEED_ACCOUNTS.find(
    (account) => account.company === SEED_COMPANY && account.role === 'ADMIN',
  )!;
  const user = await findUserByEmail(ctx.db, admin.email);
  const [membership] = user ? await listMembershipsOfUser(ctx.db, user.id) : [];
  if (!membership) throw new Error(`The demo company has no admin ${admin.email}`);
  const teamId = membership.membership.teamId;

  // The shared sandbox registers the stored demo key again and points the integration at it.
  const sandbox = await sharedDemoSandbox(ctx);
  const existing = await findIntegration(ctx.db, teamId);
  if (existing?.demoMode && existing.publicKeyPem) {
    // A demo synced before partners existed gets its partner now (in the background; a no-op
    // once it has events).
    if (existing.firstSyncDone) await ctx.jobs.send(demoPostbacksJob, { teamId });
  } else if (!existing) {
    const keys = generateKeyPair();
    await sandbox.registerApiUser({
      clientId: DEMO_CREDENTIALS.clientId,
      teamId: DEMO_CREDENTIALS.appleTeamId,
      keyId: DEMO_CREDENTIALS.keyId,
      publicKeyPem: keys.publicKeyPem,
    });
    await connectIntegration(ctx, teamId, {
      ...DEMO_CREDENTIALS,
      privateKeySealed: ctx.secrets.seal(keys.privateKeyPem),
      publicKeyPem: keys.publicKeyPem,
      baseUrl: sandbox.url,
      tokenUrl: sandbox.tokenUrl,
      demoMode: true,
      actor: null,
    });
  }
  return { sandbox, email: admin.email, password, close: closeSharedDemoSandbox };
}
