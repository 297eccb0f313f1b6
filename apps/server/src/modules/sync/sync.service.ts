// Pulls a company's Apple Ads data into the entity and fact tables. A sync is a list of steps
// (entities of each ad account, then one report window × level × campaign chunk each, and the
// account's impression share); every finished step is checkpointed, so a sync run again after a
// crash resumes where it stopped.
import { AppleAdsError, type AccountClient } from '@tapwise/apple-ads';
import { INTEGRATION_MESSAGES, INVALID_INTEGRATION, type SyncMode } from '@tapwise/contracts';
import type { AuthContext } from '../../platform/auth/auth-context';
import type { Config } from '../../platform/config';
import { inParallel } from '../../platform/in-parallel';
import { AppError } from '../../platform/errors';
import { insertActivityLog } from '../activity-log/activity-log.repository';
import {
  countEntities,
  factBatch,
  listCampaignApps,
  refreshSyncedTableStatistics,
  replaceFacts,
  saveAppleSuggestedBids,
  saveEntities,
  type EntityKind,
  type FactKind,
} from '../ads-data/ads-data.repository';
import { refreshSearchTermShareTotals } from '../ads-data/impression-share.repository';
import { impressionShareWindow } from '../ads-data/impression-share-window';
import type { JobContext, JobSender } from '../job-context';
import type { Database } from '../../platform/db/database';
import { appleAdsClientFor } from '../integrations/apple-ads-connection';
import {
  findIntegration,
  findIntegrationById,
  listAdAccounts,
  updateIntegration,
  type AdAccountRow,
  type IntegrationRow,
} from '../integrations/integrations.repository';
import { fetchAccountEntities } from './entity-rows';
import { syncImpressionShare } from './impression-share-sync';
import {
  BREAKDOWN_DIMENSIONS,
  appleSuggestedBidOf,
  REPORT_FIELDS,
  factRowsOf,
  type BreakdownDimension,
} from './report-facts';
import { JobHandedBack } from '../../platform/jobs/job-queue';
import type { RealtimeEmitter } from '../../platform/realtime/socket-events';
import { demoPostbacksJob } from '../attribution/jobs/demo-postbacks.job';
import { announceToSlack } from '../slack/slack-notices';
import { automationTickJob } from '../automation/engine/jobs/automation-tick.job';
import { syncJob } from './jobs/sync.job';
import { emitProgress, manualSyncCooldown } from './sync-progress';
import {
  claimSyncRun,
  completeStep,
  findSyncRun,
  insertSyncRun,
  latestSyncRun,
  listRunningSyncRuns,
  listStalledSyncRuns,
  releaseRunsOfWorkers,
  updateSyncRun,
  type SyncRun,
} from './sync.repository';
import {
  HISTORY_DAYS,
  historyWindows,
  incrementalWindows,
  localToday,
  withinAppleLimits,
  type ReportWindow,
} from './sync-windows';

/** Campaigns per report request: keeps each window's rows (and memory) bounded. */
const CAMPAIGNS_PER_REQUEST = 10;
/**
 * Report steps in flight at once: Apple's answer to one overlaps the writing of another. Apple's
 * rate limit is honoured by the client whatever the concurrency.
 */
const REPORT_CONCURRENCY = 3;
/** Share of the progress bar taken by the entity steps. */
const ENTITY_SHARE = 10;

export async function startSync(
  ctx: { db: Database; jobs: JobSender },
  teamId: string,
  integrationId: string,
  mode: SyncMode,
) {
  const run = await insertSyncRun(ctx.db, teamId, { integrationId, mode });
  await ctx.jobs.send(syncJob, { teamId, syncId: run.id });
  return { syncId: run.id };
}

/**
 * Embedded mode runs one process: a sync still RUNNING at start was cut off by the last stop, so
 * its job is sent again and resumes from the checkpoint.
 */
export async function resumeInterruptedSyncs(ctx: { db: Database; jobs: JobSender }) {
  const runs = await listRunningSyncRuns(ctx.db);
  for (const run of runs) await ctx.jobs.send(syncJob, { teamId: run.teamId, syncId: run.id });
  return runs.length;
}

/**
 * A step takes seconds; a RUNNING run without a checkpoint for this long lost its worker (a killed
 * process on PostgreSQL, where other workers live on). Generous, as a second worker on a run that
 * is merely slow would redo its current step (harmless: windows are replaced, not added to).
 */
export const STALLED_SYNC_MINUTES = 15;

