// The sandbox HTTP server: /v1 (Apple's surface), /auth/oauth2/token (Apple ID's token
// endpoint), /app-store (the App Store's public search, lookup and chart endpoints), /openai/v1
// (an OpenAI-compatible language model for keyword suggestions), /kochava, /slack (Slack's OAuth
// consent page and Web API), /chargebee (Chargebee's API v2, card tokenisation, webhooks) and
// /__sandbox (admin: fault switches, API users, scenario facts).
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import { READ_ONLY_ROLES, type ApiUser, type Role } from '../model/entities.js';
import { seedScenario, SCENARIOS, type ScenarioName } from '../model/scenario.js';
import { SandboxStore } from '../model/store.js';
import { registerAccountRoutes } from '../routes/account-routes.js';
import { registerAppMetadataRoutes } from '../routes/app-metadata-routes.js';
import { registerBusinessCategoryRoutes } from '../routes/business-category-routes.js';
import { registerAdRoutes } from '../routes/ad-routes.js';
import { registerCampaignRoutes } from '../routes/campaign-routes.js';
import { registerChangeHistoryRoutes } from '../routes/change-history-routes.js';
import { registerGeoRoutes } from '../routes/geo-routes.js';
import { registerInsightRoutes } from '../routes/insight-routes.js';
import { registerRecommendationRoutes } from '../routes/recommendation-routes.js';
import { registerKeywordRoutes } from '../routes/keyword-routes.js';
import { registerLocationRoutes } from '../routes/location-routes.js';
import { registerOrgRoutes } from '../routes/org-routes.js';
import { registerRejectionReasonRoutes } from '../routes/rejection-reason-routes.js';
import { registerReportRoutes } from '../routes/report-routes.js';
import { registerSharedBudgetRoutes } from '../routes/shared-budget-routes.js';
import { ASSET_UPLOAD_MAX_BYTES } from '@tapwise/apple-ads-schemas';
import { registerAssetRoutes } from '../routes/asset-routes.js';
import { registerBrandReportRoutes } from '../routes/brand-report-routes.js';
import { answerAppStore, APP_STORE_PREFIX } from '../app-store/app-store-routes.js';
import {
  answerOpenAi,
  INVENTED_TERMS,
  openAiError,
  OPENAI_PREFIX,
  setCompletionContent,
} from '../openai/openai-routes.js';
import { answerKochava, KOCHAVA_PREFIX, kochavaAppGuid } from '../partners/kochava-routes.js';
import {
  sendPostbacks,
  type SendPostbacksOptions,
  type SendPostbacksResult,
} from '../partners/postback-sender.js';
import { SlackSimulator, SLACK_PREFIX } from '../slack/slack-routes.js';
import {
  ChargebeeSimulator,
  CHARGEBEE_PREFIX,
  type WebhookTarget,
} from '../chargebee/chargebee-routes.js';
import { SlackWorkspace, type SlackPostedMessage } from '../slack/slack-workspace.js';
import { ApiError } from './api-error.js';
import { isMultipart, parseMultipart, type MultipartForm } from './multipart.js';
import { mergeFaults, NO_FAULTS, type FaultSettings } from './faults.js';
import { TokenIssuer } from './oauth.js';
import { RateLimiter, type RateLimitState } from './rate-limiter.js';
import { Router, type RouteResult } from './router.js';

export interface SandboxOptions {
  /** 0 (default) picks a free port. */
  port?: number;
  host?: string;
  seed?: number;
  scenario?: ScenarioName;
  /** Wall clock; tests pin it for reproducible windows. */
  now?: () => number;
  rateLimit?: { limit: number; windowSeconds: number };
  faults?: Partial<FaultSettings>;
  apiUsers?: ApiUserRegistration[];
}

export interface ApiUserRegistration {
  clientId: string;
  teamId: string;
  keyId: string;
  publicKeyPem: string;
  /** Ad account ids this user may reach; omitted = every account of the org. */
  adAccountIds?: number[];
  role?: Role;
}

export interface SandboxAccountInfo {
  id: number;
  name: string;
  currency: string;
  timezone: string;
  adamIds: number[];
  campaignCount: number;
  keywordCount: number;
}

