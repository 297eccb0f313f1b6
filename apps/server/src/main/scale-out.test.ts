// The README's "Running at scale" commands, run as written on PostgreSQL: migrate and seed, two
// `serve` processes and a worker. A session opened on one serve is accepted by the other, the
// worker's sync progress reaches a socket held by the other serve, and a worker killed mid-sync
// (SIGKILL, no goodbye) has its sync shown as resuming and resumed by a new worker within 30 s.
// The commands are read from the README, so the two cannot drift apart.
import fs from 'node:fs';
import path from 'node:path';
import { randomBytes, randomUUID } from 'node:crypto';
import type { Sandbox } from '@tapwise/apple-ads-sandbox';
import { SOCKET_EVENTS, type SyncProgressEvent } from '@tapwise/contracts';
import pg from 'pg';
import { io as connectSocket, type Socket } from 'socket.io-client';
import { afterAll, describe, expect, it } from 'vitest';
import { DEFAULT_SEED_PASSWORD, SEED_ACCOUNTS, SEED_COMPANY } from '../modules/seed/seed';
import { startTestSandbox } from '../modules/sync/sync-test-kit';
import { apiClient } from '../platform/testing/api-client';
import {
  freePort,
  REPO_ROOT,
  parseCommandLine,
  startProcess,
  type RunningProcess,
} from '../platform/testing/processes';

const README = path.join(REPO_ROOT, 'README.md');
const MARKER = '<!-- scale-out:';

