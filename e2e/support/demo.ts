// The demo installation the data journeys run against: `npm start`'s demo (seeded people, the
// sandbox connected to Demo Company) with its first sync finished, and its admin signed in.
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll } from 'vitest';
import { launchBrowser, newPage } from './browser';
import { DEMO_ADMIN_EMAIL, graphqlAs, signInByApi } from './staff-api';
import { startTapwise, type TapwiseProcess } from './tapwise-process';

export const DEMO_PASSWORD = 'Tapwise-demo-1';

/**
 * The demo company is seeded and connected just after the server reports ready, and its first
 * sync runs in the background; the data pages need that data.
 */
async function waitForFirstSync(baseUrl: string) {
  const deadline = Date.now() + 240_000;
  const pause = () => new Promise((resolve) => setTimeout(resolve, 1_000));
  let session: Awaited<ReturnType<typeof signInByApi>> | undefined;
  while (Date.now() < deadline) {
    session ??= await signInByApi(baseUrl, DEMO_ADMIN_EMAIL, DEMO_PASSWORD).catch(() => undefined);
    const answer = session
      ? await graphqlAs<{ getIntegrationInfo: { firstSyncDone: boolean } }>(
          baseUrl,
          session,
          'query { getIntegrationInfo { firstSyncDone } }',
        )
      : undefined;
    if (answer?.data?.getIntegrationInfo.firstSyncDone) return;
    await pause();
  }
  throw new Error('the demo first sync did not finish in time');
}

/** Starts the demo and returns once its first sync is done. */
export async function startSyncedDemo(): Promise<TapwiseProcess> {
  const server = await startTapwise({ env: { DEMO: 'true', SEED_PASSWORD: DEMO_PASSWORD } });
  try {
    await waitForFirstSync(server.baseUrl);
  } catch (error) {
    await server.stop();
    throw error;
  }
  return server;
}

/** Signs the demo admin in through the login page and waits for the overview. */
export async function signInAsDemoAdmin(page: Page, baseUrl: string) {
  await page.goto(`${baseUrl}/login`);
  await page.getByLabel('Email').fill(DEMO_ADMIN_EMAIL);
  await page.getByRole('textbox', { name: 'Password' }).fill(DEMO_PASSWORD);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.getByRole('heading', { name: 'Overview' }).waitFor();
}

export interface DemoAdminJourney {
  readonly server: TapwiseProcess;
  /** A Chromium page with the demo admin signed in. */
  readonly page: Page;
  /** GraphQL as the same admin: the data, or a throw naming the errors. */
  graphql<Data>(query: string, variables?: Record<string, unknown>): Promise<Data>;
}

/**
 * Registers a journey file's hooks: the synced demo and Chromium start together, the admin signs
 * in both in the browser and by API, and everything stops after the file's tests.
 */
export function demoAdminJourney(): DemoAdminJourney {
  let server: TapwiseProcess | undefined;
  let browser: Browser | undefined;
  let page: Page | undefined;
  let session: Awaited<ReturnType<typeof signInByApi>> | undefined;
  beforeAll(async () => {
    [server, browser] = await Promise.all([startSyncedDemo(), launchBrowser()]);
    session = await signInByApi(server.baseUrl, DEMO_ADMIN_EMAIL, DEMO_PASSWORD);
    page = await newPage(browser);
    await signInAsDemoAdmin(page, server.baseUrl);
  }, 300_000);
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });
  const started = <T>(value: T | undefined): T => {
    if (value === undefined) throw new Error('the journey has not started');
    return value;
  };
  return {
    get server() {
      return started(server);
    },
    get page() {
      return started(page);
    },
    async graphql<Data>(query: string, variables: Record<string, unknown> = {}) {
      const answer = await graphqlAs<Data>(
        started(server).baseUrl,
        started(session),
        query,
        variables,
      );
      if (!answer.data) throw new Error(`GraphQL failed: ${JSON.stringify(answer.errors)}`);
      return answer.data;
    },
  };
}
