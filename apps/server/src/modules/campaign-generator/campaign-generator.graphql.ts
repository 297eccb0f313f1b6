// GraphQL of the campaign generator (docs/api/campaign-generator.md): templates and drafts, the
// generations with their plan and progress. Settings and plans travel as JSON checked by the
// contracts' schemas. Reads need campaignGenerator.read, changes campaignGenerator.write.
import { GENERATOR_MESSAGES as MESSAGES, type GenerationCount } from '@tapwise/contracts';
import { requireTeam } from '../../platform/auth/auth-context';
import { AppError } from '../../platform/errors';
import { access } from '../../platform/graphql/access-guard';
import { builder } from '../../platform/graphql/builder';
import {
  deleteTemplate,
  findTemplate,
  listGenerations,
  listTemplates,
  type GenerationRow,
  type GeneratorTemplateRow,
} from './campaign-generator.repository';
import {
  editPlan,
  launchGeneration,
  previewGeneration,
  removeGeneration,
  requireGeneration,
  retryKeywords,
  saveTemplate,
} from './campaign-generator.service';

const GeneratorTemplateRef = builder
  .objectRef<GeneratorTemplateRow>('GeneratorTemplate')
  .implement({
    fields: (t) => ({
      id: t.exposeID('id'),
      name: t.exposeString('name'),
      isDraft: t.exposeBoolean('isDraft', {
        description:
          'A draft keeps whatever was typed (GeneratorDraftSettings); a template complete settings.',
      }),
      settings: t.field({ type: 'JSON', resolve: (template) => template.settings }),
      updatedAt: t.string({ resolve: (template) => template.updatedAt.toISOString() }),
    }),
  });

const GenerationCountRef = builder.objectRef<GenerationCount>('GenerationCount').implement({
  fields: (t) => ({ done: t.exposeInt('done'), total: t.exposeInt('total') }),
});

const GenerationProgressRef = builder
  .objectRef<GenerationRow['progress']>('GenerationProgress')
  .implement({
    fields: (t) => ({
      campaignsCreated: t.exposeBoolean('campaignsCreated'),
      adGroupsCreated: t.exposeBoolean('adGroupsCreated'),
      allDone: t.exposeBoolean('allDone'),
      campaigns: t.field({ type: GenerationCountRef, resolve: (p) => p.campaigns }),
      adGroups: t.field({ type: GenerationCountRef, resolve: (p) => p.adGroups }),
      keywords: t.field({ type: GenerationCountRef, resolve: (p) => p.keywords }),
    }),
  });

const CampaignGenerationRef = builder.objectRef<GenerationRow>('CampaignGeneration').implement({
  fields: (t) => ({
    id: t.exposeID('id'),
    adAccountId: t.exposeFloat('adAccountId'),
    adamId: t.exposeFloat('adamId'),
    settings: t.field({
      type: 'JSON',
      description: 'GeneratorSettings',
      resolve: (generation) => generation.settings,
    }),
    fetchedKeywords: t.field({
      type: 'JSON',
      nullable: true,
      description:
        'Researched keywords by segment (category, competitor), each { text, organicRank, ' +
        'popularity, totalApps }; null until fetched',
      resolve: (generation) => generation.fetchedKeywords,
    }),
    plan: t.field({
      type: 'JSON',
      nullable: true,
      description:
        'GeneratorPlan: every campaign, ad group, keyword and negative; null until keywords are fetched',
      resolve: (generation) => generation.plan,
    }),
    status: t.exposeString('status', {
      description:
        'FETCHING_KEYWORDS, KEYWORDS_FAILED, READY, WAITING_TO_SYNC, SYNCING, SYNC_COMPLETE, INCOMPLETE',
    }),
    progress: t.field({ type: GenerationProgressRef, resolve: (g) => g.progress }),
    failure: t.exposeString('failure', {
      nullable: true,
      description: "Why keyword fetching or creation stopped, in the spec's words; null otherwise",
    }),
    createdAt: t.string({ resolve: (generation) => generation.createdAt.toISOString() }),
    updatedAt: t.string({ resolve: (generation) => generation.updatedAt.toISOString() }),
  }),
});

