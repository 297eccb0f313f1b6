// A scripted rule's draft replayed over stored daily history, as rules are (backtest.ts): each day
// the script runs at the end of that day, its reads answered from that day's windows of the daily
// facts with the bids, budgets and statuses the replay changed so far, and its proposals planned
// and kept within the action limit and the cap on changes. Through the rules' backtest table,
// job and result.
import {
  effectiveCaps,
  type RuleBacktestDay,
  type RuleBacktestResult,
  type ScriptedRuleDefinition,
} from '@tapwise/contracts';
import type { Database } from '../../platform/db/database';
import {
  backtestChange,
  backtestDays,
  newSimulation,
  remember,
  replayDays,
  simulated,
  withinLimits,
  type Simulation,
} from '../automation/engine/backtest';
import { valued } from '../automation/engine/rule-evaluation';
import {
  proposedActions,
  runDefinition,
  scriptChanges,
  scriptPlanningContext,
  scriptReader,
} from './script-runs';

/** A scripted rule's backtest as kept: the checked draft (pins included) and its days. */
export interface ScriptBacktest {
  script: ScriptedRuleDefinition;
  start: string;
  end: string;
}

async function replayScriptDay(
  db: Database,
  teamId: string,
  script: ScriptedRuleDefinition,
  date: string,
  day: number,
  simulation: Simulation,
): Promise<RuleBacktestDay> {
  const endOfDay = new Date(`${date}T23:59:59Z`);
  const reader = scriptReader(db, teamId, endOfDay, new Map(), {
    dailyOnly: true,
    adjust: ({ row }) => valued(simulated(row, simulation)),
  });
  const result = await runDefinition(db, teamId, script, reader, endOfDay, true);
  // A day the script fails on changes nothing; the others replay on.
  if (!result.ok) return { date, evaluated: result.evaluated, matched: 0, changes: [] };
  const actions = proposedActions(result.proposals, reader);
  const stored = await scriptPlanningContext(db, teamId, actions);
  const planned = [
    ...scriptChanges(actions, effectiveCaps(script), {
      negatives: new Set([...stored.negatives, ...simulation.negatives]),
      keywords: new Set([...stored.keywords, ...simulation.keywords]),
      promoteTargets: stored.promoteTargets,
    }),
  ];
  const changes = withinLimits(planned, script, simulation, day);
  for (const change of changes) remember(change, simulation, day);
  return {
    date,
    evaluated: result.evaluated,
    matched: new Set(actions.map(({ row }) => `${row.row.target}|${row.row.entityId}`)).size,
    changes: changes.map(backtestChange),
  };
}

/** The job's replay of a scripted rule's backtest. */
export async function replayScriptBacktest(
  db: Database,
  teamId: string,
  { script, start, end }: ScriptBacktest,
  onDay: (done: number) => Promise<void>,
): Promise<RuleBacktestResult> {
  const simulation = newSimulation();
  return replayDays(
    { start, end, days: backtestDays(start, end) },
    (date, index) => replayScriptDay(db, teamId, script, date, index, simulation),
    onDay,
  );
}
