// Type-checks every workspace and the e2e and bench folders, one tsc project at a time.
import { existsSync } from 'node:fs';
import { spawnSync } from 'node:child_process';

const projects = [
  'packages/contracts',
  'packages/apple-ads',
  'packages/apple-ads-sandbox',
  'packages/apple-ads-schemas',
  'packages/app-store',
  'packages/exchange-rates',
  'packages/exchange-rates-simulator',
  'apps/server',
  'apps/web',
  'e2e',
  'bench',
].filter((dir) => existsSync(`${dir}/tsconfig.json`));

let failed = false;
for (const dir of projects) {
  const run = spawnSync('npx', ['tsc', '--noEmit', '-p', dir], { stdio: 'inherit' });
  console.log(`typecheck ${dir}: ${run.status === 0 ? 'ok' : 'failed'}`);
  failed ||= run.status !== 0;
}
process.exit(failed ? 1 : 0);