/** Sends the job of every stalled run again; it resumes from the run's checkpoint. */
export async function resumeStalledSyncs(ctx: { db: Database; jobs: JobSender }, now: Date) {
  const runs = await listStalledSyncRuns(
    ctx.db,
    new Date(now.getTime() - STALLED_SYNC_MINUTES * 60_000),
  );
  for (const run of runs) await ctx.jobs.send(syncJob, { teamId: run.teamId, syncId: run.id });
  return runs.length;
}

/**
 * Workers were found lost: their running syncs are released, shown as resuming until the worker
 * that takes one over checkpoints, and sent again (their pg-boss jobs are retried too; whichever
 * job claims the run first resumes it from the checkpoint, the other finds it held and ends).
 */
export async function releaseSyncsOfLostWorkers(
  ctx: { db: Database; realtime: RealtimeEmitter; jobs: JobSender },
  workerIds: string[],
) {
  const released = await releaseRunsOfWorkers(ctx.db, workerIds);
  for (const teamId of new Set(released.map((run) => run.teamId)))
    await emitProgress(ctx.db, ctx.realtime, teamId);
  for (const run of released) await ctx.jobs.send(syncJob, { teamId: run.teamId, syncId: run.id });
  return released.length;
}

/** The run was taken over by another worker after this one was declared lost. */
class SyncTakenOver extends Error {
  constructor() {
    super('The sync was taken over by another worker');
  }
}

/** invokeManualSync: refused while a sync runs or within the cooldown after the last one. */
export async function startManualSync(
  ctx: { db: Database; jobs: JobSender },
  caller: AuthContext & { teamId: string },
) {
  const integration = await findIntegration(ctx.db, caller.teamId);
  if (!integration || integration.deletingAt)
    throw new AppError('NOT_FOUND', 'Connect Apple Ads first.');
  if (integration.state === 'INVALID')
    throw new AppError('INVALID_INTEGRATION', INTEGRATION_MESSAGES.INVALID);
  if (manualSyncCooldown(await latestSyncRun(ctx.db, caller.teamId), new Date()) > 0)
    throw new AppError('SYNC_TOO_SOON', INTEGRATION_MESSAGES.SYNC_TOO_SOON);
  const { syncId } = await startSync(ctx, caller.teamId, integration.id, 'MANUAL');
  const counts = await countEntities(ctx.db, caller.teamId);
  return {
    successMessage: INTEGRATION_MESSAGES.SYNC_STARTED,
    data: {
      syncId,
      campaignsCount: counts.campaigns,
      adgroupsCount: counts.adGroups,
      keywordsCount: counts.keywords,
    },
  };
}

/** The integration was deleted (or is being deleted) while its sync ran: the sync stops. */
const INTEGRATION_REMOVED = 'Integration removed';
class IntegrationRemoved extends Error {
  constructor() {
    super(INTEGRATION_REMOVED);
  }
}

/** Checked before each step, so a deletion waits at most for the steps already in flight. */
async function assertIntegrationLive(db: Database, teamId: string, integrationId: string) {
  const integration = await findIntegrationById(db, teamId, integrationId);
  if (!integration || integration.deletingAt) throw new IntegrationRemoved();
}

interface Step {
  key: string;
  run(): Promise<void>;
}

export interface SyncHooks {
  /** Called after each checkpoint; tests use it to stop a sync half-way. */
  afterStep?(key: string): void | Promise<void>;
}