export interface Sandbox {
  /** Base URL of the API, ending in /v1. */
  url: string;
  /** The OAuth token endpoint to use instead of https://appleid.apple.com/auth/oauth2/token. */
  tokenUrl: string;
  /** Origin of the admin endpoint (/__sandbox/...). */
  adminUrl: string;
  /** Base URL of the App Store simulation (stands in for https://itunes.apple.com). */
  appStoreUrl: string;
  /** Base URL of the OpenAI-compatible model (an OpenAI SDK's baseURL). */
  openAiUrl: string;
  /** Base URL of Kochava's Reporting API simulation (stands in for https://reporting.api.kochava.com). */
  kochavaUrl: string;
  /** Slack: `apiUrl` is a WebClient's slackApiUrl, `oauthUrl` the consent page (oauth/v2/authorize). */
  slack: {
    apiUrl: string;
    oauthUrl: string;
    messages(): SlackPostedMessage[];
    /** Revokes one bot token (or all), or marks its account inactive. */
    setTokenState(state: 'revoked' | 'inactive', token?: string): number;
  };
  /**
   * Chargebee: `apiUrl` is what CHARGEBEE_API_URL takes, `jsUrl` the Chargebee.js stand-in;
   * the simulator itself for tests (clock, webhook target, events).
   */
  chargebee: {
    apiUrl: string;
    jsUrl: string;
    simulator: ChargebeeSimulator;
    setWebhook(target: WebhookTarget | null): void;
    advance(seconds: number): Promise<void>;
  };
  /** Attribution partners: the Kochava app GUID of an app, and postbacks sent to Tapwise. */
  partners: {
    kochavaAppGuid(adamId: number): string;
    sendPostbacks(options: SendPostbacksOptions): Promise<SendPostbacksResult>;
  };
  port: number;
  seed: number;
  scenario: ScenarioName;
  registerApiUser(user: ApiUserRegistration): ApiUser;
  revokeApiUser(clientId: string): void;
  setFaults(patch: Partial<FaultSettings>): FaultSettings;
  resetFaults(): FaultSettings;
  expireTokens(): void;
  accounts(): SandboxAccountInfo[];
  store: SandboxStore;
  close(): Promise<void>;
}