/** The commands of the README's scale-out block: exported settings, then command lines. */
export function readScaleOutCommands(readme = fs.readFileSync(README, 'utf8')) {
  const after = readme.slice(readme.indexOf(MARKER));
  const block = /```sh\n([\s\S]*?)```/.exec(after)?.[1];
  if (!block) throw new Error('README: no sh block after the scale-out marker');
  const exported: Record<string, string> = {};
  const commands: { env: Record<string, string>; argv: string[]; line: string }[] = [];
  for (const raw of block.split('\n')) {
    const line = raw.replace(/\s+#.*$/, '').trim();
    if (!line || line.startsWith('#')) continue;
    const exportMatch = /^export ([A-Z_][A-Z0-9_]*)=(\S+)$/.exec(line);
    if (exportMatch) exported[exportMatch[1]!] = exportMatch[2]!;
    else commands.push({ ...parseCommandLine(line), line });
  }
  return { exported, commands };
}

/** The README's sandbox line: the variable that allows its address. */
function readSandboxSetting(readme = fs.readFileSync(README, 'utf8')) {
  const match = /export (APPLE_ADS_SANDBOX_URLS)=(\S+)/.exec(readme.slice(readme.indexOf(MARKER)));
  if (!match) throw new Error('README: the sandbox section sets no APPLE_ADS_SANDBOX_URLS');
  return match[1]!;
}

async function until<T>(what: string, read: () => Promise<T | null | false>, timeoutMs = 60_000) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await read();
    if (value) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

const BALANCER = 'http://balancer.tapwise.test';

describe.runIf(process.env.TEST_DATABASE_URL)('running at scale, as the README says', () => {
  const processes: RunningProcess[] = [];
  let admin: pg.Client | undefined;
  let databaseName: string | undefined;
  let sandbox: Sandbox | undefined;
  let socket: Socket | undefined;

  afterAll(async () => {
    socket?.close();
    await Promise.all(processes.map((child) => child.stop('SIGTERM', 15_000)));
    await sandbox?.close();
    if (admin && databaseName) {
      await admin.query(`DROP DATABASE IF EXISTS ${databaseName} WITH (FORCE)`);
      await admin.end();
    }
  });

  it('serves from two processes, relays events, and resumes a killed worker’s sync', async () => {
    const { exported, commands } = readScaleOutCommands();
    // Every setting the README exports is used as written, but for the database (a fresh one)
    // and the public address (this test's stand-in balancer).
    databaseName = `tapwise_scale_${randomBytes(5).toString('hex')}`;
    admin = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
    await admin.connect();
    await admin.query(`CREATE DATABASE ${databaseName}`);
    const databaseUrl = new URL(process.env.TEST_DATABASE_URL!);
    databaseUrl.pathname = `/${databaseName}`;
    const replaced: Record<string, string> = {
      DATABASE_URL: databaseUrl.toString(),
      PUBLIC_URL: BALANCER,
    };
    const known = ['DATABASE_URL', 'AUTH_SECRET', 'ENCRYPTION_KEY', 'PUBLIC_URL', 'NODE_ENV'];
    expect(Object.keys(exported).sort()).toEqual([...known].sort());
    sandbox = await startTestSandbox({ faults: { latencyMs: 60 } });
    const env = {
      ...exported,
      ...replaced,
      [readSandboxSetting()]: sandbox.url,
      HOST: '127.0.0.1',
      // Production takes the ECB's rates from the network; this machine has none.
      EXCHANGE_RATES: 'simulator',
    };

    const kinds = commands.map(({ argv }) => argv.join(' '));
    expect(kinds).toEqual([
      'npm run build',
      'npm run migrate',
      'npm run seed',
      'npm run serve -w apps/server',
      'npm run serve -w apps/server',
      'npm run worker -w apps/server',
    ]);
    const run = (index: number, name: string, extra: Record<string, string> = {}) => {
      const command = commands[index]!;
      const child = startProcess(name, command.argv, { ...env, ...command.env, ...extra });
      processes.push(child);
      return child;
    };
    // `npm run build` is skipped: the web app's files play no part here.
    for (const [index, name] of [
      [1, 'migrate'],
      [2, 'seed'],
    ] as const) {
      const child = run(index, name);
      expect(await child.exited, `${name}: ${child.text.join('\n')}`).toBe(0);
    }
    const ports = [await freePort(), await freePort()];
    const serves = [3, 4].map((index, n) =>
      run(index, `serve ${n + 1}`, { PORT: String(ports[n]) }),
    );
    expect(commands[3]!.env.PORT).not.toEqual(commands[4]!.env.PORT);
    const worker = run(5, 'worker 1');
    await Promise.all([
      ...serves.map((serve) =>
        serve.waitForLog((line) => String(line.msg).startsWith('Tapwise is running'), 90_000),
      ),
      worker.waitForLog((line) => line.msg === 'worker running', 90_000),
    ]);
    const [first, second] = ports.map((port) => `http://127.0.0.1:${port}`);

    // Signed in on the first serve; the second accepts the session (one AUTH_SECRET).
    const seeded = SEED_ACCOUNTS.find(
      (account) => account.company === SEED_COMPANY && account.role === 'ADMIN',
    )!;
    const session = await apiClient(first!).signIn(seeded.email, DEFAULT_SEED_PASSWORD);
    socket = connectSocket(second!, {
      transports: ['websocket'],
      extraHeaders: { origin: BALANCER },
      auth: { token: session.token, sessId: session.sessId },
      reconnection: false,
    });
    await new Promise<void>((resolve, reject) => {
      socket!.once('connect', resolve);
      socket!.once('connect_error', reject);
    });
    const events: (SyncProgressEvent & { at: number })[] = [];
    socket.on(SOCKET_EVENTS.syncProgress, (event: SyncProgressEvent) =>
      events.push({ ...event, at: Date.now() }),
    );

    // The demo's sandbox connected as the README says: key generated, registered, connected.
    const api = apiClient(first!);
    const key = await api.rest<{ publicKeyPem: string }>(
      'POST',
      'onboard/generate-key',
      {},
      session,
    );
    const credentials = {
      clientId: `SEARCHADS.${randomUUID()}`,
      teamId: 'SEARCHADS.demo',
      keyId: 'demo-key',
    };
    sandbox.registerApiUser({ ...credentials, publicKeyPem: key.body.data.publicKeyPem });
    const added = await api.rest<{ syncId: string }>(
      'POST',
      'onboard/add-integration',
      { ...credentials, baseUrl: sandbox.url, tokenUrl: sandbox.tokenUrl },
      session,
    );
    expect(added.status, JSON.stringify(added.body)).toBe(200);
    const syncId = added.body.data.syncId;

    // The worker's progress reaches the socket on the second serve.
    const progressAt = async (min: number) =>
      events.find((event) => event.syncId === syncId && !event.done && event.progress >= min) ??
      null;
    await until('progress on the other serve', () => progressAt(30), 60_000);

    const killedAt = Date.now();
    const killedProgress = events.filter((event) => event.syncId === syncId).at(-1)!.progress;
    await worker.stop('SIGKILL');
    const replacement = run(5, 'worker 2');
    const resuming = await until(
      'the resuming event',
      async () => events.find((event) => event.at > killedAt && event.resuming) ?? null,
      30_000,
    );
    const resumed = await until(
      'the sync to move again',
      async () =>
        events.find(
          (event) => event.at > resuming.at && !event.resuming && event.progress > killedProgress,
        ) ?? null,
      30_000,
    );
    expect(resumed.at - killedAt).toBeLessThan(30_000);
    const done = await until(
      'the sync to finish',
      async () => events.find((event) => event.syncId === syncId && event.done) ?? null,
      60_000,
    );
    expect(done).toMatchObject({ progress: 100, error: null });
    expect(replacement.logs.some((line) => line.msg === 'job started')).toBe(true);
    console.info(
      `scale-out: killed at ${killedProgress} %, resuming shown after ${resuming.at - killedAt} ms, ` +
        `moving again after ${resumed.at - killedAt} ms`,
    );
  }, 180_000);
});
