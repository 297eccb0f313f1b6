// The ads manager's saved views and table presets, each a member's own within one company.
// Saving one again under the same name on the same tab replaces it.
import { boolean, index, jsonb, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import type { CustomViewInput } from '@tapwise/contracts';
import { ownedByMember } from '../analytics/presets.tables';

/** The view's choices besides its name, tab and pin. */
export type CustomViewDefinition = Omit<CustomViewInput, 'id' | 'name' | 'tab' | 'pinned'>;

export const customViews = pgTable(
  'custom_views',
  {
    ...ownedByMember(),
    tab: text('tab').notNull(),
    definition: jsonb('definition').$type<CustomViewDefinition>().notNull(),
    pinned: boolean('pinned').notNull().default(false),
  },
  (t) => [
    uniqueIndex('custom_views_owner_name_idx').on(t.teamId, t.userId, t.tab, t.name),
    index('custom_views_user_idx').on(t.userId),
  ],
);

export const tablePresets = pgTable(
  'table_presets',
  {
    ...ownedByMember(),
    tab: text('tab').notNull(),
    columns: text('columns').array().notNull(),
  },
  (t) => [
    uniqueIndex('table_presets_owner_name_idx').on(t.teamId, t.userId, t.tab, t.name),
    index('table_presets_user_idx').on(t.userId),
  ],
);
