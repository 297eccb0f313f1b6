// Campaign creation's own state: the wizard's drafts (a company's, resumable by any member) and
// each creation saga with what it has made in Apple so far, keyed by its idempotency key.
import {
  bigint,
  index,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import {
  AD_PLACEMENTS,
  CREATION_STATUSES,
  WIZARD_STEPS,
  type CampaignCreationInput,
  type CampaignCreationResult,
  type CampaignDraftValues,
  type WizardAd,
} from '@tapwise/contracts';
import { users } from '../accounts/accounts.tables';
import { teams } from '../teams/teams.tables';

/** A company's row, made by one of its members (kept when the member goes). */
export const ownership = {
  id: uuid('id').primaryKey().defaultRandom(),
  teamId: uuid('team_id')
    .notNull()
    .references(() => teams.id, { onDelete: 'cascade' }),
  userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
};

export const campaignDrafts = pgTable(
  'campaign_drafts',
  {
    ...ownership,
    placement: text('placement', { enum: AD_PLACEMENTS }).notNull(),
    step: text('step', { enum: WIZARD_STEPS }).notNull(),
    values: jsonb('values').$type<CampaignDraftValues>().notNull(),
  },
  (t) => [index('campaign_drafts_team_updated_idx').on(t.teamId, t.updatedAt)],
);

/** Ads added to an ad group that exists in Apple (addAds), with what the saga needs of it. */
export interface AdsAddition {
  adAccountId: number;
  adamId: number;
  campaignId: number;
  adGroupId: number;
  adGroupName: string;
  ads: WizardAd[];
}

/**
 * What a creation sends: a whole campaign, or ads for an existing ad group. An ad group added to
 * an existing campaign is a campaign creation whose campaign is recorded as made already.
 */
export type CreationInput = CampaignCreationInput | AdsAddition;

export const isAdsAddition = (input: CreationInput): input is AdsAddition => 'adGroupId' in input;

/** What a creation has made in Apple so far; a retry skips it. */
export type CreationProgress = Omit<
  CampaignCreationResult,
  'idempotencyKey' | 'status' | 'failure'
> & {
  /** Steps finished, by key: "negatives:campaign", "keywords:0", "negatives:0", "ads:0". */
  done: string[];
};

export const campaignCreations = pgTable(
  'campaign_creations',
  {
    ...ownership,
    idempotencyKey: uuid('idempotency_key').notNull(),
    adAccountId: bigint('ad_account_id', { mode: 'number' }).notNull(),
    input: jsonb('input').$type<CreationInput>().notNull(),
    status: text('status', { enum: CREATION_STATUSES }).notNull(),
    progress: jsonb('progress').$type<CreationProgress>().notNull(),
    failure: text('failure'),
  },
  (t) => [uniqueIndex('campaign_creations_team_key_idx').on(t.teamId, t.idempotencyKey)],
);
