// Connecting, reading and deleting a company's Apple Ads integration (spec 2 §3.6, §7.2).
import {
  APPLE_ADS_BASE_URL,
  APPLE_TOKEN_URL,
  AppleAdsError,
  generateKeyPair,
  type UserAcl,
} from '@tapwise/apple-ads';
import { INTEGRATION_MESSAGES, type AddIntegrationInput } from '@tapwise/contracts';
import type { AuthContext } from '../../platform/auth/auth-context';
import { AppError } from '../../platform/errors';
import { recordActivity } from '../activity-log/activity-log.service';
import type { AppContext } from '../app-context';
import { deleteIntegrationJob } from './jobs/delete-integration.job';
import { startSync } from '../sync/sync.service';
import { appleAdsClientFor, canManageCampaigns } from './apple-ads-connection';
import {
  findIntegration,
  findIntegrationById,
  findPendingKey,
  insertIntegration,
  listAdAccounts,
  savePendingKey,
  updateIntegration,
  type AdAccountRow,
  type IntegrationRow,
} from './integrations.repository';
import { tickChecklist } from '../onboarding/onboarding.service';

type Caller = AuthContext & { teamId: string };

/** What the API shows of an integration: never the private key. */
export function integrationView(integration: IntegrationRow, accounts: AdAccountRow[]) {
  return {
    id: integration.id,
    partner: 'APPLE_SEARCH_ADS' as const,
    clientId: integration.clientId,
    teamId: integration.appleTeamId,
    keyId: integration.keyId,
    publicKeyPem: integration.publicKeyPem,
    baseUrl: integration.baseUrl,
    state: integration.state,
    invalid: integration.state === 'INVALID',
    roleName: integration.roleName,
    readOnly: integration.readOnly,
    demoMode: integration.demoMode,
    firstSyncDone: integration.firstSyncDone,
    historyLimited: integration.historyLimited,
    deleting: integration.deletingAt !== null,
    createdAt: integration.createdAt.toISOString(),
    adAccounts: accounts.map((account) => ({
      adAccountId: account.adAccountId,
      orgId: account.orgId,
      orgName: account.name,
      currency: account.currency,
      timeZone: account.timeZone,
      paymentModel: account.paymentModel,
      roleNames: account.roleNames,
    })),
  };
}
export type IntegrationView = ReturnType<typeof integrationView>;

/** Generates a key pair for the company; the public key is what the user uploads in Apple Ads. */
export async function generateIntegrationKey(ctx: AppContext, caller: Caller) {
  const { privateKeyPem, publicKeyPem } = generateKeyPair();
  await savePendingKey(ctx.db, caller.teamId, {
    privateKeySealed: ctx.secrets.seal(privateKeyPem),
    publicKeyPem,
  });
  return { publicKeyPem };
}

/** An integration calls Apple, or a sandbox this server was configured with: nothing else. */
function assertAllowedAddresses(ctx: AppContext, urls: (string | undefined)[]) {
  const allowed = ctx.config.appleAdsSandboxOrigins;
  if (urls.every((url) => url === undefined || allowed.includes(new URL(url).origin))) return;
  throw new AppError(
    'BAD_REQUEST',
    allowed.length
      ? 'Use Apple Ads or one of the sandboxes this server allows.'
      : 'This server connects to Apple Ads only.',
  );
}

export async function addIntegration(ctx: AppContext, caller: Caller, input: AddIntegrationInput) {
  if (await findIntegration(ctx.db, caller.teamId))
    throw new AppError('CONFLICT', 'An Apple Ads integration exists already; delete it first.');
  assertAllowedAddresses(ctx, [input.baseUrl, input.tokenUrl]);
  const pending = input.privateKeyPem ? null : await findPendingKey(ctx.db, caller.teamId);
  if (!input.privateKeyPem && !pending)
    throw new AppError('BAD_REQUEST', 'Generate a key pair or paste your private key first.');
  const privateKeySealed = input.privateKeyPem
    ? ctx.secrets.seal(input.privateKeyPem)
    : pending!.privateKeySealed;
  return connectIntegration(ctx, caller.teamId, {
    clientId: input.clientId,
    appleTeamId: input.teamId,
    keyId: input.keyId,
    privateKeySealed,
    publicKeyPem: pending?.publicKeyPem ?? null,
    baseUrl: input.baseUrl ?? APPLE_ADS_BASE_URL,
    tokenUrl: input.tokenUrl ?? APPLE_TOKEN_URL,
    demoMode: false,
    actor: caller,
  });
}

