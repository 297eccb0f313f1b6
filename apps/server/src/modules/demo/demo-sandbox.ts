// Starts the demo sandbox thread and talks to it through its admin endpoint.
import { Worker } from 'node:worker_threads';
import type { ApiUserRegistration, ScenarioName } from '@tapwise/apple-ads-sandbox';
import type { AppContext } from '../app-context';
import { listDemoIntegrations, updateIntegration } from '../integrations/integrations.repository';

export interface DemoSandbox {
  url: string;
  tokenUrl: string;
  registerApiUser(user: ApiUserRegistration): Promise<void>;
  close(): Promise<void>;
}

export async function startDemoSandbox(scenario: ScenarioName, seed = 42): Promise<DemoSandbox> {
  // The thread loads its TypeScript through tsx's API: loader flags are not passed on to threads.
  const thread = new URL('./demo-sandbox.thread.ts', import.meta.url).href;
  const worker = new Worker(
    `import('tsx/esm/api').then(({ tsImport }) => tsImport(${JSON.stringify(thread)}, ${JSON.stringify(thread)}))`,
    { eval: true, workerData: { scenario, seed } },
  );
  const address = await new Promise<{ url: string; tokenUrl: string; adminUrl: string }>(
    (resolve, reject) => {
      worker.once('message', resolve);
      worker.once('error', reject);
    },
  );
  return {
    url: address.url,
    tokenUrl: address.tokenUrl,
    async registerApiUser(user) {
      const response = await fetch(`${address.adminUrl}/api-users`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(user),
      });
      if (!response.ok) throw new Error(`sandbox refused the demo API user: ${response.status}`);
    },
    async close() {
      const exited = new Promise((resolve) => worker.once('exit', resolve));
      worker.postMessage({ close: true });
      await exited;
    },
  };
}

/**
 * The installation's one demo sandbox, shared by the demo company and every company staff gave
 * mock data (docs/staff-tools.md). Started on first use; on start it registers again every
 * demo-mode integration stored and points it at the new address (the sandbox lives in memory).
 */
let shared: Promise<DemoSandbox> | undefined;

export function sharedDemoSandbox(ctx: Pick<AppContext, 'db' | 'config'>): Promise<DemoSandbox> {
  shared ??= (async () => {
    const sandbox = await startDemoSandbox(ctx.config.demoScenario);
    for (const integration of await listDemoIntegrations(ctx.db)) {
      if (!integration.publicKeyPem) continue;
      await sandbox.registerApiUser({
        clientId: integration.clientId,
        teamId: integration.appleTeamId,
        keyId: integration.keyId,
        publicKeyPem: integration.publicKeyPem,
      });
      await updateIntegration(ctx.db, integration.teamId, integration.id, {
        baseUrl: sandbox.url,
        tokenUrl: sandbox.tokenUrl,
      });
    }
    return sandbox;
  })();
  const starting = shared;
  // A start that failed is forgotten, so that the next use tries again.
  starting.catch(() => {
    if (shared === starting) shared = undefined;
  });
  return starting;
}

/** Stops the shared sandbox, if it runs (at shutdown, and after tests). */
export async function closeSharedDemoSandbox(): Promise<void> {
  const running = shared;
  shared = undefined;
  if (running) await (await running).close();
}
