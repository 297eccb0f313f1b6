// A second Tapwise for the account journeys, on a data directory seeded with the demo people
// (`npm run seed`): reading the mail outbox needs the seeded staff admin, and the shared instance
// of global-setup starts empty. The seed must run before the server, which then owns the data.
import { spawn, spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';

const repoRoot = path.resolve(import.meta.dirname, '../..');
export const SEED_PASSWORD = 'E2e-seed-password-1';

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

export interface SeededServer {
  baseUrl: string;
  stop(): Promise<void>;
}

/** `extraEnv` adds settings of a journey (APPLE_ADS_CUSTOM_URLS for the sandbox, say). */
export async function startSeededServer(
  extraEnv: Record<string, string> = {},
): Promise<SeededServer> {
  const port = await freePort();
  const baseUrl = `http://localhost:${port}`;
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'tapwise-e2e-accounts-'));
  const env = {
    ...process.env,
    NODE_ENV: 'production',
    PORT: String(port),
    HOST: '127.0.0.1',
    PUBLIC_URL: baseUrl,
    DATA_DIR: dataDir,
    DATABASE_URL: '',
    SMTP_URL: '',
    SEED_PASSWORD,
    // Production mode wants real secrets; a throwaway instance gets throwaway ones.
    AUTH_SECRET: process.env.AUTH_SECRET ?? randomBytes(32).toString('hex'),
    ENCRYPTION_KEY: process.env.ENCRYPTION_KEY ?? randomBytes(32).toString('hex'),
    LOG_LEVEL: process.env.E2E_LOG_LEVEL ?? 'warn',
    ...extraEnv,
  };
  const seeded = spawnSync(
    process.execPath,
    ['--import', 'tsx', 'apps/server/src/main/cli.ts', 'seed'],
    { cwd: repoRoot, env, encoding: 'utf8' },
  );
  if (seeded.status !== 0) throw new Error(`seed failed: ${seeded.stderr || seeded.stdout}`);

  const server = spawn(
    process.execPath,
    ['--import', 'tsx', 'apps/server/src/main/serve.ts', '--with-worker'],
    { cwd: repoRoot, env, stdio: ['ignore', 'inherit', 'inherit'] },
  );
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
  return {
    baseUrl,
    stop: async () => {
      server.kill('SIGTERM');
      await new Promise((resolve) => server.once('exit', resolve));
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
