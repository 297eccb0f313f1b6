// The only code touching campaign drafts and creations. Every function takes the team first;
// another company's id reads as not found.
import type {
  AdPlacement,
  CampaignCreationInput,
  CampaignDraft,
  CampaignDraftRow,
  CampaignDraftValues,
  WizardStep,
} from '@tapwise/contracts';
import { and, count, desc, eq, lt, ne, or, sql } from 'drizzle-orm';
import type { Database } from '../../platform/db/database';
import {
  campaignCreations,
  campaignDrafts,
  type CreationInput,
  type CreationProgress,
} from './campaign-creation.tables';

type DraftRow = typeof campaignDrafts.$inferSelect;
export type CreationRow = typeof campaignCreations.$inferSelect;

function draftOf(row: DraftRow): CampaignDraft {
  return {
    id: row.id,
    placement: row.placement,
    step: row.step,
    values: row.values,
    updatedAt: row.updatedAt.toISOString(),
  };
}

const ofTeam = (teamId: string, id: string) =>
  and(eq(campaignDrafts.teamId, teamId), eq(campaignDrafts.id, id));

export async function findDraft(db: Database, teamId: string, id: string) {
  const [row] = await db.select().from(campaignDrafts).where(ofTeam(teamId, id));
  return row ? draftOf(row) : null;
}

/** The spec's list columns, newest first. */
export async function listDrafts(db: Database, teamId: string): Promise<CampaignDraftRow[]> {
  const rows = await db
    .select()
    .from(campaignDrafts)
    .where(eq(campaignDrafts.teamId, teamId))
    .orderBy(desc(campaignDrafts.updatedAt), desc(campaignDrafts.id));
  return rows.map(({ id, placement, step, values, updatedAt }) => ({
    id,
    placement,
    step,
    campaignName: values.campaignName || null,
    countries: values.countries ?? [],
    budgetAmount: values.dailyBudget || null,
    updatedAt: updatedAt.toISOString(),
  }));
}

export async function countDrafts(db: Database, teamId: string): Promise<number> {
  const [row] = await db
    .select({ drafts: count() })
    .from(campaignDrafts)
    .where(eq(campaignDrafts.teamId, teamId));
  return row?.drafts ?? 0;
}

interface DraftValues {
  placement: AdPlacement;
  step: WizardStep;
  values: CampaignDraftValues;
}

export async function insertDraft(
  db: Database,
  teamId: string,
  userId: string | null,
  draft: DraftValues,
): Promise<CampaignDraft> {
  const [row] = await db
    .insert(campaignDrafts)
    .values({ teamId, userId, ...draft })
    .returning();
  return draftOf(row!);
}

/** Null when the id is not one of the team's drafts. */
export async function replaceDraft(
  db: Database,
  teamId: string,
  id: string,
  draft: DraftValues,
): Promise<CampaignDraft | null> {
  const [row] = await db
    .update(campaignDrafts)
    .set({ ...draft, updatedAt: sql`now()` })
    .where(ofTeam(teamId, id))
    .returning();
  return row ? draftOf(row) : null;
}

export async function deleteDraft(db: Database, teamId: string, id: string): Promise<boolean> {
  const deleted = await db
    .delete(campaignDrafts)
    .where(ofTeam(teamId, id))
    .returning({ id: campaignDrafts.id });
  return deleted.length > 0;
}

// Creations.

const byKey = (teamId: string, idempotencyKey: string) =>
  and(eq(campaignCreations.teamId, teamId), eq(campaignCreations.idempotencyKey, idempotencyKey));

export async function findCreation(db: Database, teamId: string, idempotencyKey: string) {
  const [row] = await db.select().from(campaignCreations).where(byKey(teamId, idempotencyKey));
  return row ?? null;
}

export const EMPTY_PROGRESS: CreationProgress = {
  campaignId: null,
  adGroups: [],
  keywordsCreated: 0,
  negativeKeywordsCreated: 0,
  adsCreated: 0,
  refused: [],
  done: [],
};

/** A campaign creation's start: its ad groups named, none made yet. */
export const progressOf = (input: CampaignCreationInput): CreationProgress => ({
  ...EMPTY_PROGRESS,
  adGroups: input.adGroups.map((adGroup) => ({ name: adGroup.name, id: null })),
});

/**
 * Records a new creation as running, from `progress` (what exists in Apple already); null when
 * the key is already taken (a concurrent call).
 */
export async function insertCreation(
  db: Database,
  teamId: string,
  values: { userId: string | null; idempotencyKey: string; input: CreationInput },
  progress: CreationProgress,
): Promise<CreationRow | null> {
  const [row] = await db
    .insert(campaignCreations)
    .values({
      teamId,
      ...values,
      adAccountId: values.input.adAccountId,
      status: 'RUNNING',
      progress,
    })
    .onConflictDoNothing()
    .returning();
  return row ?? null;
}

/**
 * A running creation whose process stopped answering is taken over after this long; a live one
 * finishes well within it.
 */
const RUNNING_CLAIM_TIMEOUT = sql`interval '10 minutes'`;

/** Claims a stopped creation to run it again; null when another call is running it. */
export async function claimCreation(
  db: Database,
  teamId: string,
  idempotencyKey: string,
): Promise<CreationRow | null> {
  const [row] = await db
    .update(campaignCreations)
    .set({ status: 'RUNNING', updatedAt: sql`now()` })
    .where(
      and(
        byKey(teamId, idempotencyKey),
        ne(campaignCreations.status, 'COMPLETE'),
        or(
          ne(campaignCreations.status, 'RUNNING'),
          lt(campaignCreations.updatedAt, sql`now() - ${RUNNING_CLAIM_TIMEOUT}`),
        ),
      ),
    )
    .returning();
  return row ?? null;
}

export async function saveCreationProgress(
  db: Database,
  teamId: string,
  idempotencyKey: string,
  progress: CreationProgress,
): Promise<void> {
  await db
    .update(campaignCreations)
    .set({ progress, updatedAt: sql`now()` })
    .where(byKey(teamId, idempotencyKey));
}

export async function finishCreation(
  db: Database,
  teamId: string,
  idempotencyKey: string,
  outcome: {
    status: 'COMPLETE' | 'INCOMPLETE';
    failure: string | null;
    progress: CreationProgress;
  },
): Promise<void> {
  await db
    .update(campaignCreations)
    .set({ ...outcome, updatedAt: sql`now()` })
    .where(byKey(teamId, idempotencyKey));
}

export async function deleteCreation(
  db: Database,
  teamId: string,
  idempotencyKey: string,
): Promise<void> {
  await db.delete(campaignCreations).where(byKey(teamId, idempotencyKey));
}
