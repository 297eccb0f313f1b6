// What the planner must know of the stored copy besides the matched rows: the negative keywords
// already there, and the ad groups search terms are promoted to with their keywords. Reads only
// the stored copy, never Apple, so dry runs and backtests can use it.
import type { AutomationRuleDefinition } from '@tapwise/contracts';
import type { Database } from '../../../platform/db/database';
import {
  findStoredEntity,
  listLiveKeywords,
  listLiveNegativeKeywords,
} from '../../apple-writes/apple-writes.repository';
import {
  keywordKey,
  negativeKey,
  type MatchedRow,
  type PlanningContext,
  type PromoteTarget,
} from './rule-changes';

export async function planningContext(
  db: Database,
  teamId: string,
  rule: Pick<AutomationRuleDefinition, 'actions'>,
  matched: readonly MatchedRow[],
): Promise<PlanningContext> {
  const negatives = new Set<string>();
  const keywords = new Set<string>();
  const promoteTargets = new Map<number, PromoteTarget | null>();
  if (rule.actions.some((action) => action.type === 'ADD_AS_NEGATIVE_KEYWORD')) {
    const campaignsByAccount = new Map<number, Set<number>>();
    for (const { row } of matched)
      campaignsByAccount.set(
        row.adAccountId,
        (campaignsByAccount.get(row.adAccountId) ?? new Set()).add(row.campaignId),
      );
    for (const [adAccountId, campaignIds] of campaignsByAccount)
      for (const negative of await listLiveNegativeKeywords(db, teamId, adAccountId, [
        ...campaignIds,
      ]))
        negatives.add(
          negativeKey(negative.campaignId, negative.adGroupId, negative.matchType, negative.text),
        );
  }
  for (const action of rule.actions) {
    if (action.type !== 'ADD_AS_KEYWORD' || promoteTargets.has(action.adGroupId)) continue;
    const adGroup = await findStoredEntity(
      db,
      teamId,
      'adGroup',
      action.adAccountId,
      action.adGroupId,
    );
    promoteTargets.set(
      action.adGroupId,
      adGroup && !adGroup.deleted
        ? { adAccountId: adGroup.adAccountId, campaignId: adGroup.campaignId, name: adGroup.name }
        : null,
    );
    for (const keyword of await listLiveKeywords(db, teamId, action.adAccountId, action.adGroupId))
      keywords.add(keywordKey(action.adGroupId, keyword.matchType, keyword.text));
  }
  return { negatives, keywords, promoteTargets };
}