export async function startSandbox(options: SandboxOptions = {}): Promise<Sandbox> {
  const seed = options.seed ?? 42;
  const scenario = options.scenario ?? 'demo';
  if (!SCENARIOS.includes(scenario)) throw new Error(`unknown scenario ${scenario}`);
  const now = options.now ?? Date.now;
  const store = new SandboxStore(seed, now);
  seedScenario(store, scenario);
  const issuer = new TokenIssuer(store);
  const limiter = new RateLimiter(
    options.rateLimit?.limit ?? 600,
    options.rateLimit?.windowSeconds ?? 60,
    now,
  );
  let faults = mergeFaults(NO_FAULTS, options.faults ?? {});
  const slackWorkspace = new SlackWorkspace(now);
  const slack = new SlackSimulator(slackWorkspace, now);
  const chargebee = new ChargebeeSimulator(now, () => origin);
  const router = new Router();
  registerAccountRoutes(router);
  registerCampaignRoutes(router);
  registerKeywordRoutes(router);
  registerAdRoutes(router);
  registerReportRoutes(router);
  registerInsightRoutes(router);
  registerRecommendationRoutes(router);
  registerGeoRoutes(router);
  registerChangeHistoryRoutes(router);
  registerOrgRoutes(router);
  registerSharedBudgetRoutes(router);
  registerLocationRoutes(router);
  registerAssetRoutes(router);
  registerBrandReportRoutes(router);
  registerRejectionReasonRoutes(router);
  registerAppMetadataRoutes(router);
  registerBusinessCategoryRoutes(router);

  const registerApiUser = (registration: ApiUserRegistration): ApiUser => {
    const user: ApiUser = {
      clientId: registration.clientId,
      teamId: registration.teamId,
      keyId: registration.keyId,
      publicKeyPem: registration.publicKeyPem,
      userId: store.apiUsers.get(registration.clientId)?.userId ?? store.nextApiUserId(),
      adAccountIds: registration.adAccountIds ?? 'all',
      role: registration.role ?? 'API Account Manager',
      revoked: false,
    };
    store.apiUsers.set(user.clientId, user);
    return user;
  };
  for (const user of options.apiUsers ?? []) registerApiUser(user);

  const sockets = new Set<Socket>();
  const server = createServer((request, response) => {
    handle(request, response).catch((error: unknown) => {
      console.error('sandbox: unhandled error', error);
      if (!response.headersSent)
        sendJson(response, 500, {
          error: { code: 'INTERNAL_ERROR', message: 'Internal error', details: [] },
        });
      else response.destroy();
    });
  });
  // Reports are computed on the request's thread: requests queued behind a long one must wait, not
  // time out (Node's defaults answer 408 after 60 s without complete headers).
  server.headersTimeout = 0;
  server.requestTimeout = 0;
  server.on('connection', (socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });

  async function handle(request: IncomingMessage, response: ServerResponse): Promise<void> {
    const url = new URL(request.url ?? '/', 'http://sandbox');
    const bytes = await readBody(request);
    const raw = bytes.toString('utf8');
    if (url.pathname === '/auth/oauth2/token' && request.method === 'POST') {
      const answer = await issuer.exchange(new URLSearchParams(raw));
      return sendJson(response, answer.status, answer.body);
    }
    if (url.pathname.startsWith('/__sandbox/'))
      return handleAdmin(request.method ?? 'GET', url.pathname, raw, response);
    if (url.pathname.startsWith(`${KOCHAVA_PREFIX}/`))
      return handleKochava(request.method ?? 'GET', url, raw, response);
    if (url.pathname.startsWith(`${APP_STORE_PREFIX}/`)) return handleAppStore(url, response);
    if (url.pathname.startsWith(`${SLACK_PREFIX}/`))
      return handleSlack(request, url, raw, response);
    if (url.pathname.startsWith(`${CHARGEBEE_PREFIX}/`))
      return handleChargebee(request, url, raw, response);
    if (url.pathname.startsWith(`${OPENAI_PREFIX}/`))
      return handleOpenAi(request, url, raw, response);
    if (!url.pathname.startsWith('/v1/'))
      return sendJson(response, 404, {
        error: { code: 'NOT_FOUND', message: 'Not found', details: [] },
      });
    if (faults.latencyMs > 0) await new Promise((resolve) => setTimeout(resolve, faults.latencyMs));
    const user = issuer.authenticate(request.headers.authorization);
    const limit = limiter.take(user?.clientId ?? `ip:${request.socket.remoteAddress ?? ''}`);
    const headers = rateLimitHeaders(limit);
    if (faults.rateLimitBurst > 0 || !limit.allowed) {
      if (faults.rateLimitBurst > 0)
        faults = { ...faults, rateLimitBurst: faults.rateLimitBurst - 1 };
      const retryAfter = limit.allowed ? faults.retryAfterSeconds : Math.max(1, limit.resetSeconds);
      return sendJson(
        response,
        429,
        { error: { code: 'RATE_LIMIT_EXCEEDED', message: 'Too many requests', details: [] } },
        { ...headers, 'Retry-After': String(retryAfter) },
      );
    }
    if (!user)
      return sendJson(
        response,
        401,
        {
          error: { code: 'UNAUTHORIZED', message: 'Invalid or expired access token', details: [] },
        },
        headers,
      );
    if (faults.serverErrors > 0) {
      faults = { ...faults, serverErrors: faults.serverErrors - 1 };
      return sendJson(
        response,
        500,
        { error: { code: 'INTERNAL_ERROR', message: 'Injected server error', details: [] } },
        headers,
      );
    }
    const method = request.method ?? 'GET';
    const path = url.pathname.slice(3);
    const matched = router.match(method, path);
    if (matched === null)
      return sendJson(
        response,
        404,
        { error: { code: 'NOT_FOUND', message: `No route ${method} ${path}`, details: [] } },
        headers,
      );
    if (matched === 'method-not-allowed')
      return sendJson(
        response,
        405,
        {
          error: {
            code: 'METHOD_NOT_ALLOWED',
            message: `${method} not allowed on ${path}`,
            details: [],
          },
        },
        headers,
      );
    const write = isWrite(method, path);
    try {
      const adAccountId = parseContext(request.headers['x-ap-context']);
      if (matched.route.needsContext) {
        if (adAccountId === null)
          throw new ApiError(
            400,
            'INVALID_REQUEST',
            'X-AP-Context header with adAccountId is required',
          );
        if (
          !store.adAccounts.has(adAccountId) ||
          (user.adAccountIds !== 'all' && !user.adAccountIds.includes(adAccountId))
        ) {
          throw new ApiError(403, 'FORBIDDEN', 'The API user has no access to this ad account');
        }
      }
      if (write && READ_ONLY_ROLES.includes(user.role))
        throw new ApiError(403, 'FORBIDDEN', `The role ${user.role} cannot make changes`);
      let parsed: unknown = undefined;
      let form: MultipartForm | null = null;
      if (isMultipart(request.headers))
        form = await parseMultipart(request.headers, bytes, ASSET_UPLOAD_MAX_BYTES);
      else if (raw.length > 0) {
        try {
          parsed = JSON.parse(raw);
        } catch {
          throw new ApiError(400, 'INVALID_REQUEST', 'Request body is not valid JSON');
        }
      }
      store.beginTransaction();
      const result = await matched.route.handler({
        store,
        user,
        adAccountId,
        params: matched.params,
        query: url.searchParams,
        body: parsed,
        form,
      });
      if (write && faults.ambiguousWrites > 0) {
        // The change is applied; the answer never arrives.
        faults = { ...faults, ambiguousWrites: faults.ambiguousWrites - 1 };
        request.socket.destroy();
        return;
      }
      sendResult(response, result, headers);
    } catch (error) {
      if (error instanceof ApiError)
        return sendJson(response, error.status, error.toBody(), headers);
      throw error;
    }
  }

  function handleAppStore(url: URL, response: ServerResponse): void {
    if (faults.appStoreOutage > 0) {
      faults = { ...faults, appStoreOutage: faults.appStoreOutage - 1 };
      return sendText(response, 503, 'text/plain; charset=utf-8', 'Service Unavailable');
    }
    if (faults.appStoreRateLimitBurst > 0) {
      faults = { ...faults, appStoreRateLimitBurst: faults.appStoreRateLimitBurst - 1 };
      return sendText(response, 429, 'text/plain; charset=utf-8', 'Too Many Requests', {
        'Retry-After': String(faults.retryAfterSeconds),
      });
    }
    const answer = answerAppStore(store, url, origin);
    sendText(response, answer.status, answer.contentType, answer.body);
  }

  async function handleOpenAi(
    request: IncomingMessage,
    url: URL,
    raw: string,
    response: ServerResponse,
  ): Promise<void> {
    if (faults.modelLatencyMs > 0)
      await new Promise((resolve) => setTimeout(resolve, faults.modelLatencyMs));
    if (response.destroyed) return;
    if (faults.modelRateLimitBurst > 0) {
      faults = { ...faults, modelRateLimitBurst: faults.modelRateLimitBurst - 1 };
      const answer = openAiError(
        429,
        'Rate limit reached for requests. Please try again later.',
        'requests',
        'rate_limit_exceeded',
      );
      return sendJson(response, answer.status, answer.body, {
        'Retry-After': String(faults.retryAfterSeconds),
      });
    }
    if (faults.modelServerErrors > 0) {
      faults = { ...faults, modelServerErrors: faults.modelServerErrors - 1 };
      const answer = openAiError(
        500,
        'The server had an error while processing your request.',
        'server_error',
        null,
      );
      return sendJson(response, answer.status, answer.body);
    }
    const method = request.method ?? 'GET';
    const answer = answerOpenAi(store, method, url, request.headers.authorization, raw);
    const completion = answer.status === 200 && url.pathname.endsWith('/chat/completions');
    if (completion && faults.modelGarbage > 0) {
      faults = { ...faults, modelGarbage: faults.modelGarbage - 1 };
      setCompletionContent(
        answer,
        'Sure! Here are some great keywords you could try: fitness, workout and more.',
      );
    } else if (completion && faults.modelInventedTerms > 0) {
      faults = { ...faults, modelInventedTerms: faults.modelInventedTerms - 1 };
      setCompletionContent(answer, JSON.stringify({ keywords: INVENTED_TERMS }));
    }
    sendJson(response, answer.status, answer.body, answer.headers);
  }

  function handleKochava(method: string, url: URL, raw: string, response: ServerResponse): void {
    if (faults.kochavaServerErrors > 0) {
      faults = { ...faults, kochavaServerErrors: faults.kochavaServerErrors - 1 };
      return sendJson(response, 500, { status: 'Error', error: 'Injected server error' });
    }
    const pending = { pendingPolls: faults.kochavaPendingPolls };
    const answer = answerKochava(store, method, url, raw, origin, pending);
    faults = { ...faults, kochavaPendingPolls: pending.pendingPolls };
    sendJson(response, answer.status, answer.body);
  }

  function handleSlack(
    request: IncomingMessage,
    url: URL,
    raw: string,
    response: ServerResponse,
  ): void {
    const slackFaults = {
      rateLimitBurst: faults.slackRateLimitBurst,
      serverErrors: faults.slackServerErrors,
      retryAfterSeconds: faults.retryAfterSeconds,
    };
    const answer = slack.answer(
      { method: request.method ?? 'GET', url, headers: request.headers, raw },
      slackFaults,
    );
    faults = {
      ...faults,
      slackRateLimitBurst: slackFaults.rateLimitBurst,
      slackServerErrors: slackFaults.serverErrors,
    };
    sendText(response, answer.status, answer.contentType, answer.body, answer.headers);
  }

  async function handleChargebee(
    request: IncomingMessage,
    url: URL,
    raw: string,
    response: ServerResponse,
  ): Promise<void> {
    const chargebeeFaults = { serverErrors: faults.chargebeeServerErrors };
    const answer = await chargebee.answer(
      { method: request.method ?? 'GET', url, headers: request.headers, raw },
      chargebeeFaults,
    );
    faults = { ...faults, chargebeeServerErrors: chargebeeFaults.serverErrors };
    response.writeHead(answer.status, {
      'Content-Type': answer.contentType,
      'Content-Length': Buffer.byteLength(answer.body),
      ...answer.headers,
    });
    response.end(answer.body);
  }

  async function handleAdmin(
    method: string,
    path: string,
    raw: string,
    response: ServerResponse,
  ): Promise<void> {
    const body = raw ? (JSON.parse(raw) as Record<string, unknown>) : {};
    if (path === '/__sandbox/partners/postbacks' && method === 'POST')
      return sendJson(
        response,
        200,
        await sendPostbacks(store, body as unknown as SendPostbacksOptions),
      );
    if (path === '/__sandbox/slack/messages' && method === 'GET')
      return sendJson(response, 200, slackWorkspace.messages);
    if (path === '/__sandbox/slack/tokens' && method === 'POST') {
      const state = body.state === 'inactive' ? 'inactive' : 'revoked';
      const token = typeof body.token === 'string' ? body.token : undefined;
      return sendJson(response, 200, { changed: slackWorkspace.setTokenState(state, token) });
    }
    if (path === '/__sandbox/faults' && method === 'GET') return sendJson(response, 200, faults);
    if (path === '/__sandbox/faults' && (method === 'PUT' || method === 'POST')) {
      if (body.expireTokens === true) issuer.expireAll();
      return sendJson(
        response,
        200,
        (faults = mergeFaults(faults, body as Partial<FaultSettings>)),
      );
    }
    if (path === '/__sandbox/faults' && method === 'DELETE')
      return sendJson(response, 200, (faults = { ...NO_FAULTS }));
    if (path === '/__sandbox/api-users' && method === 'POST')
      return sendJson(response, 200, registerApiUser(body as unknown as ApiUserRegistration));
    const revoke = /^\/__sandbox\/api-users\/([^/]+)\/revoke$/.exec(path);
    if (revoke && method === 'POST') {
      sandbox.revokeApiUser(decodeURIComponent(revoke[1] as string));
      return sendJson(response, 200, { revoked: true });
    }
    if (path === '/__sandbox/accounts' && method === 'GET')
      return sendJson(response, 200, sandbox.accounts());
    sendJson(response, 404, { error: 'unknown admin route' });
  }

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, options.host ?? '127.0.0.1', () => resolve());
  });
  const port = (server.address() as AddressInfo).port;
  const origin = `http://${options.host ?? '127.0.0.1'}:${port}`;
  const sandbox: Sandbox = {
    url: `${origin}/v1`,
    tokenUrl: `${origin}/auth/oauth2/token`,
    adminUrl: `${origin}/__sandbox`,
    appStoreUrl: `${origin}${APP_STORE_PREFIX}`,
    openAiUrl: `${origin}${OPENAI_PREFIX}`,
    kochavaUrl: `${origin}${KOCHAVA_PREFIX}`,
    slack: {
      apiUrl: `${origin}${SLACK_PREFIX}/api/`,
      oauthUrl: `${origin}${SLACK_PREFIX}/oauth/v2/authorize`,
      messages: () => [...slackWorkspace.messages],
      setTokenState: (state, token) => slackWorkspace.setTokenState(state, token),
    },
    chargebee: {
      apiUrl: `${origin}${CHARGEBEE_PREFIX}`,
      jsUrl: `${origin}${CHARGEBEE_PREFIX}/v2/chargebee.js`,
      simulator: chargebee,
      setWebhook: (target) => {
        chargebee.webhook = target;
      },
      advance: async (seconds) => {
        chargebee.advance(seconds);
        await chargebee.flushWebhooks();
      },
    },
    partners: {
      kochavaAppGuid,
      sendPostbacks: (options) => sendPostbacks(store, options),
    },
    port,
    seed,
    scenario,
    store,
    registerApiUser,
    revokeApiUser(clientId) {
      const user = store.apiUsers.get(clientId);
      if (user) user.revoked = true;
    },
    setFaults: (patch) => (faults = mergeFaults(faults, patch)),
    resetFaults: () => (faults = { ...NO_FAULTS }),
    expireTokens: () => issuer.expireAll(),
    accounts: () =>
      [...store.adAccounts.values()].map((account) => {
        const campaigns = [...store.campaigns.values()].filter((c) => c.adAccountId === account.id);
        return {
          id: account.id,
          name: account.name,
          currency: account.currency,
          timezone: account.timezone,
          adamIds: store.accountApps.get(account.id) ?? [],
          campaignCount: campaigns.length,
          keywordCount: [...store.keywords.values()].filter((k) => k.adAccountId === account.id)
            .length,
        };
      }),
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
  return sandbox;
}

