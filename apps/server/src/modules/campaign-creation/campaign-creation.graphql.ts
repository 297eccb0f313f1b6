// GraphQL of campaign creation (docs/campaign-creation.md): drafts and the creation saga; the
// duplicate-name check, doesCampaignExist, is one of the ads manager's lookups. addAdGroup and
// addAds run the same saga for a campaign or ad group that exists in Apple. Wizard states
// travel as JSON, checked by the contracts' schemas. Reads need campaignCreation.read, changes
// campaignCreation.write.
import {
  appEligibilityArgsSchema,
  CAMPAIGN_CREATION_MESSAGES as MESSAGES,
  type CampaignCreationResult,
  type CampaignDraft,
  type CampaignDraftRow,
  type CountryEligibility,
} from '@tapwise/contracts';
import { requireTeam } from '../../platform/auth/auth-context';
import { AppError } from '../../platform/errors';
import { access } from '../../platform/graphql/access-guard';
import { builder } from '../../platform/graphql/builder';
import { writeActorOf } from '../apple-writes/write-actor';
import { appEligibility } from './app-eligibility';
import { deleteDraft, findDraft, listDrafts } from './campaign-creation.repository';
import { addAdGroup, addAds, createCampaign, readCreation } from './campaign-creation.service';
import { saveCampaignDraft } from './campaign-drafts.service';

const CampaignDraftRef = builder.objectRef<CampaignDraft>('CampaignDraft').implement({
  fields: (t) => ({
    id: t.exposeID('id'),
    placement: t.exposeString('placement'),
    step: t.exposeString('step', { description: 'The wizard step to resume at' }),
    values: t.field({
      type: 'JSON',
      description: "The wizard's values so far (CampaignDraftValues)",
      resolve: (draft) => draft.values,
    }),
    updatedAt: t.exposeString('updatedAt'),
  }),
});

const CampaignDraftRowRef = builder.objectRef<CampaignDraftRow>('CampaignDraftRow').implement({
  fields: (t) => ({
    id: t.exposeID('id'),
    placement: t.exposeString('placement'),
    step: t.exposeString('step'),
    campaignName: t.exposeString('campaignName', { nullable: true }),
    countries: t.exposeStringList('countries'),
    budgetAmount: t.exposeString('budgetAmount', { nullable: true }),
    updatedAt: t.exposeString('updatedAt'),
  }),
});

type CreatedAdGroup = CampaignCreationResult['adGroups'][number];
const CreatedAdGroupRef = builder.objectRef<CreatedAdGroup>('CreatedAdGroup').implement({
  fields: (t) => ({
    name: t.exposeString('name'),
    id: t.exposeFloat('id', { nullable: true, description: 'Null while not created in Apple' }),
  }),
});

type RefusedItem = CampaignCreationResult['refused'][number];
const RefusedItemRef = builder.objectRef<RefusedItem>('CreationRefusedItem').implement({
  fields: (t) => ({ what: t.exposeString('what'), message: t.exposeString('message') }),
});

const CampaignCreationResultRef = builder
  .objectRef<CampaignCreationResult>('CampaignCreationResult')
  .implement({
    fields: (t) => ({
      idempotencyKey: t.exposeID('idempotencyKey'),
      status: t.exposeString('status', { description: 'RUNNING, COMPLETE or INCOMPLETE' }),
      campaignId: t.exposeFloat('campaignId', { nullable: true }),
      adGroups: t.field({ type: [CreatedAdGroupRef], resolve: (result) => result.adGroups }),
      keywordsCreated: t.exposeInt('keywordsCreated'),
      negativeKeywordsCreated: t.exposeInt('negativeKeywordsCreated'),
      adsCreated: t.exposeInt('adsCreated'),
      failure: t.exposeString('failure', {
        nullable: true,
        description: 'Why the creation stopped; retry with the same key to finish it',
      }),
      refused: t.field({ type: [RefusedItemRef], resolve: (result) => result.refused }),
    }),
  });

builder.queryFields((t) => ({
  getDraft: t.field({
    ...access('campaignCreation.read'),
    type: CampaignDraftRef,
    args: { id: t.arg.id({ required: true }) },
    resolve: async (_root, args, { app, auth }) => {
      const draft = await findDraft(app.db, requireTeam(auth).teamId, String(args.id));
      if (!draft) throw new AppError('NOT_FOUND', MESSAGES.draftNotFound);
      return draft;
    },
  }),
  getCampaignDrafts: t.field({
    ...access('campaignCreation.read'),
    type: [CampaignDraftRowRef],
    description: "The company's campaign drafts, newest first",
    resolve: (_root, _args, { app, auth }) => listDrafts(app.db, requireTeam(auth).teamId),
  }),
}));

