// Starts the demo sandbox thread and talks to it through its admin endpoint.
import { Worker } from 'node:worker_threads';
import type { ApiUserRegistration, ScenarioName } from '@tapwise/apple-ads-sandbox';

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