builder.queryFields((t) => ({
  getDraftTemplate: t.field({
    ...access('campaignGenerator.read', { feature: 'campaignGenerator' }),
    type: GeneratorTemplateRef,
    args: { id: t.arg.id({ required: true }) },
    resolve: async (_root, args, { app, auth }) => {
      const template = await findTemplate(app.db, requireTeam(auth).teamId, String(args.id));
      if (!template) throw new AppError('NOT_FOUND', MESSAGES.templateNotFound);
      return template;
    },
  }),
  getDraftTemplateList: t.field({
    ...access('campaignGenerator.read', { feature: 'campaignGenerator' }),
    type: [GeneratorTemplateRef],
    description: "The company's generator templates and drafts, newest first",
    resolve: (_root, _args, { app, auth }) => listTemplates(app.db, requireTeam(auth).teamId),
  }),
  getCampGenList: t.field({
    ...access('campaignGenerator.read', { feature: 'campaignGenerator' }),
    type: [CampaignGenerationRef],
    description: "The company's generations, newest first",
    resolve: (_root, _args, { app, auth }) => listGenerations(app.db, requireTeam(auth).teamId),
  }),
  campaignGeneration: t.field({
    ...access('campaignGenerator.read', { feature: 'campaignGenerator' }),
    type: CampaignGenerationRef,
    args: { id: t.arg.id({ required: true }) },
    resolve: (_root, args, { app, auth }) =>
      requireGeneration(app, requireTeam(auth).teamId, String(args.id)),
  }),
}));

builder.mutationFields((t) => ({
  updateCampTemplate: t.field({
    ...access('campaignGenerator.write', { feature: 'campaignGenerator' }),
    type: GeneratorTemplateRef,
    description: 'Creates a template or draft (no id) or replaces one; names are unique',
    args: {
      id: t.arg.id({ required: false }),
      name: t.arg.string({ required: true }),
      isDraft: t.arg.boolean({ required: true }),
      settings: t.arg({ type: 'JSON', required: true }),
    },
    resolve: (_root, args, { app, auth }) => {
      const { teamId, userId } = requireTeam(auth);
      return saveTemplate(app, { teamId, userId }, args);
    },
  }),
  deleteTemplate: t.field({
    ...access('campaignGenerator.write', { feature: 'campaignGenerator' }),
    type: 'Boolean',
    args: { id: t.arg.id({ required: true }) },
    resolve: async (_root, args, { app, auth }) => {
      if (!(await deleteTemplate(app.db, requireTeam(auth).teamId, String(args.id))))
        throw new AppError('NOT_FOUND', MESSAGES.templateNotFound);
      return true;
    },
  }),
  previewCampaignGeneration: t.field({
    ...access('campaignGenerator.write', { feature: 'campaignGenerator' }),
    type: CampaignGenerationRef,
    description:
      'Starts a generation: a job fetches the category (opId 11) and competitor (opId 12) ' +
      'keywords, then computes the plan (READY, or KEYWORDS_FAILED)',
    args: { settings: t.arg({ type: 'JSON', required: true }) },
    resolve: (_root, args, { app, auth }) => {
      const { teamId, userId } = requireTeam(auth);
      return previewGeneration(app, { teamId, userId }, args.settings);
    },
  }),
  adKeyRetry: t.field({
    ...access('campaignGenerator.write', { feature: 'campaignGenerator' }),
    type: CampaignGenerationRef,
    description: 'Fetches the keywords again (KEYWORDS_FAILED or READY only)',
    args: { id: t.arg.id({ required: true }) },
    resolve: (_root, args, { app, auth }) => {
      const { teamId, userId } = requireTeam(auth);
      return retryKeywords(app, { teamId, userId }, String(args.id));
    },
  }),
  updateCampaignGenerationPlan: t.field({
    ...access('campaignGenerator.write', { feature: 'campaignGenerator' }),
    type: CampaignGenerationRef,
    description: "Replaces a READY generation's plan; names unique and free in the ad account",
    args: { id: t.arg.id({ required: true }), plan: t.arg({ type: 'JSON', required: true }) },
    resolve: (_root, args, { app, auth }) => {
      const { teamId, userId } = requireTeam(auth);
      return editPlan(app, { teamId, userId }, String(args.id), args.plan);
    },
  }),
  launchCampaignGeneration: t.field({
    ...access('campaignGenerator.write', { feature: 'campaignGenerator' }),
    type: CampaignGenerationRef,
    description:
      'Creates every campaign through the creation saga (WAITING_TO_SYNC, SYNCING, then ' +
      'SYNC_COMPLETE or INCOMPLETE); launching an INCOMPLETE generation again resumes it',
    args: { id: t.arg.id({ required: true }) },
    resolve: (_root, args, { app, auth }) => {
      const { teamId, userId } = requireTeam(auth);
      return launchGeneration(app, { teamId, userId }, String(args.id));
    },
  }),
  deleteCampaignGeneration: t.field({
    ...access('campaignGenerator.write', { feature: 'campaignGenerator' }),
    type: 'Boolean',
    description: 'Not while WAITING_TO_SYNC or SYNCING (CONFLICT)',
    args: { id: t.arg.id({ required: true }) },
    resolve: (_root, args, { app, auth }) =>
      removeGeneration(app, requireTeam(auth).teamId, String(args.id)),
  }),
}));
