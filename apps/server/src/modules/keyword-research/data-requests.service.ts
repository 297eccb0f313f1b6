// Data requests of keyword research (docs/keyword-research.md, Data requests): starting one (or
// answering from a finished one younger than a day, or from the same one still running),
// listing, paging rows, cancelling, retrying, and the job's work.
import {
  DATA_REQUEST_MAX_PAGE_SIZE,
  DATA_REQUEST_OP_IDS,
  DATA_REQUEST_REUSE_HOURS,
  dataRequestTaskText,
  type AppForKeyword,
  type DataRequest,
  type KeywordRanking,
  type SuggestedCompetitor,
  type TopCategoryApp,
  type ResearchLocale,
} from '@tapwise/contracts';
import type { AppStoreApp } from '@tapwise/app-store';
import { z } from 'zod';
import { AppError } from '../../platform/errors';
import type { AppContext } from '../app-context';
import type { JobContext } from '../job-context';
import { DATA_REQUEST_KIND_BY_OP_ID } from './data-request-kinds';
import {
  getCategoryTopInput,
  appKeywordsInput,
  getCompetitorsInput,
  searchByAppInput,
  searchByKeywordInput,
} from './data-request-inputs';
import { storedProgress } from './data-request-progress';
import { DATA_REQUEST_APP_GONE, failDataRequest, runDataRequest } from './data-request-run';
import { openDataRequestSources, type DataRequestSources } from './data-request-sources';
import {
  cancelDataRequest,
  countDataRequestRows,
  deleteDataRequestRow,
  findDataRequest,
  findSameQuestion,
  insertDataRequest,
  listDataRequests,
  readDataRequestRows,
  reopenDataRequest,
  type DataRequestQuestion,
  type DataRequestRow,
} from './data-requests.repository';
import { dataRequestJob } from './jobs/data-request.job';
import { latestAppKeywords } from './app-keywords';
import { storefrontOf } from './keyword-facts';
import { KAI_FLAG_BY_OP_ID, tickChecklist } from '../onboarding/onboarding.service';

export const DATA_REQUEST_NOT_FOUND = 'No such data request.';

/** Who asks: the member, in the company whose research sources answer. */
export interface Asker {
  teamId: string;
  userId: string;
}

export interface Paging {
  currPage: number;
  itemsPerPage: number;
  totalItems: number;
  totalPages: number;
}

export interface StartedRequest<Row> {
  rows: Row[];
  paging: Paging;
  fromDB: boolean;
  request: DataRequest;
}

type StartContext = Pick<AppContext, 'db' | 'jobs' | 'config' | 'secrets' | 'logger'>;

export function dataRequestOf(row: DataRequestRow, now = new Date()): DataRequest {
  const progress = storedProgress(row);
  return {
    id: row.id,
    opId: row.opId as DataRequest['opId'],
    status: row.status,
    completed: progress.completed,
    progress: row.progress,
    totalCount: row.totalCount,
    currentCount: row.currentCount,
    missedCount: row.missedCount,
    CountPref: row.countPref,
    keyword: row.keyword,
    appId: row.appId === null ? null : String(row.appId),
    appName: row.appName,
    icon: row.icon,
    location: row.location,
    language: row.language,
    device: row.device,
    catId: row.catId,
    catType: row.catType,
    clientId: row.clientId,
    startTime: row.startTime.toISOString(),
    endTime: row.endTime?.toISOString() ?? null,
    currentTime: now.toISOString(),
    error: row.error,
  };
}

async function lookUpApp(
  ctx: StartContext,
  teamId: string,
  appId: number,
  locale: ResearchLocale,
): Promise<AppStoreApp> {
  const sources = await openDataRequestSources(ctx, teamId, appId);
  const [app] = await sources.appStore.lookup([appId], storefrontOf(locale));
  if (!app) throw new AppError('NOT_FOUND', DATA_REQUEST_APP_GONE);
  return app;
}

/**
 * The request for a question: a finished one younger than a day (fromDB), else the same one still
 * running, else a new one with its job.
 */
