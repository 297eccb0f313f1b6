#!/usr/bin/env node
// Standalone sandbox: `tapwise-apple-ads-sandbox --port 4010 --seed 42 --scenario mature`.
// Loads the TypeScript sources through tsx so the package needs no build step.
import { register } from 'tsx/esm/api';
import { parseArgs } from 'node:util';

register();
const { values } = parseArgs({
  options: {
    port: { type: 'string', default: '4010' },
    host: { type: 'string', default: '127.0.0.1' },
    seed: { type: 'string', default: '42' },
    scenario: { type: 'string', default: 'demo' },
    'rate-limit': { type: 'string' },
  },
});
const { startSandbox } = await import('../src/index.ts');
const sandbox = await startSandbox({
  port: Number(values.port),
  host: values.host,
  seed: Number(values.seed),
  scenario: values.scenario,
  ...(values['rate-limit']
    ? { rateLimit: { limit: Number(values['rate-limit']), windowSeconds: 60 } }
    : {}),
});
console.log(
  JSON.stringify({
    url: sandbox.url,
    tokenUrl: sandbox.tokenUrl,
    adminUrl: sandbox.adminUrl,
    appStoreUrl: sandbox.appStoreUrl,
    scenario: sandbox.scenario,
    seed: sandbox.seed,
    accounts: sandbox.accounts(),
  }),
);
const stop = async () => {
  await sandbox.close();
  process.exit(0);
};
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
