// The only code touching the generator's templates and generations. Every function takes the team
// first; another company's id reads as not found.
import type {
  GenerationProgress,
  GenerationStatus,
  GeneratorDraftSettings,
  GeneratorPlan,
  GeneratorSettings,
} from '@tapwise/contracts';
import { and, desc, eq, inArray } from 'drizzle-orm';
import type { Database } from '../../platform/db/database';
import { campaigns } from '../ads-data/ads-entities.tables';
import {
  campaignGenerations,
  generatorTemplates,
  type FetchedKeywords,
} from './campaign-generator.tables';

export type GeneratorTemplateRow = typeof generatorTemplates.$inferSelect;
export type GenerationRow = typeof campaignGenerations.$inferSelect;

export async function findTemplate(
  db: Database,
  teamId: string,
  id: string,
): Promise<GeneratorTemplateRow | null> {
  const [row] = await db
    .select()
    .from(generatorTemplates)
    .where(and(eq(generatorTemplates.teamId, teamId), eq(generatorTemplates.id, id)));
  return row ?? null;
}

export function listTemplates(db: Database, teamId: string): Promise<GeneratorTemplateRow[]> {
  return db
    .select()
    .from(generatorTemplates)
    .where(eq(generatorTemplates.teamId, teamId))
    .orderBy(desc(generatorTemplates.updatedAt), desc(generatorTemplates.id));
}

export async function insertTemplate(
  db: Database,
  teamId: string,
  template: {
    userId: string | null;
    name: string;
    isDraft: boolean;
    settings: GeneratorDraftSettings;
  },
): Promise<GeneratorTemplateRow> {
  const [row] = await db
    .insert(generatorTemplates)
    .values({ ...template, teamId })
    .returning();
  return row!;
}

/** Null when the template is gone (or another company's). */
export async function updateTemplate(
  db: Database,
  teamId: string,
  id: string,
  template: { name: string; isDraft: boolean; settings: GeneratorDraftSettings },
): Promise<GeneratorTemplateRow | null> {
  const [row] = await db
    .update(generatorTemplates)
    .set({ ...template, updatedAt: new Date() })
    .where(and(eq(generatorTemplates.teamId, teamId), eq(generatorTemplates.id, id)))
    .returning();
  return row ?? null;
}

export async function deleteTemplate(db: Database, teamId: string, id: string): Promise<boolean> {
  const rows = await db
    .delete(generatorTemplates)
    .where(and(eq(generatorTemplates.teamId, teamId), eq(generatorTemplates.id, id)))
    .returning({ id: generatorTemplates.id });
  return rows.length > 0;
}

export async function findGeneration(
  db: Database,
  teamId: string,
  id: string,
): Promise<GenerationRow | null> {
  const [row] = await db
    .select()
    .from(campaignGenerations)
    .where(and(eq(campaignGenerations.teamId, teamId), eq(campaignGenerations.id, id)));
  return row ?? null;
}

export function listGenerations(db: Database, teamId: string): Promise<GenerationRow[]> {
  return db
    .select()
    .from(campaignGenerations)
    .where(eq(campaignGenerations.teamId, teamId))
    .orderBy(desc(campaignGenerations.createdAt), desc(campaignGenerations.id));
}

export async function insertGeneration(
  db: Database,
  teamId: string,
  generation: {
    userId: string | null;
    settings: GeneratorSettings;
    status: GenerationStatus;
    progress: GenerationProgress;
  },
): Promise<GenerationRow> {
  const [row] = await db
    .insert(campaignGenerations)
    .values({
      ...generation,
      teamId,
      adAccountId: generation.settings.adAccountId,
      adamId: generation.settings.adamId,
    })
    .returning();
  return row!;
}

export interface GenerationChange {
  status?: GenerationStatus;
  progress?: GenerationProgress;
  failure?: string | null;
  fetchedKeywords?: FetchedKeywords | null;
  plan?: GeneratorPlan | null;
  userId?: string | null;
}

/**
 * Saves a change, only while the generation is in one of `from` (when given): two requests racing
 * to move the same generation cannot both win. Null when it did not apply.
 */
export async function updateGeneration(
  db: Database,
  teamId: string,
  id: string,
  change: GenerationChange,
  from?: readonly GenerationStatus[],
): Promise<GenerationRow | null> {
  const [row] = await db
    .update(campaignGenerations)
    .set({ ...change, updatedAt: new Date() })
    .where(
      and(
        eq(campaignGenerations.teamId, teamId),
        eq(campaignGenerations.id, id),
        from ? inArray(campaignGenerations.status, [...from]) : undefined,
      ),
    )
    .returning();
  return row ?? null;
}

export async function deleteGeneration(
  db: Database,
  teamId: string,
  id: string,
  from: readonly GenerationStatus[],
): Promise<boolean> {
  const rows = await db
    .delete(campaignGenerations)
    .where(
      and(
        eq(campaignGenerations.teamId, teamId),
        eq(campaignGenerations.id, id),
        inArray(campaignGenerations.status, [...from]),
      ),
    )
    .returning({ id: campaignGenerations.id });
  return rows.length > 0;
}

/** The names of the ad account's live campaigns, which generated campaigns must not take. */
export async function liveCampaignNames(
  db: Database,
  teamId: string,
  adAccountId: number,
): Promise<string[]> {
  const rows = await db
    .select({ name: campaigns.name })
    .from(campaigns)
    .where(
      and(
        eq(campaigns.teamId, teamId),
        eq(campaigns.adAccountId, adAccountId),
        eq(campaigns.deleted, false),
      ),
    );
  return rows.map((row) => row.name);
}
