// Runs Tapwise the way an operator does: the real `serve` entry point with its worker, in
// production mode, on a free port and a fresh embedded data directory (or E2E_DATABASE_URL),
// optionally seeded first with the demo people (`npm run seed`). A process can also be killed
// and started again on the same data, as after a crash.
import { spawn, spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';

const repoRoot = path.resolve(import.meta.dirname, '../..');
export const SEED_PASSWORD = 'E2e-seed-password-1';

/** The secrets a restart needs to keep: sessions are signed and Apple keys sealed with them. */
export interface TapwiseSecrets {
  AUTH_SECRET: string;
  ENCRYPTION_KEY: string;
}

export interface TapwiseOptions {
  seed?: boolean;
  env?: Record<string, string>;
  /** Open this embedded data directory instead of a fresh one; the caller then removes it. */
  dataDir?: string;
  /** Secrets to reuse (those of an earlier process on the same data); fresh ones otherwise. */
  secrets?: TapwiseSecrets;
}

export interface TapwiseProcess {
  baseUrl: string;
  dataDir: string;
  secrets: TapwiseSecrets;
  /** SIGTERM, then removes the data directory unless the caller gave it. */
  stop(): Promise<void>;
  /** SIGKILL, as a crash or the OOM killer would: nothing shuts down and the data stays. */
  kill(): Promise<void>;
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = net.createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as net.AddressInfo;
      probe.close(() => resolve(port));
    });
  });
}

export async function startTapwise(options: TapwiseOptions = {}): Promise<TapwiseProcess> {
  if (!fs.existsSync(path.join(repoRoot, 'apps/web/dist/index.html'))) {
    throw new Error('No web build: run `npm run build` before the e2e suite');
  }
  const port = await freePort();
  const baseUrl = `http://localhost:${port}`;
  const dataDir = options.dataDir ?? fs.mkdtempSync(path.join(os.tmpdir(), 'tapwise-e2e-'));
  // Production mode wants real secrets; a throwaway instance gets throwaway ones.
  const secrets = options.secrets ?? {
    AUTH_SECRET: randomBytes(32).toString('hex'),
    ENCRYPTION_KEY: randomBytes(32).toString('hex'),
  };
  const env = {
    ...process.env,
    NODE_ENV: 'production',
    PORT: String(port),
    HOST: '127.0.0.1',
    PUBLIC_URL: baseUrl,
    DATA_DIR: dataDir,
    DATABASE_URL: process.env.E2E_DATABASE_URL ?? '',
    SMTP_URL: '',
    SEED_PASSWORD,
    ...secrets,
    LOG_LEVEL: process.env.E2E_LOG_LEVEL ?? 'warn',
    ...options.env,
  };
  const run = (script: string, ...args: string[]) => [
    '--import',
    'tsx',
    `apps/server/src/main/${script}`,
    ...args,
  ];
  if (options.seed) {
    // The seed runs before the server, which then owns the embedded database.
    const seeded = spawnSync(process.execPath, run('cli.ts', 'seed'), {
      cwd: repoRoot,
      env,
      encoding: 'utf8',
    });
    if (seeded.status !== 0) throw new Error(`seed failed: ${seeded.stderr || seeded.stdout}`);
  }
  const server = spawn(process.execPath, run('serve.ts', '--with-worker'), {
    cwd: repoRoot,
    env,
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  const deadline = Date.now() + 90_000;
  for (;;) {
    if (server.exitCode !== null) throw new Error(`Tapwise exited with ${server.exitCode}`);
    if (Date.now() > deadline) throw new Error(`Tapwise was not ready at ${baseUrl}`);
    const ready = await fetch(`${baseUrl}/readyz`).then(
      (response) => response.ok,
      () => false,
    );
    if (ready) break;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  const exited = new Promise((resolve) => server.once('exit', resolve));
  const end = async (signal: NodeJS.Signals) => {
    if (server.exitCode === null && server.signalCode === null) server.kill(signal);
    await exited;
  };
  return {
    baseUrl,
    dataDir,
    secrets,
    stop: async () => {
      await end('SIGTERM');
      if (!options.dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
    },
    kill: () => end('SIGKILL'),
  };
}