function isWrite(method: string, path: string): boolean {
  if (method === 'GET') return false;
  if (method === 'POST' && (path.endsWith('/query') || path === '/search/geo')) return false;
  return true;
}

/** Accepts `adAccountId=123` with or without a trailing `;` (WIRE.md section 2). */
export function parseContext(header: string | string[] | undefined): number | null {
  const value = Array.isArray(header) ? header[0] : header;
  const match = /adAccountId=(\d+)/.exec(value ?? '');
  return match ? Number(match[1]) : null;
}

function rateLimitHeaders(limit: RateLimitState): Record<string, string> {
  return {
    'RateLimit-Limit': String(limit.limit),
    'RateLimit-Remaining': String(limit.remaining),
    'RateLimit-Reset': String(limit.resetSeconds),
  };
}

/** The raw bytes: a multipart upload carries binary files. */
function readBody(request: IncomingMessage): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => resolve(Buffer.concat(chunks)));
    request.on('error', reject);
  });
}

function sendJson(
  response: ServerResponse,
  status: number,
  body: unknown,
  headers: Record<string, string> = {},
): void {
  sendText(response, status, 'application/json', JSON.stringify(body), headers);
}

function sendText(
  response: ServerResponse,
  status: number,
  contentType: string,
  text: string,
  headers: Record<string, string> = {},
): void {
  response.writeHead(status, {
    'Content-Type': contentType,
    'Content-Length': Buffer.byteLength(text),
    ...headers,
  });
  response.end(text);
}

function sendResult(
  response: ServerResponse,
  result: RouteResult,
  headers: Record<string, string>,
): void {
  if ('body' in result) return sendJson(response, 200, result.body, headers);
  response.writeHead(200, { 'Content-Type': 'application/json', ...headers });
  // Batch small chunks to limit syscalls while never holding the whole page in memory.
  let buffer = '';
  for (const chunk of result.chunks) {
    buffer += chunk;
    if (buffer.length > 1 << 20) {
      response.write(buffer);
      buffer = '';
    }
  }
  response.end(buffer);
}
