import { desc } from 'drizzle-orm';
import type { Database } from '../../platform/db/database';
import { mailOutbox } from './mail.tables';

export async function insertOutboxMail(db: Database, values: typeof mailOutbox.$inferInsert) {
  await db.insert(mailOutbox).values(values);
}

/** The outbox is installation-wide: only staff read it. */
export async function listOutboxMail(db: Database, limit: number) {
  return db.select().from(mailOutbox).orderBy(desc(mailOutbox.createdAt)).limit(limit);
}
