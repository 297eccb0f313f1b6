// The company's switch for scripted rules (toggleAutomationV2, spec 2 §7.3) and the scripts' API
// gateway log (/sar-proxy): every action scripts proposed, with what the safety gateway decided.
import { SCRIPTED_RULE_MESSAGES } from '@tapwise/contracts';
import { z } from 'zod';
import type { Database } from '../../platform/db/database';
import { recordActivity } from '../activity-log/activity-log.service';
import { listScriptChanges } from '../automation/rule-logs.repository';
import { inTransaction, writeScriptsEnabled } from '../automation/rules.repository';
import type { Caller } from '../automation/rules.service';

const GATEWAY_PAGE = z.object({
  offset: z.number().int().min(0),
  limit: z.number().int().min(1).max(200),
});

/** Off: no script runs on schedule or after a sync; tests, dry runs and backtests still work. */
export async function toggleAutomationV2(
  db: Database,
  caller: Caller,
  on: boolean,
): Promise<{ successMessage: string }> {
  await inTransaction(db, async (tx) => {
    await writeScriptsEnabled(tx, caller.teamId, on, caller.userId);
    await recordActivity(tx, caller, caller.teamId, {
      logType: 'rule_updated',
      message: on ? 'Turned scripted rules on' : 'Turned scripted rules off',
      featureName: 'scriptedRules',
      featurePath: '/scripted-rule',
    });
  });
  return {
    successMessage: on
      ? SCRIPTED_RULE_MESSAGES.scriptsTurnedOn
      : SCRIPTED_RULE_MESSAGES.scriptsTurnedOff,
  };
}

export async function readScriptGatewayLog(
  db: Database,
  teamId: string,
  page: { offset: number; limit: number },
) {
  return listScriptChanges(db, teamId, GATEWAY_PAGE.parse(page));
}
