// Partner integrations of the company's apps (docs/attribution.md, Integrations): connecting a
// postback partner or the Kochava pull, their secrets, status, deletion and the test event.
import {
  ATTRIBUTION_MESSAGES,
  type AttributionPartner,
  type KochavaAttributionSaveInput,
} from '@tapwise/contracts';
import { z } from 'zod';
import type { AuthContext } from '../../platform/auth/auth-context';
import { AppError } from '../../platform/errors';
import { recordActivity } from '../activity-log/activity-log.service';
import type { AppContext } from '../app-context';
import { isUniqueViolation } from '../automation/rules.repository';
import { findIntegration } from '../integrations/integrations.repository';
import {
  appNames,
  deleteAttrIntegrationRows,
  eventNamesOf,
  findAppPartnerIntegration,
  findAttrIntegration,
  findCompanyApp,
  insertAttrIntegration,
  listAttrIntegrations,
  updateAttrIntegration,
  type AttrIntegrationRow,
  type EventNameRow,
} from './attribution.repository';
import { kochavaPullJob } from './jobs/kochava-pull.job';
import { newPostbackKey, newSigningSecret, postbackBaseUrl, postbackUrl } from './postback-url';
import { testPostback } from './test-postback';
import { tickChecklist } from '../onboarding/onboarding.service';

type Caller = AuthContext & { teamId: string };
/** What writing an integration needs: jobs (the demo's) have no request context. */
type StoreContext = Pick<AppContext, 'db' | 'secrets'>;
type PostbackPartner = Exclude<AttributionPartner, 'KOCHAVA'>;

const NOT_FOUND = 'No such integration.';
const TEST_TIMEOUT_MS = 10_000;

/** What the API shows of an integration: never a key nor a secret. */
export function attrIntegrationView(
  row: AttrIntegrationRow,
  appName: string,
  eventNames: EventNameRow[],
) {
  return {
    id: row.id,
    appId: row.adamId,
    appName,
    partner: row.partner,
    status: row.status,
    lastEventAt: row.lastEventAt?.toISOString() ?? null,
    lastError: row.lastError,
    lastErrorAt: row.lastErrorAt?.toISOString() ?? null,
    createdAt: row.createdAt.toISOString(),
    eventNames: eventNames
      .filter((name) => name.integrationId === row.id)
      .map(({ name, eventType, kind, count, lastDay }) => ({
        name,
        eventType,
        kind,
        count,
        lastDay,
      })),
    kochava:
      row.partner === 'KOCHAVA'
        ? {
            appGuid: row.kochavaAppGuid ?? '',
            type: row.kochavaType ?? 'all',
            hydrateDate: row.kochavaHydrateDate ?? '',
            pulledThrough: row.kochavaPulledThrough,
          }
        : null,
  };
}
export type AttrIntegrationView = ReturnType<typeof attrIntegrationView>;

async function viewsOf(ctx: Pick<AppContext, 'db'>, teamId: string, rows: AttrIntegrationRow[]) {
  const names = await appNames(
    ctx.db,
    teamId,
    rows.map((row) => row.adamId),
  );
  const events = await eventNamesOf(
    ctx.db,
    teamId,
    rows.map((row) => row.id),
  );
  return rows.map((row) => attrIntegrationView(row, names.get(row.adamId) ?? '', events));
}

async function viewOf(ctx: Pick<AppContext, 'db'>, teamId: string, row: AttrIntegrationRow) {
  return (await viewsOf(ctx, teamId, [row]))[0]!;
}

export async function listIntegrationsOf(ctx: AppContext, teamId: string, adamId?: number) {
  return viewsOf(ctx, teamId, await listAttrIntegrations(ctx.db, teamId, adamId));
}

export async function checkAppAttribution(ctx: AppContext, teamId: string, adamId: number) {
  const active = (await listAttrIntegrations(ctx.db, teamId, adamId))
    .filter((row) => row.status === 'ACTIVE')
    .map((row) => row.partner)
    .sort();
  const apple = await findIntegration(ctx.db, teamId);
  return {
    attrExist: active.length > 0,
    attrType: active[0] ?? null,
    firstSyncDone: apple?.firstSyncDone ?? false,
  };
}

/** The company's integration, or NOT_FOUND: another company's id (or no UUID) reveals nothing. */
async function requireAttrIntegration(ctx: AppContext, teamId: string, id: string) {
  if (!z.uuid().safeParse(id).success) throw new AppError('NOT_FOUND', NOT_FOUND);
  const row = await findAttrIntegration(ctx.db, teamId, id);
  if (!row) throw new AppError('NOT_FOUND', NOT_FOUND);
  return row;
}

