// The suggestion lists a company generated (suggestedKeywordListKAI); every query is by team.
import type { SuggestedKeyword } from '@tapwise/contracts';
import { and, desc, eq } from 'drizzle-orm';
import type { Database } from '../../platform/db/database';
import { keywordSuggestionLists } from './keyword-ai.tables';

export type SuggestionListRow = typeof keywordSuggestionLists.$inferSelect;
type NewSuggestionList = typeof keywordSuggestionLists.$inferInsert;

/** The most lists answered at once, newest first. */
const LISTS_SHOWN = 200;

export async function insertSuggestionList(
  db: Pick<Database, 'insert'>,
  list: NewSuggestionList & { keywords: SuggestedKeyword[] },
): Promise<SuggestionListRow> {
  const [row] = await db.insert(keywordSuggestionLists).values(list).returning();
  return row!;
}

export function listSuggestionLists(
  db: Database,
  teamId: string,
  adamId: number | null,
): Promise<SuggestionListRow[]> {
  return db
    .select()
    .from(keywordSuggestionLists)
    .where(
      and(
        eq(keywordSuggestionLists.teamId, teamId),
        adamId === null ? undefined : eq(keywordSuggestionLists.adamId, adamId),
      ),
    )
    .orderBy(desc(keywordSuggestionLists.createdAt), desc(keywordSuggestionLists.id))
    .limit(LISTS_SHOWN);
}
