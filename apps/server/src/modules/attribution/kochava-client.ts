// Kochava's Reporting API (v1.4), as the pull uses it: a detail report of one traffic type
// (install or event) is queued (POST /v1.4/detail → report_token), its progress polled
// (POST /v1.4/progress → status, and the report's link once completed), then the JSON report
// downloaded. The API key travels in the body only, and never into a message or a log.
import { APPLE_ADS_BASE_URL } from '@tapwise/apple-ads';
import { z } from 'zod';
import type { Config } from '../../platform/config';
import type { Database } from '../../platform/db/database';
import { findIntegration } from '../integrations/integrations.repository';

export const KOCHAVA_REPORTING_URL = 'https://reporting.api.kochava.com';
const API_VERSION = 'v1.4';
const REQUEST_TIMEOUT_MS = 60_000;

export type KochavaTraffic = 'install' | 'event';

/** One row of a detail report (the columns the pull reads; others are kept in the raw row). */
export const kochavaRow = z
  .object({
    install_id: z.string().optional(),
    event_id: z.string().optional(),
    event_name: z.string().optional(),
    /** Unix seconds, UTC. */
    install_date_utc: z.coerce.number().optional(),
    event_time_utc: z.coerce.number().optional(),
    network_name: z.string().nullish(),
    country_code: z.string().nullish(),
    /** Apple Search Ads attribution (Apple's AdServices ids) when the network is Apple's. */
    iad_campaign_id: z.coerce.number().nullish(),
    iad_adgroup_id: z.coerce.number().nullish(),
    iad_keyword_id: z.coerce.number().nullish(),
    revenue: z.coerce.number().nullish(),
    currency: z.string().nullish(),
  })
  .loose();
export type KochavaRow = z.infer<typeof kochavaRow>;

const queued = z.object({
  status: z.string(),
  report_token: z.string().optional(),
  error: z.string().optional(),
});
const progress = z.object({
  status: z.string(),
  report: z.string().optional(),
  error: z.string().optional(),
});

export class KochavaError extends Error {}

export interface KochavaCredentials {
  apiKey: string;
  appGuid: string;
}

export interface KochavaClientOptions {
  baseUrl: string;
  /** Waits between progress polls, in order; the last is repeated until maxWaitMs. */
  pollDelaysMs?: number[];
  maxWaitMs?: number;
  fetchImpl?: typeof fetch;
}

/**
 * Where the pull reads: KOCHAVA_API_URL when set; else, for a company connected to an Apple Ads
 * sandbox (the demo, tests), the sandbox's Kochava at its origin's /kochava; else Kochava.
 */
export async function kochavaBaseUrlFor(
  ctx: { db: Database; config: Pick<Config, 'kochavaApiUrl'> },
  teamId: string,
) {
  if (ctx.config.kochavaApiUrl) return ctx.config.kochavaApiUrl;
  const apple = await findIntegration(ctx.db, teamId);
  if (!apple) return KOCHAVA_REPORTING_URL;
  const origin = new URL(apple.baseUrl).origin;
  return origin === new URL(APPLE_ADS_BASE_URL).origin
    ? KOCHAVA_REPORTING_URL
    : `${origin}/kochava`;
}

export function createKochavaClient(options: KochavaClientOptions) {
  const base = options.baseUrl.replace(/\/$/, '');
  const doFetch = options.fetchImpl ?? fetch;
  const delays = options.pollDelaysMs ?? [500, 1_000, 2_000, 5_000, 10_000];
  const maxWaitMs = options.maxWaitMs ?? 10 * 60_000;

  async function call(path: string, body: unknown) {
    let response: Response;
    try {
      response = await doFetch(`${base}/${API_VERSION}/${path}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(body),
        signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
      });
    } catch (error) {
      throw new KochavaError(`Kochava could not be reached (${(error as Error).name}).`);
    }
    const text = await response.text();
    if (response.status === 401 || response.status === 403)
      throw new KochavaError('Kochava refused the API key or app GUID.');
    if (!response.ok) throw new KochavaError(`Kochava answered HTTP ${response.status}.`);
    try {
      return JSON.parse(text) as unknown;
    } catch {
      throw new KochavaError('Kochava answered something that is not JSON.');
    }
  }

  return {
    /** Every row of one traffic type between two instants (Unix seconds, end exclusive). */
    async detailReport(
      credentials: KochavaCredentials,
      traffic: KochavaTraffic,
      timeStart: number,
      timeEnd: number,
    ): Promise<KochavaRow[]> {
      const auth = { api_key: credentials.apiKey, app_guid: credentials.appGuid };
      const request = queued.safeParse(
        await call('detail', {
          ...auth,
          time_start: String(timeStart),
          time_end: String(timeEnd),
          traffic: [traffic],
          time_zone: 'UTC',
          delivery_format: 'json',
          delivery_method: ['S3link'],
        }),
      );
      if (!request.success || !request.data.report_token)
        throw new KochavaError(
          `Kochava did not queue the report${request.data?.error ? `: ${request.data.error}` : '.'}`,
        );
      const token = request.data.report_token;
      const started = Date.now();
      for (let attempt = 0; ; attempt++) {
        const answer = progress.safeParse(await call('progress', { ...auth, token }));
        if (!answer.success) throw new KochavaError('Kochava answered an unknown report progress.');
        const status = answer.data.status.toLowerCase();
        if (status === 'completed' && answer.data.report) return download(answer.data.report);
        if (status === 'error')
          throw new KochavaError(
            `Kochava's report failed${answer.data.error ? `: ${answer.data.error}` : '.'}`,
          );
        if (Date.now() - started > maxWaitMs)
          throw new KochavaError('Kochava did not finish the report in time.');
        const delay = delays[Math.min(attempt, delays.length - 1)] ?? 1_000;
        await new Promise((resolve) => setTimeout(resolve, delay));
      }
    },
  };

  async function download(link: string): Promise<KochavaRow[]> {
    let response: Response;
    try {
      response = await doFetch(link, { signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS) });
    } catch (error) {
      throw new KochavaError(
        `Kochava's report could not be downloaded (${(error as Error).name}).`,
      );
    }
    if (!response.ok)
      throw new KochavaError(`Kochava's report could not be downloaded (HTTP ${response.status}).`);
    const rows = z.array(kochavaRow).safeParse(await response.json().catch(() => null));
    if (!rows.success) throw new KochavaError("Kochava's report is not a list of rows.");
    return rows.data;
  }
}
export type KochavaClient = ReturnType<typeof createKochavaClient>;
