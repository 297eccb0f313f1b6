// Mock data (staff tools, docs/staff-tools.md): a company gets the demo's sandbox-backed Apple Ads
// integration, connected and deleted through the integration module's own code.
import { generateKeyPair } from '@tapwise/apple-ads';
import { z } from 'zod';
import type { AuthContext } from '../../platform/auth/auth-context';
import { AppError } from '../../platform/errors';
import type { AppContext } from '../app-context';
import { sharedDemoSandbox } from '../demo/demo-sandbox';
import { findIntegration } from '../integrations/integrations.repository';
import { connectIntegration, startIntegrationDeletion } from '../integrations/integrations.service';
import { latestSyncRun } from '../sync/sync.repository';
import { findTeam } from '../teams/teams.repository';

export interface MockDataState {
  teamId: string;
  /** The company has a mock (demo-mode) integration. */
  present: boolean;
  /** Progress of its first sync, 0–100. */
  progress: number;
  /** Its removal is running. */
  deleting: boolean;
  /** The company has a real Apple Ads integration: mock data cannot be added. */
  realIntegration: boolean;
}

async function requireCompany(ctx: AppContext, teamId: string) {
  if (!z.uuid().safeParse(teamId).success || !(await findTeam(ctx.db, teamId)))
    throw new AppError('NOT_FOUND', 'No such company.');
}

export async function readMockData(ctx: AppContext, teamId: string): Promise<MockDataState> {
  await requireCompany(ctx, teamId);
  const integration = await findIntegration(ctx.db, teamId);
  const present = integration?.demoMode === true;
  const run = present && !integration.firstSyncDone ? await latestSyncRun(ctx.db, teamId) : null;
  return {
    teamId,
    present,
    progress: !present ? 0 : integration.firstSyncDone ? 100 : (run?.progress ?? 0),
    deleting: present && integration.deletingAt !== null,
    realIntegration: integration !== null && !present,
  };
}

/** Connects the company to the demo sandbox with a key of its own; its first sync starts. */
export async function addMockData(ctx: AppContext, staff: AuthContext, teamId: string) {
  await requireCompany(ctx, teamId);
  if (await findIntegration(ctx.db, teamId))
    throw new AppError(
      'CONFLICT',
      'This company has an Apple Ads integration already; mock data needs a company without one.',
    );
  const sandbox = await sharedDemoSandbox(ctx);
  const keys = generateKeyPair();
  const credentials = {
    clientId: `SEARCHADS.tapwise-mock-${teamId}`,
    appleTeamId: `SEARCHADS.tapwise-mock-${teamId}`,
    keyId: `mock-${teamId.slice(0, 8)}`,
  };
  await sandbox.registerApiUser({
    clientId: credentials.clientId,
    teamId: credentials.appleTeamId,
    keyId: credentials.keyId,
    publicKeyPem: keys.publicKeyPem,
  });
  await connectIntegration(ctx, teamId, {
    ...credentials,
    privateKeySealed: ctx.secrets.seal(keys.privateKeyPem),
    publicKeyPem: keys.publicKeyPem,
    baseUrl: sandbox.url,
    tokenUrl: sandbox.tokenUrl,
    demoMode: true,
    actor: { ...staff, teamId },
  });
  return readMockData(ctx, teamId);
}

/** Starts the integration deletion job on the company's mock integration (never a real one). */
export async function removeMockData(ctx: AppContext, staff: AuthContext, teamId: string) {
  await requireCompany(ctx, teamId);
  const integration = await findIntegration(ctx.db, teamId);
  if (!integration?.demoMode) throw new AppError('NOT_FOUND', 'This company has no mock data.');
  if (integration.deletingAt) throw new AppError('CONFLICT', 'The mock data is being removed.');
  await startIntegrationDeletion(ctx, { ...staff, teamId }, integration.id);
  return readMockData(ctx, teamId);
}
