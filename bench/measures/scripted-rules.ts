// Scripted rules (issue 25): enabled scripts evaluated in one scheduled batch, each in its own
// sandbox run. The scripts are the five playbook templates, like the rules figure's mix: most
// read one campaign (80 %), the others the whole company. The company's kill switch is on, so
// every proposed change goes through the safety gateway and is recorded without an Apple call.
// Each run starts from the same state.
import {
  RULE_TEMPLATE_IDS,
  scriptedRuleInput,
  scriptTemplate,
} from '../../packages/contracts/src/index.js';
import { runDueRules } from '../../apps/server/src/modules/automation/engine/index.js';
import type { AppContext } from '../../apps/server/src/modules/app-context.js';
import { closeScriptSandbox } from '../../apps/server/src/modules/scripted-rules/sandbox/index.js';
import type { BenchDataset } from '../support/bench-dataset.js';
import {
  clearBenchAutomation,
  makeBenchRulesDue,
  readBenchEntities,
} from '../support/bench-rule-batch.js';
import { onPostgres, type Figure } from '../support/figures.js';
import { timeRuns, type RunCounts } from '../support/timing.js';

function benchScript(
  n: number,
  entities: { adAccountId: number; adGroupId: number; campaignIds: number[] },
) {
  const template = scriptTemplate(RULE_TEMPLATE_IDS[n % RULE_TEMPLATE_IDS.length]!, entities);
  const campaignId = entities.campaignIds[n % entities.campaignIds.length]!;
  // Narrowed to one campaign, as most practitioners' rules are.
  const source =
    n % 5 === 4
      ? template.source
      : template.source.replaceAll('({ lookback:', `({ campaignIds: [${campaignId}], lookback:`);
  return { ...template, name: `Bench script ${n}`, source };
}

export async function measureScriptedRules(
  dataset: BenchDataset,
  context: AppContext,
  scriptCount: number,
  counts: RunCounts,
): Promise<Figure[]> {
  const { database, teamId } = dataset;
  const sql = <Row>(text: string, values: unknown[] = []) =>
    database.sql.query<Row>(text, values).then((result) => result.rows);
  const entities = await readBenchEntities(dataset);
  const clean = () => clearBenchAutomation(dataset);

  await clean();
  try {
    for (let n = 0; n < scriptCount; n++) {
      const definition = {
        ...scriptedRuleInput.parse(benchScript(n, entities)),
        currency: 'USD',
        imports: [],
      };
      await sql(
        `INSERT INTO automation_rules (team_id, kind, name, definition, enabled, status)
         VALUES ($1, 'SCRIPT', $2, $3, true, 'ENABLED')`,
        [teamId, definition.name, JSON.stringify(definition)],
      );
    }
    await sql(
      `INSERT INTO automation_settings (team_id, kill_switch, scripts_enabled)
       VALUES ($1, true, true)`,
      [teamId],
    );
    const engine = { ...context, jobs: { send: async () => null } };
    const timing = await timeRuns(
      {
        prepare: () => makeBenchRulesDue(dataset),
        run: async () => {
          const { runs } = await runDueRules(engine, new Date(), 'SCHEDULED', teamId);
          if (runs !== scriptCount)
            throw new Error(`expected ${scriptCount} script runs, got ${runs}`);
        },
      },
      counts,
    );
    const [last] = await sql<{ evaluated: string; failed: string }>(
      `SELECT coalesce(sum(evaluated), 0) AS evaluated,
         count(*) FILTER (WHERE status = 'FAILED') AS failed
       FROM automation_rule_runs WHERE team_id = $1`,
      [teamId],
    );
    if (Number(last!.failed) > 0) throw new Error(`${last!.failed} script runs failed`);
    return [
      {
        group: 'scripted rules',
        name: `${scriptCount.toLocaleString('en-US')} enabled scripts in one batch`,
        value: timing.p50 / 1000,
        unit: 's',
        ...onPostgres(database.engine, { is: '<', value: 30, source: 'issue 25, PostgreSQL' }),
        detail: `median of ${timing.runs}, ${Number(last!.evaluated).toLocaleString('en-US')} entities read per run`,
      },
    ];
  } finally {
    await closeScriptSandbox();
    await clean();
  }
}