export async function runSync(
  ctx: JobContext,
  teamId: string,
  syncId: string,
  hooks: SyncHooks = {},
): Promise<void> {
  const run = await findSyncRun(ctx.db, teamId, syncId);
  if (!run || run.status === 'DONE') return;
  const integration = await findIntegrationById(ctx.db, teamId, run.integrationId);
  if (!integration || integration.deletingAt || integration.state === 'INVALID') {
    await updateSyncRun(ctx.db, teamId, syncId, {
      status: 'FAILED',
      error: integration?.state === 'INVALID' ? INTEGRATION_MESSAGES.INVALID : INTEGRATION_REMOVED,
      errCode: integration?.state === 'INVALID' ? INVALID_INTEGRATION : null,
      finishedAt: new Date(),
    });
    return;
  }
  const workerId = ctx.workerId ?? null;
  const claimed = await claimSyncRun(ctx.db, teamId, syncId, workerId);
  if (!claimed) {
    // Another live worker runs it (a second job for the same run): that one finishes it.
    ctx.logger.info({ syncId, workerId }, 'sync held by another live worker; left to it');
    return;
  }
  await emitProgress(ctx.db, ctx.realtime, teamId);
  try {
    await executeSteps(ctx, claimed, integration, hooks);
  } catch (error) {
    if (error instanceof SyncTakenOver) {
      ctx.logger.warn({ syncId, workerId }, 'sync taken over by another worker; stopping here');
      return;
    }
    if (error instanceof JobHandedBack) {
      // Stopping: the checkpoint holds; the job goes back to the queue for another worker.
      await updateSyncRun(ctx.db, teamId, syncId, { workerId: null, resumingSince: new Date() });
      await emitProgress(ctx.db, ctx.realtime, teamId);
      throw error;
    }
    if (isRefusedCredentials(error)) {
      await markInvalid(ctx, run, integration, error as AppleAdsError);
      return;
    }
    if (error instanceof IntegrationRemoved) {
      await updateSyncRun(ctx.db, teamId, syncId, {
        status: 'FAILED',
        error: error.message,
        finishedAt: new Date(),
      });
      return;
    }
    await updateSyncRun(ctx.db, teamId, syncId, {
      status: 'FAILED',
      error: INTEGRATION_MESSAGES.SYNC_FAILED,
    });
    await emitProgress(ctx.db, ctx.realtime, teamId);
    // Once per run: the job's retries fail the same run again.
    if (run.status !== 'FAILED')
      await announceToSlack(ctx, teamId, {
        text: INTEGRATION_MESSAGES.SYNC_FAILED,
        link: `${ctx.config.publicUrl}/integrations`,
      });
    throw error;
  }
}

async function executeSteps(
  ctx: JobContext,
  run: SyncRun,
  integration: IntegrationRow,
  hooks: SyncHooks,
) {
  const { db } = ctx;
  const teamId = run.teamId;
  const done = new Set(run.completedSteps);
  const client = appleAdsClientFor(ctx.secrets, integration);
  const accounts = await listAdAccounts(db, teamId);
  const checkpoint = async (key: string, progress: number) => {
    if (!(await completeStep(db, teamId, run.id, key, progress, ctx.workerId ?? null)))
      throw new SyncTakenOver();
    done.add(key);
    await emitProgress(db, ctx.realtime, teamId);
    await hooks.afterStep?.(key);
    if (ctx.stopping?.aborted) throw new JobHandedBack();
  };

  for (const [index, account] of accounts.entries()) {
    const key = `entities:${account.adAccountId}`;
    if (done.has(key)) continue;
    await assertIntegrationLive(db, teamId, integration.id);
    const entities = await outlastingApple(ctx, () =>
      fetchAccountEntities(client.forAccount(account.adAccountId)),
    );
    for (const kind of Object.keys(entities) as EntityKind[])
      await saveEntities(db, teamId, kind, entities[kind] as never);
    await checkpoint(key, Math.floor((ENTITY_SHARE * (index + 1)) / accounts.length));
  }

  const plans = await Promise.all(
    accounts.map((account) =>
      reportSteps(ctx, run, account, client.forAccount(account.adAccountId)),
    ),
  );
  const steps = plans.flatMap((plan) => plan.steps);
  const pending = steps.filter((step) => !done.has(step.key));
  let finished = steps.length - pending.length;
  await inParallel(pending, REPORT_CONCURRENCY, async (step) => {
    await assertIntegrationLive(db, teamId, integration.id);
    await outlastingApple(ctx, () => step.run());
    finished++;
    const share = Math.floor(((100 - ENTITY_SHARE) * finished) / steps.length);
    await checkpoint(step.key, Math.min(ENTITY_SHARE + share, 99));
  });

  // The window's search term facts are all stored now: the totals the share pages read follow.
  const shareWindow = impressionShareWindow(run.startedAt);
  for (const account of accounts)
    await refreshSearchTermShareTotals(db, teamId, account.adAccountId, shareWindow);
  if (refreshesStatistics(run.mode, ctx.config)) await refreshSyncedTableStatistics(db);
  await updateSyncRun(db, teamId, run.id, {
    status: 'DONE',
    progress: 100,
    finishedAt: new Date(),
    counts: await countEntities(db, teamId),
  });
  await updateIntegration(db, teamId, integration.id, {
    firstSyncDone: true,
    historyLimited: integration.historyLimited || plans.some((plan) => plan.historyLimited),
  });
  await emitProgress(db, ctx.realtime, teamId);
  // Fresh data has landed: the company's due automation rules act on it now.
  await ctx.jobs.send(automationTickJob, { teamId, syncId: run.id });
  // The demo's partner starts sending postbacks once the demo's Apple Ads ids are known.
  if (integration.demoMode && !integration.firstSyncDone)
    await ctx.jobs.send(demoPostbacksJob, { teamId });
}

