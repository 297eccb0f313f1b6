// Tapwise's `serve` processes as an installation at scale runs them (README, "Running at scale"):
// each its own process from the real entry point, on a port of its own, all with the same
// database, secrets and public address. A balancer would spread connections over the ports; the
// bench's load generator spreads them itself (one hop fewer on a 2-core machine).
import { randomBytes } from 'node:crypto';
import {
  freePort,
  serverEntry,
  startProcess,
  type RunningProcess,
} from '../../apps/server/src/platform/testing/processes.js';

export interface ServeProcesses {
  urls: string[];
  stop(): Promise<void>;
}

export async function startServeProcesses(
  databaseUrl: string,
  count: number,
): Promise<ServeProcesses> {
  const shared = {
    DATABASE_URL: databaseUrl,
    AUTH_SECRET: randomBytes(32).toString('hex'),
    ENCRYPTION_KEY: randomBytes(32).toString('hex'),
    PUBLIC_URL: 'http://balancer.tapwise.bench',
    NODE_ENV: 'production',
    HOST: '127.0.0.1',
    EXCHANGE_RATES: 'simulator',
    // Warnings only: a line per request would have the bench parse thousands of log lines a
    // second on the machine it measures.
    LOG_LEVEL: 'warn',
    // The load comes from one address; the per-address limit is not under test.
    RATE_LIMIT_PER_MINUTE: '10000000',
  };
  const processes: RunningProcess[] = [];
  const urls: string[] = [];
  try {
    for (let n = 1; n <= count; n++) {
      const port = await freePort();
      processes.push(
        startProcess(`serve ${n}`, serverEntry('serve'), { ...shared, PORT: String(port) }),
      );
      urls.push(`http://127.0.0.1:${port}`);
    }
    await Promise.all(urls.map((url, n) => untilReady(url, processes[n]!)));
  } catch (error) {
    await Promise.all(processes.map((serve) => serve.stop()));
    throw error;
  }
  return {
    urls,
    async stop() {
      await Promise.all(processes.map((serve) => serve.stop('SIGTERM', 20_000)));
    },
  };
}

/** Readiness by the health endpoint: the start-up log line is above the warn level. */
async function untilReady(url: string, serve: RunningProcess, timeoutMs = 120_000) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (serve.child.exitCode !== null) throw new Error(serve.describeExit());
    const ready = await fetch(`${url}/readyz`).then(
      (response) => response.ok,
      () => false,
    );
    if (ready) return;
    if (Date.now() > deadline) throw new Error(`${serve.name} not ready: ${serve.describeExit()}`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}
