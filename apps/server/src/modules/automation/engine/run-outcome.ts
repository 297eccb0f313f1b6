// What a run of a rule or scripted rule comes to, shared by the rule runner and script runs: its
// outcome, its status from its changes', and who its changes are made by.
import {
  ACTION_LIMIT_FREQUENCY_HOURS,
  type ActionLimitFrequency,
  type AutomationRuleStatus,
  type RuleChangeStatus,
  type SafetyCaps,
  type ScriptLogLine,
} from '@tapwise/contracts';
import type { WriteActor } from '../../apple-writes/write-actor';
import type { RuleRow, RunRow } from './rule-runs.repository';
import type { GatewayRun } from './safety-gateway';

export const RUN_FAILED_MESSAGE = 'The rule could not run. It will try again at its next check.';

export interface RunOutcome {
  status: AutomationRuleStatus;
  evaluated: number;
  matched: number;
  applied: number;
  planned: number;
  /** Words for the run's log: why it failed, or how many changes the cap left out. */
  message: string | null;
  /** A scripted rule's console output. */
  scriptLog?: ScriptLogLine[];
}

/** A run that could not run at all (its error is logged, never shown); the next check tries again. */
export const RUN_FAILED_OUTCOME: Readonly<RunOutcome> = Object.freeze({
  status: 'FAILED',
  evaluated: 0,
  matched: 0,
  applied: 0,
  planned: 0,
  message: RUN_FAILED_MESSAGE,
});

export interface Finished {
  rule: RuleRow;
  run: RunRow;
  outcome: RunOutcome;
  now: Date;
}

/** Who a rule's changes are made by: its creator, through the automation source. */
const ruleActor = (rule: RuleRow): WriteActor => ({
  teamId: rule.teamId,
  userId: rule.createdBy,
  impersonatorId: null,
  mayWrite: true,
  source: 'automation',
});

/** How the safety gateway holds a run of a rule of either kind. */
export const gatewayRunOf = (
  rule: RuleRow,
  run: RunRow,
  definition: { actionLimitFrequency: ActionLimitFrequency | null },
  caps: SafetyCaps,
  known: Pick<GatewayRun, 'fresh' | 'switches' | 'decided'>,
): GatewayRun => ({
  teamId: rule.teamId,
  runId: run.id,
  ruleId: rule.id,
  dryRun: run.dryRun,
  caps,
  actionLimitHours: definition.actionLimitFrequency
    ? ACTION_LIMIT_FREQUENCY_HOURS[definition.actionLimitFrequency]
    : null,
  actor: ruleActor(rule),
  fresh: known.fresh,
  switches: known.switches,
  decided: known.decided,
});

/**
 * A matched run's status from its changes' statuses: SUCCESS once one was applied, FAILED when
 * every one failed, CONDITION MATCHED otherwise (planned, skipped, or none left after the caps).
 */
export function matchedRunStatus(all: readonly RuleChangeStatus[]) {
  const count = (status: RuleChangeStatus) => all.filter((each) => each === status).length;
  const status: AutomationRuleStatus =
    count('APPLIED') > 0
      ? 'SUCCESS'
      : all.length > 0 && count('FAILED') === all.length
        ? 'FAILED'
        : 'CONDITION MATCHED';
  return { status, count };
}
