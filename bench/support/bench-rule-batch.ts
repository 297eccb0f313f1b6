// The rule batch the suite runs (issue 8): enabled rules evaluated in one scheduled batch. The
// rules mix the five playbooks (their template thresholds, shifted per rule) over every target,
// window and scope: like practitioners' rules, most cover one campaign (80 %), some one app
// (15 %), a few the whole account (5 %). The company's kill switch is on, so every intended change
// goes through the safety gateway and is recorded without an Apple call. Each batch starts from
// the same state. The rule engine figure times it; the suite's `--load` runs it in the background.
import {
  automationRuleInput,
  ruleTemplate,
  RULE_TEMPLATE_IDS,
  type AutomationRuleInput,
  type RuleLookback,
} from '../../packages/contracts/src/index.js';
import { runDueRules } from '../../apps/server/src/modules/automation/engine/index.js';
import type { AppContext } from '../../apps/server/src/modules/app-context.js';
import type { BenchDataset } from './bench-dataset.js';

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

export interface BenchRuleBatch {
  /** Every rule due again, with no run or change of an earlier batch (untimed). */
  reset(): Promise<void>;
  /** One scheduled batch of every rule; fails unless each rule ran. */
  run(): Promise<void>;
  /** Rows evaluated by the last batch, over all its rules. */
  evaluated(): Promise<number>;
  /** Removes the rules and the kill switch again. */
  remove(): Promise<void>;
}

/** The dataset's rows the batch's rules and scripts point at. */
export async function readBenchEntities(dataset: BenchDataset): Promise<Entities> {
  const { database, teamId } = dataset;
  const ids = async (text: string) =>
    (await database.sql.query<{ id: string }>(text, [teamId])).rows.map((row) => Number(row.id));
  return {
    adAccountId: dataset.scope.adAccountId,
    adamIds: await ids('SELECT adam_id AS id FROM apps WHERE team_id = $1 AND adam_id <> 0'),
    campaignIds: await ids('SELECT id FROM campaigns WHERE team_id = $1 ORDER BY id'),
    adGroupId: (await ids('SELECT min(id) AS id FROM ad_groups WHERE team_id = $1'))[0]!,
  };
}

/** Removes the company's rules, scripts and automation settings (the kill switch). */
export async function clearBenchAutomation(dataset: BenchDataset): Promise<void> {
  const query = (text: string) => dataset.database.sql.query(text, [dataset.teamId]);
  await query('DELETE FROM automation_rules WHERE team_id = $1');
  await query('DELETE FROM automation_settings WHERE team_id = $1');
}

/** Every rule and script due again, with no run or change of an earlier batch. */
export async function makeBenchRulesDue(dataset: BenchDataset): Promise<void> {
  const query = (text: string) => dataset.database.sql.query(text, [dataset.teamId]);
  await query('DELETE FROM automation_rule_changes WHERE team_id = $1');
  await query('DELETE FROM automation_rule_runs WHERE team_id = $1');
  await query(
    `UPDATE automation_rules SET next_run_at = now() - interval '1 minute',
       last_run_at = NULL, last_run_status = NULL WHERE team_id = $1`,
  );
}

/** Installs `ruleCount` rules for the dataset's company, with its kill switch on. */
export async function installBenchRuleBatch(
  dataset: BenchDataset,
  context: AppContext,
  ruleCount: number,
): Promise<BenchRuleBatch> {
  const { database, teamId } = dataset;
  const sql = <Row>(text: string, values: unknown[] = []) =>
    database.sql.query<Row>(text, values).then((result) => result.rows);
  const entities = await readBenchEntities(dataset);
  const remove = () => clearBenchAutomation(dataset);

  await remove();
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
  } catch (error) {
    // Half a batch left behind would change the next measure's dataset.
    await remove();
    throw error;
  }
  // The batch's follow-up jobs (notifications) are not part of it.
  const engine = { ...context, jobs: { send: async () => null } };
  return {
    reset: () => makeBenchRulesDue(dataset),
    run: async () => {
      const { runs } = await runDueRules(engine, new Date(), 'SCHEDULED', teamId);
      if (runs !== ruleCount) throw new Error(`expected ${ruleCount} rule runs, got ${runs}`);
    },
    evaluated: async () => {
      const [row] = await sql<{ evaluated: string }>(
        'SELECT coalesce(sum(evaluated), 0) AS evaluated FROM automation_rule_runs WHERE team_id = $1',
        [teamId],
      );
      return Number(row!.evaluated);
    },
    remove,
  };
}