builder.queryFields((t) => ({
  campaignCreation: t.field({
    ...access('campaignCreation.read'),
    type: CampaignCreationResultRef,
    nullable: true,
    description: 'What a creation has made in Apple so far, by its idempotency key; null if none',
    args: { idempotencyKey: t.arg.id({ required: true }) },
    resolve: (_root, args, { app, auth }) =>
      readCreation(app.db, requireTeam(auth).teamId, String(args.idempotencyKey)),
  }),
}));

builder.mutationFields((t) => ({
  saveCampaignDraft: t.field({
    ...access('campaignCreation.write'),
    type: CampaignDraftRef,
    description: 'Creates a draft (no id) or replaces one; answers the saved draft',
    args: { input: t.arg({ type: 'JSON', required: true }) },
    resolve: (_root, args, { app, auth }) => {
      const { teamId, userId } = requireTeam(auth);
      return saveCampaignDraft(app.db, { teamId, userId }, args.input);
    },
  }),
  deleteCampaignDraft: t.field({
    ...access('campaignCreation.write'),
    type: 'Boolean',
    args: { id: t.arg.id({ required: true }) },
    resolve: (_root, args, { app, auth }) =>
      deleteDraft(app.db, requireTeam(auth).teamId, String(args.id)),
  }),
  createCampaign: t.field({
    ...access('campaignCreation.write'),
    type: CampaignCreationResultRef,
    description:
      'Creates the campaign in Apple; the same idempotency key resumes a stopped creation',
    args: {
      input: t.arg({ type: 'JSON', required: true }),
      idempotencyKey: t.arg.id({ required: true }),
      draftId: t.arg.id({ required: false }),
    },
    resolve: (_root, args, { app, auth }) =>
      createCampaign(
        app,
        writeActorOf(requireTeam(auth), 'campaignCreation', 'campaignCreation.write'),
        {
          input: args.input,
          idempotencyKey: args.idempotencyKey,
          draftId: args.draftId,
        },
      ),
  }),
  addAdGroup: t.field({
    ...access('campaignCreation.write'),
    type: CampaignCreationResultRef,
    description:
      'Adds one wizard ad group (WizardAdGroup: keywords, negatives, ads) to a campaign in Apple; ' +
      'the same idempotency key resumes a stopped addition',
    args: {
      adAccountId: t.arg.float({ required: true }),
      campaignId: t.arg.float({ required: true }),
      adGroup: t.arg({ type: 'JSON', required: true }),
      idempotencyKey: t.arg.id({ required: true }),
    },
    resolve: (_root, args, { app, auth }) =>
      addAdGroup(
        app,
        writeActorOf(requireTeam(auth), 'campaignCreation', 'campaignCreation.write'),
        args,
      ),
  }),
  addAds: t.field({
    ...access('campaignCreation.write'),
    type: CampaignCreationResultRef,
    description:
      'Adds ads (WizardAd: name and product page) to an ad group in Apple; the same idempotency ' +
      'key resumes a stopped addition',
    args: {
      adAccountId: t.arg.float({ required: true }),
      adGroupId: t.arg.float({ required: true }),
      ads: t.arg({ type: 'JSON', required: true }),
      idempotencyKey: t.arg.id({ required: true }),
    },
    resolve: (_root, args, { app, auth }) =>
      addAds(
        app,
        writeActorOf(requireTeam(auth), 'campaignCreation', 'campaignCreation.write'),
        args,
      ),
  }),
}));

const CountryEligibilityRef = builder
  .objectRef<CountryEligibility>('CountryEligibility')
  .implement({
    fields: (t) => ({
      country: t.exposeString('country'),
      eligible: t.exposeBoolean('eligible'),
      deviceClasses: t.exposeStringList('deviceClasses'),
      minAge: t.exposeInt('minAge', { nullable: true }),
    }),
  });

builder.queryFields((t) => ({
  getAppEligibility: t.field({
    ...access('campaignCreation.read'),
    type: [CountryEligibilityRef],
    description: "Where the app may run on the placement, per country (Apple's app eligibility)",
    args: {
      adAccountId: t.arg.float({ required: true }),
      adamId: t.arg.float({ required: true }),
      placement: t.arg.string({ required: true }),
    },
    resolve: (_root, args, { app, auth }) =>
      appEligibility(app, requireTeam(auth).teamId, appEligibilityArgsSchema.parse(args)),
  }),
}));
