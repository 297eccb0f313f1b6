// Benchmark: 90 days of DAILY keyword rows for the mature scenario's 20,000 keywords, fetched
// through the client over HTTP with pageSize 5000. The sandbox runs as its own process (the
// real CLI) so its peak memory (VmHWM) is measured apart from the client's.
// Run: npx tsx bench/apple-ads-fetch.ts
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { createInterface } from 'node:readline';
import {
  createAppleAdsClient,
  generateKeyPair,
  toMetrics,
} from '../packages/apple-ads/src/index.js';

const bin = new URL('../packages/apple-ads-sandbox/bin/sandbox.mjs', import.meta.url).pathname;
const child = spawn(
  process.execPath,
  [bin, '--port', '0', '--seed', '42', '--scenario', 'mature'],
  { stdio: ['ignore', 'pipe', 'inherit'] },
);
const info = await new Promise<{
  url: string;
  tokenUrl: string;
  adminUrl: string;
  accounts: { id: number; keywordCount: number }[];
}>((resolve) => {
  createInterface({ input: child.stdout }).once('line', (line) => resolve(JSON.parse(line)));
});
const peakMemoryMiB = () =>
  Number(/VmHWM:\s+(\d+)/.exec(readFileSync(`/proc/${child.pid}/status`, 'utf8'))?.[1] ?? 0) / 1024;

try {
  const keys = generateKeyPair();
  const credentials = {
    clientId: 'SEARCHADS.bench',
    teamId: 'SEARCHADS.bench',
    keyId: 'bench-key',
  };
  await fetch(`${info.adminUrl}/api-users`, {
    method: 'POST',
    body: JSON.stringify({
      ...credentials,
      publicKeyPem: keys.publicKeyPem,
      role: 'API Account Read Only',
    }),
  });
  const client = createAppleAdsClient({
    ...credentials,
    privateKeyPem: keys.privateKeyPem,
    baseUrl: info.url,
    tokenUrl: info.tokenUrl,
  });
  const adAccountId = info.accounts[0]?.id ?? 0;
  const account = client.forAccount(adAccountId);
  const campaignIds: number[] = [];
  for await (const page of account.campaigns.all())
    campaignIds.push(...page.map((campaign) => campaign.id));
  const day = (offset: number) =>
    new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);
  const started = performance.now();
  let rows = 0;
  let dayRows = 0;
  let spendMicros = 0;
  let pages = 0;
  for await (const page of account.reports.pages('keywords', {
    timeRange: { start: day(-90), end: day(-1), granularity: 'DAILY' },
    filters: [{ field: 'campaignId', operator: 'IN', value: campaignIds }],
    options: { includeRows: ['EMPTY_METRICS'] },
    pagination: { pageSize: 5000 },
  })) {
    pages++;
    rows += page.rows.length;
    for (const row of page.rows) {
      for (const metrics of row.granularMetrics ?? []) {
        dayRows++;
        spendMicros += toMetrics(metrics).localSpendMicros;
      }
    }
  }
  const seconds = (performance.now() - started) / 1000;
  console.log(
    JSON.stringify(
      {
        scenario: 'mature',
        keywords: info.accounts[0]?.keywordCount,
        campaigns: campaignIds.length,
        pages,
        keywordRows: rows,
        keywordDayRows: dayRows,
        spend: (spendMicros / 1e6).toFixed(2),
        seconds: Number(seconds.toFixed(2)),
        sandboxPeakMemoryMiB: Math.round(peakMemoryMiB()),
        clientPeakMemoryMiB: Math.round(process.resourceUsage().maxRSS / 1024),
      },
      null,
      2,
    ),
  );
} finally {
  child.kill('SIGTERM');
}