/**
 * A first sync fills every synced table; an incremental one replaces a few days among the history.
 * After that PostgreSQL's autovacuum refreshes the planner's statistics on its own time; PGlite has
 * none, so there every sync does. (ANALYZE of every synced table took 16 s of a 27 s hourly sync
 * with ten demo companies stored: most of the hourly round.)
 */
export function refreshesStatistics(mode: SyncMode, config: Pick<Config, 'databaseUrl'>) {
  return mode === 'FIRST' || !config.databaseUrl;
}

/** The report steps of one ad account, in a stable order so a resumed sync finds its place. */
async function reportSteps(
  ctx: JobContext,
  run: SyncRun,
  account: AdAccountRow,
  api: AccountClient,
) {
  const campaigns = (await listCampaignApps(ctx.db, run.teamId, account.adAccountId)).sort(
    (a, b) => a.id - b.id,
  );
  const adamIdOf = new Map(campaigns.map((campaign) => [campaign.id, campaign.adamId]));
  // Pinned to the run's start so a resumed run plans the same windows.
  const today = localToday(account.timeZone, run.startedAt);
  const starts = campaigns.map((campaign) =>
    campaign.startTime ? localToday(account.timeZone, campaign.startTime) : today,
  );
  const since = Math.min(today, ...starts);
  const planned = run.mode === 'FIRST' ? historyWindows(today, since) : incrementalWindows(today);
  const now = localToday(account.timeZone, new Date());
  const windows = planned.flatMap((window) => withinAppleLimits(window, now) ?? []);
  const steps: Step[] = [];
  for (const window of windows) {
    for (let start = 0; start < campaigns.length; start += CAMPAIGNS_PER_REQUEST) {
      const campaignIds = campaigns.slice(start, start + CAMPAIGNS_PER_REQUEST).map((c) => c.id);
      for (const [kind, dimension] of reportKinds(window)) {
        steps.push({
          key: [account.adAccountId, window.grain, window.from, kind, dimension ?? '', start].join(
            ':',
          ),
          run: () =>
            syncReport(ctx, run.teamId, api, { kind, dimension, window, campaignIds, adamIdOf }),
        });
      }
    }
  }
  steps.push({
    key: `impression-share:${account.adAccountId}`,
    run: () =>
      syncImpressionShare(ctx, run.teamId, api, {
        adamIds: [...new Set(campaigns.map((campaign) => campaign.adamId))],
        incremental: run.mode !== 'FIRST',
        // Pinned to the run's start, as the report windows are.
        asOf: run.startedAt,
      }),
  });
  return { steps, historyLimited: since < today - HISTORY_DAYS };
}

/**
 * Every level in every window; the overview's breakdowns only where it reads them (DAILY); hours
 * for campaigns and ad groups, the levels Apple reports them for that the product uses.
 */
function reportKinds(window: ReportWindow): [FactKind, BreakdownDimension | undefined][] {
  if (window.grain === 'HOURLY')
    return [
      ['campaignHours', undefined],
      ['adgroupHours', undefined],
    ];
  const levels: [FactKind, undefined][] = (
    ['campaigns', 'adgroups', 'keywords', 'searchterms', 'ads'] as const
  ).map((kind) => [kind, undefined]);
  if (window.grain !== 'DAILY') return levels;
  return [
    ...levels,
    ...BREAKDOWN_DIMENSIONS.map((d) => ['campaignBreakdowns', d] as [FactKind, BreakdownDimension]),
  ];
}

const REPORT_LEVEL_OF = {
  campaigns: 'campaigns',
  campaignBreakdowns: 'campaigns',
  campaignHours: 'campaigns',
  adgroups: 'adgroups',
  adgroupHours: 'adgroups',
  keywords: 'keywords',
  searchterms: 'searchterms',
  ads: 'ads',
} as const satisfies Record<FactKind, string>;

