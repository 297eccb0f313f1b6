// Apple Ads client (issue 4): 90 days of DAILY keyword rows of every campaign of the scenario's
// first ad account, fetched through the client over HTTP with pageSize 5000. The sandbox runs as
// its own process (the real CLI) so its peak memory (VmHWM) is its own.
import type { ScenarioName } from '@tapwise/apple-ads-sandbox';
import {
  createAppleAdsClient,
  generateKeyPair,
  toMetrics,
} from '../../packages/apple-ads/src/index.js';
import type { Figure } from '../support/figures.js';
import { startSandboxProcess } from '../support/sandbox-process.js';
import { timeRuns, type RunCounts } from '../support/timing.js';

const day = (offset: number) =>
  new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);

export async function measureAppleAdsFetch(
  scenario: ScenarioName,
  counts: RunCounts,
): Promise<Figure[]> {
  const sandbox = await startSandboxProcess(scenario);
  try {
    const keys = generateKeyPair();
    const credentials = { clientId: 'SEARCHADS.bench', teamId: 'SEARCHADS.bench', keyId: 'bench' };
    await sandbox.registerApiUser({
      ...credentials,
      publicKeyPem: keys.publicKeyPem,
      role: 'API Account Read Only',
    });
    const client = createAppleAdsClient({
      ...credentials,
      privateKeyPem: keys.privateKeyPem,
      baseUrl: sandbox.url,
      tokenUrl: sandbox.tokenUrl,
    });
    const account = client.forAccount(sandbox.accounts[0]!.id);
    const campaignIds: number[] = [];
    for await (const page of account.campaigns.all())
      campaignIds.push(...page.map((campaign) => campaign.id));

    let dayRows = 0;
    const download = async () => {
      dayRows = 0;
      for await (const page of account.reports.pages('keywords', {
        timeRange: { start: day(-90), end: day(-1), granularity: 'DAILY' },
        filters: [{ field: 'campaignId', operator: 'IN', value: campaignIds }],
        options: { includeRows: ['EMPTY_METRICS'] },
        pagination: { pageSize: 5000 },
      }))
        for (const row of page.rows)
          for (const metrics of row.granularMetrics ?? []) {
            toMetrics(metrics);
            dayRows++;
          }
    };
    // The first download is the warm-up, and the sandbox's peak memory is that of one download:
    // with memory to spare, V8 lets a process that serves more of them grow its heap further.
    await download();
    const peakMiB = sandbox.peakMiB();
    const timing = await timeRuns(download, {
      warmups: Math.max(0, counts.warmups - 1),
      runs: counts.runs,
    });
    const group = 'Apple Ads client';
    return [
      {
        group,
        name: '90 days of keyword reports',
        value: timing.p50 / 1000,
        unit: 's',
        target: { is: '<', value: 20, source: 'issue 4' },
        detail: `${sandbox.accounts[0]!.keywordCount.toLocaleString('en-US')} keywords, ${dayRows.toLocaleString('en-US')} keyword-days, median of ${timing.runs}`,
      },
      {
        group,
        name: 'sandbox peak memory',
        value: peakMiB,
        unit: 'MiB',
        target: { is: '<', value: 1024, source: 'issue 4' },
        detail: 'VmHWM of the sandbox process after one download',
      },
    ];
  } finally {
    await sandbox.close();
  }
}
