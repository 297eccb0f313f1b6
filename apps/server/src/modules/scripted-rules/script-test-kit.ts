// Test support for scripted rules on the engine: scripts written straight into the rules table,
// and the company's scripted rules switched on or off.
import { scriptedRuleInput, type ScriptedRuleInput } from '@tapwise/contracts';
import type { Database } from '../../platform/db/database';
import { insertRuleRow, type TestRuleOptions } from '../automation/engine/engine-test-kit';
import { writeScriptsEnabled } from '../automation/rules.repository';

let scriptNumber = 0;

/** A scripted rule's input around a source: checked daily, no caps of its own unless given. */
export const scriptInput = (
  source: string,
  extra: Partial<ScriptedRuleInput> = {},
): ScriptedRuleInput => ({
  name: `Script ${++scriptNumber}`,
  source,
  checkFrequency: 'DAILY',
  ...extra,
});

export const insertTestScript = (
  db: Database,
  teamId: string,
  input: ScriptedRuleInput,
  options: TestRuleOptions = {},
) =>
  insertRuleRow(db, teamId, 'SCRIPT', { ...scriptedRuleInput.parse(input), imports: [] }, options);

export const setScriptsEnabled = (db: Database, teamId: string, on: boolean) =>
  writeScriptsEnabled(db, teamId, on, null);
