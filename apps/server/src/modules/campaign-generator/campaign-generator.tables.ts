// The campaign generator's own state: templates and drafts of its settings (a company's, shared
// by its admins), and each generation with its keywords, the structure it sends and its progress.
import { bigint, boolean, index, jsonb, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import {
  GENERATION_STATUSES,
  type GenerationProgress,
  type GeneratorDraftSettings,
  type GeneratorPlan,
  type GeneratorSettings,
} from '@tapwise/contracts';
import { ownership } from '../campaign-creation/campaign-creation.tables';

/** A named template (complete settings) or a draft (whatever was typed), unique by name. */
export const generatorTemplates = pgTable(
  'generator_templates',
  {
    ...ownership,
    name: text('name').notNull(),
    isDraft: boolean('is_draft').notNull(),
    settings: jsonb('settings').$type<GeneratorDraftSettings>().notNull(),
  },
  (t) => [uniqueIndex('generator_templates_team_name_idx').on(t.teamId, t.name)],
);

/**
 * One researched keyword with what research measured for the app, so the segment's ranges can
 * filter it and the preview show it; null where research has no figure.
 */
export interface FetchedKeyword {
  text: string;
  organicRank: number | null;
  popularity: number | null;
  totalApps: number | null;
}

/** Keywords found for a segment by research (opId 11 category, 12 competitors). */
export type FetchedKeywords = Record<string, FetchedKeyword[]>;

export const campaignGenerations = pgTable(
  'campaign_generations',
  {
    ...ownership,
    adAccountId: bigint('ad_account_id', { mode: 'number' }).notNull(),
    adamId: bigint('adam_id', { mode: 'number' }).notNull(),
    settings: jsonb('settings').$type<GeneratorSettings>().notNull(),
    /** Researched keywords by segment key ("category", "competitor"); null until fetched. */
    fetchedKeywords: jsonb('fetched_keywords').$type<FetchedKeywords>(),
    /** The structure as previewed and edited; what the creation sends. */
    plan: jsonb('plan').$type<GeneratorPlan>(),
    status: text('status', { enum: GENERATION_STATUSES }).notNull(),
    progress: jsonb('progress').$type<GenerationProgress>().notNull(),
    failure: text('failure'),
  },
  (t) => [index('campaign_generations_team_created_idx').on(t.teamId, t.createdAt)],
);