async function startRequest<Row>(
  ctx: StartContext,
  asker: Asker,
  question: DataRequestQuestion,
  details: Pick<DataRequestRow, 'appName' | 'icon' | 'clientId'>,
  page: { currPage: number; itemsPerPage: number },
): Promise<StartedRequest<Row>> {
  const since = new Date(Date.now() - DATA_REQUEST_REUSE_HOURS * 3600_000);
  const done = await findSameQuestion(ctx.db, asker.teamId, asker.userId, question, 'DONE', since);
  const running =
    done ?? (await findSameQuestion(ctx.db, asker.teamId, asker.userId, question, 'RUNNING'));
  const row =
    running ??
    (await insertDataRequest(ctx.db, asker.teamId, {
      ...question,
      ...details,
      userId: asker.userId,
      totalCount: DATA_REQUEST_KIND_BY_OP_ID[question.opId]!.total(question.countPref),
    }));
  if (!running)
    await ctx.jobs.send(dataRequestJob, { teamId: asker.teamId, dataRequestId: row.id });
  await tickChecklist(ctx.db, asker, KAI_FLAG_BY_OP_ID[question.opId]);
  const totalItems = await countDataRequestRows(ctx.db, asker.teamId, row.id);
  const rows = (await readDataRequestRows(ctx.db, asker.teamId, row.id, {
    offset: (page.currPage - 1) * page.itemsPerPage,
    limit: page.itemsPerPage,
  })) as Row[];
  return {
    rows,
    paging: {
      ...page,
      totalItems,
      totalPages: Math.ceil(totalItems / page.itemsPerPage),
    },
    fromDB: done !== null,
    request: dataRequestOf(row),
  };
}

function localeQuestion(input: ResearchLocale) {
  return { location: input.location, language: input.language, device: input.device };
}

export async function searchByApp(ctx: StartContext, asker: Asker, raw: unknown) {
  const input = searchByAppInput.parse(raw);
  const app = await lookUpApp(ctx, asker.teamId, Number(input.appId), input);
  return startRequest<KeywordRanking>(
    ctx,
    asker,
    {
      opId: DATA_REQUEST_OP_IDS.keywordsForApp,
      appId: app.adamId,
      keyword: null,
      catId: null,
      catType: null,
      countPref: input.CountPref,
      ...localeQuestion(input),
    },
    {
      appName: dataRequestTaskText(input.title ?? app.title),
      icon: input.icon ?? app.icon,
      clientId: input.clientId ?? null,
    },
    input,
  );
}

export async function searchByKeyword(ctx: StartContext, asker: Asker, raw: unknown) {
  const input = searchByKeywordInput.parse(raw);
  return startRequest<AppForKeyword>(
    ctx,
    asker,
    {
      opId: DATA_REQUEST_OP_IDS.appsForKeyword,
      appId: null,
      keyword: dataRequestTaskText(input.keyword),
      catId: null,
      catType: null,
      countPref: DATA_REQUEST_KIND_BY_OP_ID[DATA_REQUEST_OP_IDS.appsForKeyword]!.total(0),
      ...localeQuestion(input),
    },
    { appName: null, icon: null, clientId: input.clientId ?? null },
    input,
  );
}

/** Competitors and top charts answer every row at once. */
const WHOLE_LIST = { currPage: 1, itemsPerPage: DATA_REQUEST_MAX_PAGE_SIZE };

export async function getCompetitors(ctx: StartContext, asker: Asker, raw: unknown) {
  const input = getCompetitorsInput.parse(raw);
  const app = await lookUpApp(ctx, asker.teamId, Number(input.appId), input);
  const opId = DATA_REQUEST_OP_IDS.suggestedCompetitors;
  return startRequest<SuggestedCompetitor>(
    ctx,
    asker,
    {
      opId,
      appId: app.adamId,
      keyword: null,
      catId: null,
      catType: null,
      countPref: DATA_REQUEST_KIND_BY_OP_ID[opId]!.total(0),
      ...localeQuestion(input),
    },
    {
      appName: dataRequestTaskText(input.title ?? app.title),
      icon: input.icon ?? app.icon,
      clientId: input.clientId ?? null,
    },
    WHOLE_LIST,
  );
}

