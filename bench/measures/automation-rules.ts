// Rule engine (issue 8): enabled rules evaluated in one scheduled batch. The rules mix the five
// playbooks (their template thresholds, shifted per rule) over every target, window and scope:
// like practitioners' rules, most cover one campaign (80 %), some one app (15 %), a few the
// whole account (5 %). The company's kill switch is on, so every intended change goes through the
// safety gateway and is recorded without an Apple call. Each run starts from the same state.
import {
  automationRuleInput,
  ruleTemplate,
  RULE_TEMPLATE_IDS,
  type AutomationRuleInput,
  type RuleLookback,
} from '../../packages/contracts/src/index.js';
import { runDueRules } from '../../apps/server/src/modules/automation/engine/index.js';
import type { AppContext } from '../../apps/server/src/modules/app-context.js';
import type { BenchDataset } from '../support/bench-dataset.js';
import { onPostgres, type Figure } from '../support/figures.js';
import { timeRuns, type RunCounts } from '../support/timing.js';

const LOOKBACKS: RuleLookback[] = [
  { range: 'LAST_7_DAYS' },
  { range: 'LAST_30_DAYS' },
  { range: 'LAST_1_DAY' },
  { range: 'CUSTOM_HOUR', hours: 14 * 24 },
];
const HOURLY: RuleLookback[] = [{ range: 'LAST_1_HOUR' }, { range: 'CUSTOM_HOUR', hours: 24 }];

interface Entities {
  adAccountId: number;
  adamIds: number[];
  campaignIds: number[];
  adGroupId: number;
}

function benchRule(n: number, entities: Entities): AutomationRuleInput {
  const template = ruleTemplate(RULE_TEMPLATE_IDS[n % RULE_TEMPLATE_IDS.length]!, {
    adAccountId: entities.adAccountId,
    adGroupId: entities.adGroupId,
  });
  const slot = n % 20;
  const scope =
    slot < 16
      ? { campaignIds: [entities.campaignIds[n % entities.campaignIds.length]!] }
      : slot < 19
        ? { adamIds: [entities.adamIds[n % entities.adamIds.length]!] }
        : {};
  const hourly = template.target === 'CAMPAIGN' && n % 2 === 0;
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
    lookback: hourly ? HOURLY[n % HOURLY.length]! : LOOKBACKS[n % LOOKBACKS.length]!,
    conditions: template.conditions.map((condition) =>
      condition.value === undefined
        ? condition
        : { ...condition, value: condition.value + (n % 7) },
    ),
  };
}

export async function measureRuleEngine(
  dataset: BenchDataset,
  context: AppContext,
  ruleCount: number,
  counts: RunCounts,
): Promise<Figure[]> {
  const { database, teamId } = dataset;
  const sql = <Row>(text: string, values: unknown[] = []) =>
    database.sql.query<Row>(text, values).then((result) => result.rows);
  const entities: Entities = {
    adAccountId: dataset.scope.adAccountId,
    adamIds: (
      await sql<{ id: string }>(
        'SELECT adam_id AS id FROM apps WHERE team_id = $1 AND adam_id <> 0',
        [teamId],
      )
    ).map((row) => Number(row.id)),
    campaignIds: (
      await sql<{ id: string }>('SELECT id FROM campaigns WHERE team_id = $1 ORDER BY id', [teamId])
    ).map((row) => Number(row.id)),
    adGroupId: Number(
      (
        await sql<{ id: string }>('SELECT min(id) AS id FROM ad_groups WHERE team_id = $1', [
          teamId,
        ])
      )[0]!.id,
    ),
  };
  const clean = async () => {
    await sql('DELETE FROM automation_rules WHERE team_id = $1', [teamId]);
    await sql('DELETE FROM automation_settings WHERE team_id = $1', [teamId]);
  };

  await clean();
  try {
    for (let n = 0; n < ruleCount; n++) {
      const definition = automationRuleInput.parse(benchRule(n, entities));
      await sql(
        `INSERT INTO automation_rules (team_id, name, definition, enabled, status)
         VALUES ($1, $2, $3, true, 'ENABLED')`,
        [teamId, definition.name, JSON.stringify(definition)],
      );
    }
    await sql('INSERT INTO automation_settings (team_id, kill_switch) VALUES ($1, true)', [teamId]);
    const engine = { ...context, jobs: { send: async () => null } };
    const timing = await timeRuns(
      {
        // Every rule due again, with no run or change of an earlier batch.
        prepare: async () => {
          await sql('DELETE FROM automation_rule_changes WHERE team_id = $1', [teamId]);
          await sql('DELETE FROM automation_rule_runs WHERE team_id = $1', [teamId]);
          await sql(
            `UPDATE automation_rules SET next_run_at = now() - interval '1 minute',
               last_run_at = NULL, last_run_status = NULL WHERE team_id = $1`,
            [teamId],
          );
        },
        run: async () => {
          const { runs } = await runDueRules(engine, new Date(), 'SCHEDULED', teamId);
          if (runs !== ruleCount) throw new Error(`expected ${ruleCount} rule runs, got ${runs}`);
        },
      },
      counts,
    );
    const [last] = await sql<{ evaluated: string }>(
      'SELECT coalesce(sum(evaluated), 0) AS evaluated FROM automation_rule_runs WHERE team_id = $1',
      [teamId],
    );
    return [
      {
        group: 'rule engine',
        name: `${ruleCount.toLocaleString('en-US')} rules in one batch`,
        value: timing.p50 / 1000,
        unit: 's',
        ...onPostgres(database.engine, { is: '<', value: 10, source: 'issue 8, PostgreSQL' }),
        detail: `median of ${timing.runs}, ${Number(last!.evaluated).toLocaleString('en-US')} rows evaluated per run`,
      },
    ];
  } finally {
    await clean();
  }
}
