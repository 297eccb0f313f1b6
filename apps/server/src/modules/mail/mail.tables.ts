import { index, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';

export interface OutboxAttachment {
  filename: string;
  contentType: string;
  bytes: number;
}

export const MAIL_STATUSES = ['KEPT', 'SENT', 'FAILED'] as const;

/**
 * Every message Tapwise sends. Without SMTP_URL mail is KEPT here for staff to read in the app,
 * so the embedded installation works with no mail server.
 */
export const mailOutbox = pgTable(
  'mail_outbox',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    recipient: text('recipient').notNull(),
    subject: text('subject').notNull(),
    text: text('text').notNull(),
    html: text('html').notNull(),
    template: text('template').notNull(),
    locale: text('locale').notNull(),
    status: text('status', { enum: MAIL_STATUSES }).notNull(),
    error: text('error'),
    /** What was attached (name, type, bytes); the files themselves are not kept. */
    attachments: jsonb('attachments').$type<OutboxAttachment[]>().notNull().default([]),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('mail_outbox_created_idx').on(table.createdAt)],
);