interface Connection {
  clientId: string;
  appleTeamId: string;
  keyId: string;
  privateKeySealed: string;
  publicKeyPem: string | null;
  baseUrl: string;
  tokenUrl: string;
  demoMode: boolean;
  /** Who connected it, for the activity log; null for the demo set up at start. */
  actor: AuthContext | null;
}

/** Checks the credentials with Apple (acls), saves the integration and starts the first sync. */
export async function connectIntegration(ctx: AppContext, teamId: string, connection: Connection) {
  const client = appleAdsClientFor(ctx.secrets, connection);
  const acls = await fetchAcls(client);
  if (acls.length === 0)
    throw new AppError('APPLE_ADS_REJECTED', 'These credentials reach no Apple Ads account.');
  const accounts = await Promise.all(
    acls.map(async (acl) => {
      const account = await client.adAccount(acl.adAccount.id);
      return {
        adAccountId: account.id,
        orgId: account.orgId,
        name: account.name,
        currency: account.currency,
        timeZone: account.timezone,
        paymentModel: account.paymentModel,
        roleNames: acl.roles,
      };
    }),
  );
  const roleNames = acls.flatMap((acl) => acl.roles);
  const readOnly = !canManageCampaigns(roleNames);
  const { actor, ...stored } = connection;
  const integration = await insertIntegration(
    ctx.db,
    teamId,
    {
      ...stored,
      roleName: roleNames.find((role) => canManageCampaigns([role])) ?? roleNames[0] ?? '',
      readOnly,
    },
    accounts,
  );
  if (actor)
    await recordActivity(ctx.db, actor, teamId, {
      logType: 'integration',
      message: `Apple Ads connected (${accounts.length} account(s))`,
      featureName: 'Integrations',
      featurePath: '/integrations',
    });
  await tickChecklist(ctx.db, { teamId, userId: actor?.userId }, 'saIntegration');
  const sync = await startSync(ctx, teamId, integration.id, 'FIRST');
  return {
    integration: integrationView(integration, await listAdAccounts(ctx.db, teamId)),
    syncId: sync.syncId,
    warning: readOnly ? INTEGRATION_MESSAGES.READ_ONLY_ROLE : null,
  };
}

async function fetchAcls(client: ReturnType<typeof appleAdsClientFor>): Promise<UserAcl[]> {
  try {
    return await client.acls();
  } catch (error) {
    if (error instanceof AppleAdsError && (error.kind === 'auth' || error.kind === 'forbidden'))
      throw new AppError(
        'APPLE_ADS_REJECTED',
        'Apple Ads refused these credentials. Check the client ID, team ID, key ID and the uploaded public key.',
      );
    if (error instanceof AppleAdsError)
      throw new AppError('APPLE_ADS_REJECTED', `Apple Ads could not be reached: ${error.message}`);
    throw error;
  }
}

export async function readIntegration(ctx: AppContext, teamId: string) {
  const integration = await findIntegration(ctx.db, teamId);
  return integration ? integrationView(integration, await listAdAccounts(ctx.db, teamId)) : null;
}

export async function readRoleName(ctx: AppContext, teamId: string, integrationId: string) {
  const integration = await requireIntegration(ctx, teamId, integrationId);
  const view = integrationView(integration, await listAdAccounts(ctx.db, teamId));
  return {
    roleName: view.roleName,
    readOnly: view.readOnly,
    warning: view.readOnly ? INTEGRATION_MESSAGES.READ_ONLY_ROLE : null,
    adAccounts: view.adAccounts,
  };
}

async function requireIntegration(ctx: AppContext, teamId: string, integrationId?: string) {
  const integration = integrationId
    ? await findIntegrationById(ctx.db, teamId, integrationId)
    : await findIntegration(ctx.db, teamId);
  if (!integration) throw new AppError('NOT_FOUND', 'No such integration');
  return integration;
}

/** Starts the deletion job; its progress arrives as `delInt:process` events. */
export async function startIntegrationDeletion(
  ctx: AppContext,
  caller: Caller,
  integrationId?: string,
) {
  const integration = await requireIntegration(ctx, caller.teamId, integrationId);
  await updateIntegration(ctx.db, caller.teamId, integration.id, { deletingAt: new Date() });
  await recordActivity(ctx.db, caller, caller.teamId, {
    logType: 'integration',
    message: 'Apple Ads integration deletion started',
    featureName: 'Integrations',
    featurePath: '/integrations',
  });
  const jobId = await ctx.jobs.send(deleteIntegrationJob, {
    teamId: caller.teamId,
    integrationId: integration.id,
  });
  return { integrationId: integration.id, jobId };
}
