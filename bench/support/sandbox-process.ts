// The Apple Ads sandbox as a process of its own (the package's CLI), so that what the bench
// process measures of itself (memory above all) is Tapwise's alone, and the sandbox's own peak
// memory can be read apart.
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { readFileSync } from 'node:fs';
import { createInterface } from 'node:readline';
import type { ApiUserRegistration, ScenarioName } from '@tapwise/apple-ads-sandbox';

export interface SandboxProcess {
  url: string;
  tokenUrl: string;
  accounts: { id: number; keywordCount: number }[];
  registerApiUser(user: ApiUserRegistration): Promise<void>;
  /** The process's peak resident memory so far (VmHWM), in MiB. */
  peakMiB(): number;
  close(): Promise<void>;
}

interface SandboxInfo {
  url: string;
  tokenUrl: string;
  adminUrl: string;
  accounts: { id: number; keywordCount: number }[];
}

export async function startSandboxProcess(
  scenario: ScenarioName,
  seed = 42,
): Promise<SandboxProcess> {
  const bin = new URL('../../packages/apple-ads-sandbox/bin/sandbox.mjs', import.meta.url).pathname;
  const child = spawn(
    process.execPath,
    [bin, '--port', '0', '--seed', String(seed), '--scenario', scenario],
    { stdio: ['ignore', 'pipe', 'inherit'] },
  );
  const exited = once(child, 'exit');
  const info = await Promise.race([
    new Promise<SandboxInfo>((resolve) => {
      createInterface({ input: child.stdout }).once('line', (line) => resolve(JSON.parse(line)));
    }),
    exited.then(([code]) => {
      throw new Error(`the sandbox process exited with ${code} before it listened`);
    }),
  ]);
  return {
    url: info.url,
    tokenUrl: info.tokenUrl,
    accounts: info.accounts,
    async registerApiUser(user) {
      const response = await fetch(`${info.adminUrl}/api-users`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(user),
      });
      if (!response.ok) throw new Error(`the sandbox refused the API user: ${response.status}`);
    },
    peakMiB() {
      const status = readFileSync(`/proc/${child.pid}/status`, 'utf8');
      return Number(/VmHWM:\s+(\d+)/.exec(status)?.[1] ?? 0) / 1024;
    },
    async close() {
      if (child.exitCode !== null) return;
      child.kill('SIGTERM');
      await exited;
    },
  };
}