/** A partner integration needs the Apple Ads ids its events point to: a finished first sync. */
async function requireSyncedAppleAds(ctx: AppContext, teamId: string) {
  const apple = await findIntegration(ctx.db, teamId);
  if (!apple?.firstSyncDone)
    throw new AppError('PARTNER_NEEDS_SYNC', ATTRIBUTION_MESSAGES.NEEDS_SYNC);
}

async function requireCompanyApp(ctx: AppContext, teamId: string, adamId: number) {
  const app = await findCompanyApp(ctx.db, teamId, adamId);
  if (!app) throw new AppError('NOT_FOUND', 'No such app.');
  return app;
}

function secretsOf(ctx: AppContext, row: AttrIntegrationRow) {
  return {
    postbackUrl: postbackUrl(
      ctx.config.publicUrl,
      row.partner,
      ctx.secrets.open(row.endpointKeySealed),
    ),
    signingSecret: row.signingSecretSealed ? ctx.secrets.open(row.signingSecretSealed) : null,
  };
}

function newSecrets(ctx: StoreContext, partner: AttributionPartner) {
  const { key, hash } = newPostbackKey();
  return {
    endpointKeyHash: hash,
    endpointKeySealed: ctx.secrets.seal(key),
    signingSecretSealed:
      partner === 'CUSTOM_POSTBACK' ? ctx.secrets.seal(newSigningSecret()) : null,
  };
}

function activity(ctx: Pick<AppContext, 'db'>, caller: Caller, message: string) {
  return recordActivity(ctx.db, caller, caller.teamId, {
    logType: 'integration',
    message,
    featureName: 'Integrations',
    featurePath: '/integrations',
  });
}

const conflict = () =>
  new AppError('CONFLICT', 'This app already has an integration with this partner.');

export async function createPostbackIntegration(
  ctx: AppContext,
  caller: Caller,
  input: { appId: number; partner: PostbackPartner },
) {
  await requireSyncedAppleAds(ctx, caller.teamId);
  const app = await requireCompanyApp(ctx, caller.teamId, input.appId);
  return createIntegrationRow(ctx, caller, {
    adamId: app.adamId,
    partner: input.partner,
    appName: app.name,
  });
}

