// The automation engine's service API: what the API and the jobs call.
export { readRuleBacktest, startRuleBacktest } from './backtest-runs';
export { revertRun } from './revert';
export { executeRun, runDueRules, startRuleRun, type EngineContext } from './rule-runner';
export { GLOBAL_KILL_SWITCH_KEY, readKillSwitches } from './rule-runs.repository';
export { automationTickJob } from './jobs/automation-tick.job';
export { ruleRunJob } from './jobs/rule-run.job';
export { ruleBacktestJob } from './jobs/rule-backtest.job';