async function syncReport(
  ctx: JobContext,
  teamId: string,
  api: AccountClient,
  request: {
    kind: FactKind;
    dimension: BreakdownDimension | undefined;
    window: ReportWindow;
    campaignIds: number[];
    adamIdOf: ReadonlyMap<number, number>;
  },
) {
  const { kind, dimension, window, campaignIds } = request;
  const level = REPORT_LEVEL_OF[kind];
  // Facts go into COPY text row by row as pages come: pages and fact rows die young.
  const facts = factBatch(teamId, kind);
  const context = {
    adAccountId: api.adAccountId,
    grain: window.grain,
    adamIdOf: request.adamIdOf,
    ...(dimension ? { dimension } : {}),
  };
  // Apple's suggested bids come with the keyword rows; the sync's DAILY window is its newest.
  const suggestedBids =
    kind === 'keywords' && window.grain === 'DAILY' ? new Map<number, number>() : undefined;
  for await (const page of api.reports.pages(level, {
    timeRange: { start: window.from, end: window.to, granularity: window.grain, timeZone: 'ORTZ' },
    filters: [{ field: 'campaignId', operator: 'IN', value: campaignIds }],
    ...(dimension ? { groupBy: [dimension] } : {}),
    fields: [...REPORT_FIELDS],
  }))
    for (const row of page.rows) {
      facts.add(factRowsOf(kind, [row], context) as never);
      const suggested = suggestedBids && appleSuggestedBidOf(row);
      if (suggested) suggestedBids!.set(suggested.keywordId, suggested.micros);
    }
  await replaceFacts(
    ctx.db,
    teamId,
    kind,
    {
      adAccountId: api.adAccountId,
      campaignIds,
      grain: window.grain,
      from: window.from,
      to: window.to,
      ...(dimension ? { dimension } : {}),
    },
    facts,
  );
  if (suggestedBids)
    await saveAppleSuggestedBids(ctx.db, teamId, api.adAccountId, campaignIds, suggestedBids);
}

/** Waits before a step is tried again after Apple stayed unavailable through the client's retries. */
const STEP_PAUSES_MS = [5_000, 15_000, 30_000];

/**
 * Runs a step, trying it again when Apple stayed rate-limited or failing (5xx, unreachable)
 * through all of the client's own retries: a storm then costs its length, not the job (whose
 * retries come after pg-boss' growing backoff, with the run shown FAILED in between). A stopping
 * worker does not wait: its job is handed back.
 */
async function outlastingApple<T>(ctx: JobContext, step: () => Promise<T>): Promise<T> {
  for (let attempt = 0; ; attempt++) {
    try {
      return await step();
    } catch (error) {
      const transient =
        error instanceof AppleAdsError &&
        (error.kind === 'rate-limited' || error.kind === 'server' || error.kind === 'network');
      if (!transient || attempt >= STEP_PAUSES_MS.length || ctx.stopping?.aborted) throw error;
      const pauseMs = Math.max(STEP_PAUSES_MS[attempt]!, (error.retryAfterSeconds ?? 0) * 1000);
      ctx.logger.warn(
        { apple: error.code, status: error.status, pauseMs },
        'Apple is unavailable; the sync step waits and tries again',
      );
      await new Promise((resolve) => setTimeout(resolve, pauseMs));
    }
  }
}

/** Apple refused the key (revoked, removed) or its access: the integration is no longer valid. */
function isRefusedCredentials(error: unknown): boolean {
  return error instanceof AppleAdsError && (error.kind === 'auth' || error.kind === 'forbidden');
}

async function markInvalid(
  ctx: JobContext,
  run: SyncRun,
  integration: IntegrationRow,
  error: AppleAdsError,
) {
  ctx.logger.warn(
    { teamId: run.teamId, integrationId: integration.id, apple: error.code, status: error.status },
    'Apple Ads refused the integration; marked invalid',
  );
  await updateIntegration(ctx.db, run.teamId, integration.id, { state: 'INVALID' });
  await updateSyncRun(ctx.db, run.teamId, run.id, {
    status: 'FAILED',
    error: INTEGRATION_MESSAGES.INVALID,
    errCode: INVALID_INTEGRATION,
    finishedAt: new Date(),
  });
  await insertActivityLog(ctx.db, run.teamId, {
    logType: 'integration_failure',
    message: `${INTEGRATION_MESSAGES.INVALID} ${INTEGRATION_MESSAGES.ADD_AGAIN}`,
    featureName: 'Integrations',
    featurePath: '/integrations',
  });
  await emitProgress(ctx.db, ctx.realtime, run.teamId);
  await announceToSlack(ctx, run.teamId, {
    text: `${INTEGRATION_MESSAGES.INVALID} ${INTEGRATION_MESSAGES.ADD_AGAIN}`,
    link: `${ctx.config.publicUrl}/integrations`,
  });
}
