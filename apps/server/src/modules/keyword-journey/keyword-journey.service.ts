// The keyword journey of one app (spec 1 §1, §8, §9; docs/keyword-journey.md): each keyword's
// stage over the window, the keywords of one stage, and the stages week by week with how many
// keywords moved forward or back. Another company's ad account or app reads as one without data.
import type { keywordJourneyQuerySchema } from '@tapwise/contracts';
import {
  addDays,
  daysInRange,
  DEFAULT_CURRENCY,
  KEYWORD_JOURNEY_LIST_LIMIT,
  KEYWORD_JOURNEY_WAIT_DAYS,
  KEYWORD_JOURNEY_WEEKS,
  KEYWORD_STAGES,
  utcToday,
  type DateRange,
  type EventSource,
  type KeywordJourney,
  type StageCountMap,
} from '@tapwise/contracts';
import type { z } from 'zod';
import type { Database } from '../../platform/db/database';
import { AppError } from '../../platform/errors';
import { findAccountHistory, withOverviewReads } from '../analytics/overview.repository';
import { hasActiveAttribution, listGoals } from '../goals/goals.repository';
import {
  findJourneyStages,
  tuneJourneyRead,
  type JourneyStages,
} from './keyword-journey.repository';

export type ParsedKeywordJourneyQuery = z.output<typeof keywordJourneyQuerySchema>;

const zeroStageCounts = (): StageCountMap =>
  Object.fromEntries(KEYWORD_STAGES.map((stage) => [stage, 0])) as StageCountMap;

/** An ad account without any synced history: every keyword counts nowhere. */
const NO_KEYWORDS: JourneyStages = {
  stageCounts: zeroStageCounts(),
  movements: Array.from({ length: KEYWORD_JOURNEY_WEEKS }, () => ({
    stageCounts: zeroStageCounts(),
    forward: 0,
    back: 0,
  })),
  listed: [],
};

/**
 * The movement chart's weeks: KEYWORD_JOURNEY_WEEKS periods of seven days ending on the window's
 * last day, and the week before them, which the first is compared with.
 */
export function journeyWeeks(end: string): DateRange[] {
  return Array.from({ length: KEYWORD_JOURNEY_WEEKS + 1 }, (_, index) => {
    const weekEnd = addDays(end, -7 * (KEYWORD_JOURNEY_WEEKS - index));
    return { start: addDays(weekEnd, -6), end: weekEnd };
  });
}

/** Days of synced history up to `end`, from the account's first stored fact of any grain. */
function historyDays(
  history: { firstDaily: string | null; firstWeekly: string | null } | undefined,
  end: string,
): number {
  const firsts = [history?.firstDaily, history?.firstWeekly].filter((day): day is string => !!day);
  if (firsts.length === 0) return 0;
  const first = firsts.sort()[0]!;
  return first > end ? 0 : daysInRange({ start: first, end });
}

async function eventSourceOf(
  db: Database,
  teamId: string,
  adamId: number,
  hasGoal: boolean,
): Promise<EventSource> {
  if (!hasGoal) return 'NO_GOAL';
  return (await hasActiveAttribution(db, teamId, adamId)) ? 'READY' : 'NO_PARTNER_DATA';
}

export async function keywordJourney(
  db: Database,
  teamId: string,
  query: ParsedKeywordJourneyQuery,
  now: Date = new Date(),
): Promise<KeywordJourney> {
  const end = query.end ?? addDays(utcToday(now), -1);
  const window = { start: addDays(end, -(query.days - 1)), end };
  const weeks = journeyWeeks(end);
  return withOverviewReads(db, async (tx) => {
    await tuneJourneyRead(tx);
    const goals = await listGoals(tx, teamId, { adamId: query.adamId });
    const goal = query.goalId ? goals.find((entry) => entry.id === query.goalId) : goals[0];
    if (query.goalId && !goal) throw new AppError('NOT_FOUND', 'No such goal.');
    const [history, eventSource] = await Promise.all([
      findAccountHistory(tx, teamId, query.adAccountId),
      eventSourceOf(tx, teamId, query.adamId, goal !== undefined),
    ]);
    // Window first, then the weeks: period 0 is the window.
    const { stageCounts, movements, listed } = history
      ? await findJourneyStages(
          tx,
          teamId,
          query,
          [window, ...weeks],
          { stage: query.stage, limit: KEYWORD_JOURNEY_LIST_LIMIT },
          goal,
        )
      : NO_KEYWORDS;
    const dataDays = historyDays(history, end);
    const anyImpression = KEYWORD_STAGES.some(
      (stage) => stage !== 'NONE' && stageCounts[stage] > 0,
    );
    return {
      window,
      currency: history?.currency ?? DEFAULT_CURRENCY,
      stageCounts,
      stage: query.stage,
      keywords: listed,
      goal: goal ? { id: goal.id, name: goal.name } : null,
      goals: goals.map((entry) => ({ id: entry.id, name: entry.name })),
      eventSource,
      weeks: weeks.slice(1).map((week, index) => ({ ...week, ...movements[index]! })),
      dataDays,
      needsWait: !anyImpression || dataDays < KEYWORD_JOURNEY_WAIT_DAYS,
    };
  });
}
