// Benchmark: 1,000 enabled automation rules evaluated in one scheduled batch over the mature-sized
// dataset in PostgreSQL (bench/support/ads-manager-dataset.ts: 100 campaigns, 1,000 ad groups,
// 20,000 keywords, 40,000 search terms, 90 days, 7 days hour by hour). The rules mix the five
// playbooks (their template thresholds) over every target, window and scope; the company's
// kill switch is on, so every
// intended change goes through the safety gateway and is recorded SKIPPED without an Apple call
// (the dataset's integration is not a real one). Target (issue 8): under 10 s.
// Run: BENCH_DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres npx tsx bench/automation-rules.ts
//      [--rebuild] [--rules 1000]
import { parseArgs } from 'node:util';
import {
  automationRuleInput,
  ruleTemplate,
  RULE_TEMPLATE_IDS,
  type AutomationRuleInput,
  type RuleLookback,
} from '../packages/contracts/src/index.js';
import { runDueRules } from '../apps/server/src/modules/automation/engine/index.js';
import { openAdsManagerDataset } from './support/ads-manager-dataset.js';
import { startInProcessServer } from './support/in-process-server.js';

const { values: options } = parseArgs({
  options: {
    rebuild: { type: 'boolean', default: false },
    rules: { type: 'string', default: '1000' },
  },
});

const { database, marker } = await openAdsManagerDataset(options.rebuild);
const server = await startInProcessServer(database);
const sql = (text: string, values: unknown[] = []) => database.sql.query(text, values);
const teamId = marker.teamId;

const LOOKBACKS: RuleLookback[] = [
  { range: 'LAST_7_DAYS' },
  { range: 'LAST_30_DAYS' },
  { range: 'LAST_1_DAY' },
  { range: 'CUSTOM_HOUR', hours: 14 * 24 },
];
const HOURLY: RuleLookback[] = [{ range: 'LAST_1_HOUR' }, { range: 'CUSTOM_HOUR', hours: 24 }];

/**
 * Rule n: a playbook with its own thresholds, window and scope. Like practitioners' rules, most
 * cover one campaign (80 %), some one app (15 %), a few the whole account (5 %).
 */
function benchRule(n: number): AutomationRuleInput {
  const template = ruleTemplate(RULE_TEMPLATE_IDS[n % RULE_TEMPLATE_IDS.length]!, {
    adAccountId: marker.adAccountId,
    adGroupId: 100_001,
  });
  const slot = n % 20;
  const scope =
    slot < 16
      ? { campaignIds: [1001 + (n % 100)] }
      : slot < 19
        ? { adamIds: [10 + (n % 3) + 1] }
        : {};
  const hourly = template.target === 'CAMPAIGN' && n % 2 === 0;
  const lookback = hourly ? HOURLY[n % HOURLY.length]! : LOOKBACKS[n % LOOKBACKS.length]!;
  return {
    ...template,
    name: `Bench rule ${n}`,
    scope: {
      adAccountIds: [],
      adamIds: [],
      campaignIds: [],
      adGroupIds: [],
      keywordIds: [],
      ...scope,
    },
    lookback,
    conditions: template.conditions.map((condition) =>
      condition.value === undefined
        ? condition
        : { ...condition, value: condition.value + (n % 7) },
    ),
  };
}

async function clean() {
  await sql('DELETE FROM automation_rules WHERE team_id = $1', [teamId]);
  await sql('DELETE FROM automation_settings WHERE team_id = $1', [teamId]);
}

await clean();
try {
  const count = Number(options.rules);
  const due = new Date(Date.now() - 60_000);
  for (let n = 0; n < count; n++) {
    const definition = automationRuleInput.parse(benchRule(n));
    await sql(
      `INSERT INTO automation_rules (team_id, name, definition, enabled, status, next_run_at)
       VALUES ($1, $2, $3, true, 'ENABLED', $4)`,
      [teamId, definition.name, JSON.stringify(definition), due],
    );
  }
  await sql('INSERT INTO automation_settings (team_id, kill_switch) VALUES ($1, true)', [teamId]);
  const ctx = { ...server.context, jobs: { send: async () => null } };

  const started = performance.now();
  const { runs } = await runDueRules(ctx, new Date(), 'SCHEDULED', teamId);
  const seconds = (performance.now() - started) / 1000;

  const { rows: statuses } = await sql(
    `SELECT status, count(*)::int AS runs, sum(evaluated)::int AS evaluated,
       sum(matched)::int AS matched FROM automation_rule_runs WHERE team_id = $1 GROUP BY 1
     ORDER BY 1`,
    [teamId],
  );
  const { rows: changes } = await sql(
    'SELECT status, count(*)::int AS n FROM automation_rule_changes WHERE team_id = $1 GROUP BY 1',
    [teamId],
  );
  console.table(statuses);
  console.table(changes);
  console.log(
    `${runs} rules evaluated in ${seconds.toFixed(2)} s (target: under 10 s) — ` +
      `${((seconds * 1000) / runs).toFixed(1)} ms per rule`,
  );
  if (runs !== count) throw new Error(`expected ${count} runs, got ${runs}`);
} finally {
  await clean();
  await server.close();
}
