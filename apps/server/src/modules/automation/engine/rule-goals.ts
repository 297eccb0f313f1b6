// Goal conditions of a rule (docs/goals.md): each row's goal counts over the rule's lookback days
// from attribution_daily, added to its values. Without an ACTIVE partner integration for the
// goal's app, or without any partner row in the lookback, the goal cannot be judged: the run is
// ASA/MMP CONDITION NOT MATCHED and changes nothing.
import {
  conditionMetrics,
  isGoalConditionMetric,
  type AutomationRuleDefinition,
  type RuleTarget,
} from '@tapwise/contracts';
import type { Database } from '../../../platform/db/database';
import {
  findGoal,
  hasActiveAttribution,
  hasPartnerRows,
  sumGoalByEntity,
} from '../../goals/goals.repository';
import { withGoalValues, type ValuedRow } from './rule-evaluation';
import { factWindow, isoDay } from './rule-windows';

/** The entity id partners send per target; search terms have none. */
const ENTITY: Partial<Record<RuleTarget, 'campaign_id' | 'ad_group_id' | 'keyword_id'>> = {
  CAMPAIGN: 'campaign_id',
  AD_GROUP: 'ad_group_id',
  KEYWORD: 'keyword_id',
};

export const usesGoal = (definition: AutomationRuleDefinition) =>
  definition.goalId !== undefined && conditionMetrics(definition).some(isGoalConditionMetric);

/**
 * The rows with their goal metrics, or null when partner data is missing (no ACTIVE integration,
 * no partner row in the lookback, a deleted goal, or a target partners do not name).
 */
export async function rowsWithGoal(
  db: Database,
  teamId: string,
  definition: Pick<AutomationRuleDefinition, 'goalId' | 'target' | 'lookback'>,
  rows: readonly ValuedRow[],
  now: Date,
): Promise<ValuedRow[] | null> {
  const entity = ENTITY[definition.target];
  const goal = definition.goalId ? await findGoal(db, teamId, definition.goalId) : undefined;
  if (!goal || !entity || !(await hasActiveAttribution(db, teamId, goal.adamId))) return null;
  const window = factWindow(definition.lookback, definition.target, now);
  // Partners report days: an hourly window reads the days its hours fall on.
  const days =
    window.grain === 'DAILY'
      ? { start: window.from, end: window.to }
      : { start: window.after.slice(0, 10), end: isoDay(now) };
  if (!(await hasPartnerRows(db, goal, days))) return null;
  const idOf = (row: ValuedRow) =>
    entity === 'campaign_id'
      ? row.row.campaignId
      : entity === 'ad_group_id'
        ? row.row.adGroupId
        : row.row.keywordId;
  const accounts = [
    ...new Set(rows.filter((row) => row.row.adamId === goal.adamId).map((r) => r.row.adAccountId)),
  ];
  const counts = new Map(
    await Promise.all(
      accounts.map(
        async (account) =>
          [account, await sumGoalByEntity(db, goal, account, days, entity)] as const,
      ),
    ),
  );
  const none = { goals: 0, goalsRevenueMicros: 0, attrInstalls: 0 };
  // Rows of other apps keep goal metrics without a value: they never match a goal condition.
  return rows.map((row) =>
    row.row.adamId === goal.adamId
      ? withGoalValues(row, counts.get(row.row.adAccountId)?.get(idOf(row) ?? 0) ?? none)
      : row,
  );
}