export async function getCategoryTop(ctx: StartContext, asker: Asker, raw: unknown) {
  const input = getCategoryTopInput.parse(raw);
  const opId = DATA_REQUEST_OP_IDS.topAppsForCategory;
  return startRequest<TopCategoryApp>(
    ctx,
    asker,
    {
      opId,
      appId: null,
      keyword: null,
      catId: input.catId,
      catType: input.type,
      countPref: DATA_REQUEST_KIND_BY_OP_ID[opId]!.total(0),
      ...localeQuestion(input),
    },
    { appName: null, icon: null, clientId: input.clientId ?? null },
    WHOLE_LIST,
  );
}

/** The member's requests, newest first; `at` (epoch milliseconds) keeps those started since. */
/** The latest time a JavaScript Date holds. */
const LATEST_EPOCH_MS = 8.64e15;

export async function getDataRequests(
  ctx: Pick<AppContext, 'db'>,
  asker: Asker,
  at?: number | null,
): Promise<DataRequest[]> {
  if (at != null && !(Number.isInteger(at) && at >= 0 && at <= LATEST_EPOCH_MS))
    throw new AppError('BAD_REQUEST', 'at must be a time in milliseconds since 1970.');
  const since = at && at > 1 ? new Date(at) : undefined;
  const now = new Date();
  return (await listDataRequests(ctx.db, asker.teamId, asker.userId, since)).map((row) =>
    dataRequestOf(row, now),
  );
}

async function ownRequest(ctx: Pick<AppContext, 'db'>, asker: Asker, id: string) {
  const row = z.uuid().safeParse(id).success
    ? await findDataRequest(ctx.db, asker.teamId, id)
    : null;
  if (!row || row.userId !== asker.userId) throw new AppError('NOT_FOUND', DATA_REQUEST_NOT_FOUND);
  return row;
}

/** Cancels a running request (its job stops at its next step) and deletes it. */
export async function deleteDataRequest(
  ctx: Pick<AppContext, 'db'>,
  asker: Asker,
  id: string,
): Promise<{ code: 0 }> {
  const row = await ownRequest(ctx, asker, id);
  if (row.status === 'RUNNING') await cancelDataRequest(ctx.db, asker.teamId, id);
  await deleteDataRequestRow(ctx.db, asker.teamId, id);
  return { code: 0 };
}

/** Continues a failed request from the rows it kept. */
export async function retryDataRequest(
  ctx: Pick<AppContext, 'db' | 'jobs'>,
  asker: Asker,
  id: string,
): Promise<DataRequest> {
  const row = await ownRequest(ctx, asker, id);
  if (row.status !== 'FAILED') return dataRequestOf(row);
  const reopened = await reopenDataRequest(ctx.db, asker.teamId, id);
  if (!reopened) return dataRequestOf(await ownRequest(ctx, asker, id));
  await ctx.jobs.send(dataRequestJob, { teamId: asker.teamId, dataRequestId: id });
  return dataRequestOf(reopened);
}

/** AppKeywords and searchByAppReport: the rows of the app's latest keywords-for-app request. */
export async function latestAppKeywordsOf(
  ctx: Pick<AppContext, 'db'>,
  teamId: string,
  raw: unknown,
): Promise<KeywordRanking[]> {
  const input = appKeywordsInput.parse(raw);
  return latestAppKeywords(ctx, teamId, Number(input.appId), input);
}

/** The job's work: the request's kind runs over the company's sources. */
export async function workDataRequest(ctx: JobContext, teamId: string, id: string): Promise<void> {
  const request = await findDataRequest(ctx.db, teamId, id);
  if (!request || request.status !== 'RUNNING') return;
  const kind = DATA_REQUEST_KIND_BY_OP_ID[request.opId];
  let sources: DataRequestSources;
  try {
    if (!kind) throw new Error(`No data request of opId ${request.opId}`);
    sources = await openDataRequestSources(ctx, teamId, request.appId);
  } catch (error) {
    await failDataRequest(ctx, request, storedProgress(request), error);
    return;
  }
  await runDataRequest(ctx, teamId, id, sources, kind.run);
}

/** The job failed on its last attempt: the request ends FAILED instead of hanging. */
export async function giveUpDataRequest(
  ctx: Pick<JobContext, 'db' | 'realtime'>,
  teamId: string,
  id: string,
  error: unknown,
): Promise<void> {
  const request = await findDataRequest(ctx.db, teamId, id);
  if (request?.status === 'RUNNING')
    await failDataRequest(ctx, request, storedProgress(request), error);
}
