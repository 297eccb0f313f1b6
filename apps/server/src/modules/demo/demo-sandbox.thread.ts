// The demo's Apple Ads sandbox, run on its own thread: its report engine is CPU-bound (tens of
// seconds for two years of the demo scenario) and would otherwise stall the app while it syncs.
import { parentPort, workerData } from 'node:worker_threads';
import { startSandbox, type ScenarioName } from '@tapwise/apple-ads-sandbox';

const { scenario, seed } = workerData as { scenario: ScenarioName; seed: number };
const sandbox = await startSandbox({ port: 0, seed, scenario });
parentPort!.postMessage({
  url: sandbox.url,
  tokenUrl: sandbox.tokenUrl,
  adminUrl: sandbox.adminUrl,
});
parentPort!.on('message', (message: { close?: boolean }) => {
  if (message.close) void sandbox.close().then(() => process.exit(0));
});
