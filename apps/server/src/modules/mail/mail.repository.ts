import { and, count, desc, eq, gt, inArray, sql } from 'drizzle-orm';
import type { Database } from '../../platform/db/database';
import { mailOutbox } from './mail.tables';

export async function insertOutboxMail(db: Database, values: typeof mailOutbox.$inferInsert) {
  await db.insert(mailOutbox).values(values);
}

/** The outbox is installation-wide: only staff read it. */
export async function listOutboxMail(db: Database, limit: number) {
  return db.select().from(mailOutbox).orderBy(desc(mailOutbox.createdAt)).limit(limit);
}

/** Messages of some templates mailed to one address since a moment (to throttle them). */
export async function countRecentMail(
  db: Database,
  filter: { recipient: string; templates: readonly string[]; since: Date },
): Promise<number> {
  const [row] = await db
    .select({ value: count() })
    .from(mailOutbox)
    .where(
      and(
        eq(sql`lower(${mailOutbox.recipient})`, filter.recipient.toLowerCase()),
        inArray(mailOutbox.template, [...filter.templates]),
        gt(mailOutbox.createdAt, filter.since),
      ),
    );
  return Number(row?.value ?? 0);
}