/** Used by the demo (no caller) as well as by createAttrIntegration. */
export async function createIntegrationRow(
  ctx: StoreContext,
  caller: Caller | { teamId: string; userId: null },
  input: { adamId: number; partner: PostbackPartner; appName: string },
) {
  if (await findAppPartnerIntegration(ctx.db, caller.teamId, input.adamId, input.partner))
    throw conflict();
  let row: AttrIntegrationRow;
  try {
    row = await insertAttrIntegration(ctx.db, caller.teamId, {
      adamId: input.adamId,
      partner: input.partner,
      status: 'ACTIVE',
      createdBy: caller.userId,
      ...newSecrets(ctx, input.partner),
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw conflict();
    throw error;
  }
  if (caller.userId !== null)
    await activity(ctx, caller as Caller, `${input.partner} connected for ${input.appName}`);
  await tickChecklist(ctx.db, caller, 'mmpIntegration');
  return viewOf(ctx, caller.teamId, row);
}

/** Creates the app's Kochava pull, or replaces its settings (the pull starts again from hydrate_date). */
export async function saveKochavaPull(
  ctx: AppContext,
  caller: Caller,
  input: KochavaAttributionSaveInput,
) {
  await requireSyncedAppleAds(ctx, caller.teamId);
  const app = await requireCompanyApp(ctx, caller.teamId, input.apple_app_id);
  const settings = {
    kochavaApiKeySealed: ctx.secrets.seal(input.api_key),
    kochavaAppGuid: input.app_guid,
    kochavaType: input.type,
    kochavaHydrateDate: input.hydrate_date,
    kochavaPulledThrough: null,
    status: 'ACTIVE' as const,
    lastError: null,
    lastErrorAt: null,
  };
  const existing = await findAppPartnerIntegration(ctx.db, caller.teamId, app.adamId, 'KOCHAVA');
  let row: AttrIntegrationRow;
  if (existing) {
    row = (await updateAttrIntegration(ctx.db, caller.teamId, existing.id, settings))!;
  } else {
    try {
      row = await insertAttrIntegration(ctx.db, caller.teamId, {
        adamId: app.adamId,
        partner: 'KOCHAVA',
        createdBy: caller.userId,
        ...newSecrets(ctx, 'KOCHAVA'),
        ...settings,
      });
    } catch (error) {
      if (isUniqueViolation(error)) throw conflict();
      throw error;
    }
    await activity(ctx, caller, `KOCHAVA connected for ${app.name}`);
    await tickChecklist(ctx.db, caller, 'mmpIntegration');
  }
  await ctx.jobs.send(kochavaPullJob, { teamId: caller.teamId, integrationId: row.id });
  return viewOf(ctx, caller.teamId, row);
}

export async function deleteKochavaPull(ctx: AppContext, caller: Caller, adamId: number) {
  const row = await findAppPartnerIntegration(ctx.db, caller.teamId, adamId, 'KOCHAVA');
  if (!row) throw new AppError('NOT_FOUND', NOT_FOUND);
  return removeIntegration(ctx, caller, row);
}

export async function deleteAttrIntegrationById(ctx: AppContext, caller: Caller, id: string) {
  return removeIntegration(ctx, caller, await requireAttrIntegration(ctx, caller.teamId, id));
}

async function removeIntegration(ctx: AppContext, caller: Caller, row: AttrIntegrationRow) {
  await deleteAttrIntegrationRows(ctx.db, caller.teamId, row.id);
  const names = await appNames(ctx.db, caller.teamId, [row.adamId]);
  await activity(ctx, caller, `${row.partner} removed from ${names.get(row.adamId) ?? row.adamId}`);
  return true;
}

export async function setIntegrationStatus(
  ctx: AppContext,
  caller: Caller,
  id: string,
  status: 'ACTIVE' | 'DISABLED',
) {
  const row = await requireAttrIntegration(ctx, caller.teamId, id);
  const updated = await updateAttrIntegration(ctx.db, caller.teamId, row.id, { status });
  return viewOf(ctx, caller.teamId, updated!);
}

export async function readIntegrationSecrets(ctx: AppContext, teamId: string, id: string) {
  return secretsOf(ctx, await requireAttrIntegration(ctx, teamId, id));
}

/** A new postback key (and signing secret): the old address and secret stop working at once. */
export async function rotateIntegrationSecret(ctx: AppContext, caller: Caller, id: string) {
  const row = await requireAttrIntegration(ctx, caller.teamId, id);
  if (row.partner === 'KOCHAVA')
    throw new AppError('BAD_REQUEST', 'A Kochava pull has no postback address to rotate.');
  const updated = await updateAttrIntegration(
    ctx.db,
    caller.teamId,
    row.id,
    newSecrets(ctx, row.partner),
  );
  return secretsOf(ctx, updated!);
}

/** Sends a sample postback over HTTP to the integration's own address and says what came back. */
export async function sendTestEvent(ctx: AppContext, caller: Caller, id: string) {
  const row = await requireAttrIntegration(ctx, caller.teamId, id);
  if (row.partner === 'KOCHAVA')
    throw new AppError('BAD_REQUEST', 'A Kochava pull reads Kochava; it receives no postbacks.');
  const request = testPostback(
    row.partner,
    postbackBaseUrl(ctx.config.publicUrl, ctx.secrets.open(row.endpointKeySealed)),
    row.signingSecretSealed ? ctx.secrets.open(row.signingSecretSealed) : null,
  );
  let httpStatus = 0;
  let message: string;
  try {
    const response = await fetch(request.url, {
      method: request.method,
      headers: request.headers,
      ...(request.body === undefined ? {} : { body: request.body }),
      signal: AbortSignal.timeout(TEST_TIMEOUT_MS),
    });
    httpStatus = response.status;
    const text = await response.text();
    message = response.ok ? 'The test event was received.' : answerMessage(text, response.status);
  } catch (error) {
    message = `The postback address could not be reached: ${(error as Error).message}`;
  }
  const ok = httpStatus >= 200 && httpStatus < 300;
  if (ok) await updateAttrIntegration(ctx.db, caller.teamId, row.id, { lastEventAt: new Date() });
  return { ok, httpStatus, message };
}

function answerMessage(text: string, status: number) {
  try {
    const parsed = JSON.parse(text) as { message?: unknown; error?: { message?: unknown } };
    const message = parsed.message ?? parsed.error?.message;
    if (typeof message === 'string') return message;
  } catch {
    // not JSON: the status says enough
  }
  return `The postback address answered HTTP ${status}.`;
}
