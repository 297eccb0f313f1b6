// Custom functions (spec 2 §3.7): a company's file tree of script modules. Every save adds a
// version; a scripted rule pins the versions it imported when it was saved, so a later edit never
// changes what a running script does.
import { sql } from 'drizzle-orm';
import {
  boolean,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { users } from '../accounts/accounts.tables';
import { teams } from '../teams/teams.tables';

export const customFunctions = pgTable(
  'custom_functions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    teamId: uuid('team_id')
      .notNull()
      .references(() => teams.id, { onDelete: 'cascade' }),
    /** Folders and name, as imported: `functions/<path>`. */
    path: text('path').notNull(),
    description: text('description').notNull().default(''),
    /** Private functions are seen (and imported) by their author only. */
    isPublic: boolean('is_public').notNull().default(false),
    /** A locked function cannot be edited or deleted until it is unlocked. */
    isLocked: boolean('is_locked').notNull().default(false),
    /** The newest version (custom_function_versions). */
    version: integer('version').notNull().default(1),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('custom_functions_team_path_idx').on(t.teamId, sql`lower(${t.path})`)],
);

export const customFunctionVersions = pgTable(
  'custom_function_versions',
  {
    functionId: uuid('function_id')
      .notNull()
      .references(() => customFunctions.id, { onDelete: 'cascade' }),
    version: integer('version').notNull(),
    teamId: uuid('team_id')
      .notNull()
      .references(() => teams.id, { onDelete: 'cascade' }),
    code: text('code').notNull(),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.functionId, t.version] }),
    index('custom_function_versions_team_idx').on(t.teamId),
  ],
);
