// GraphQL of AI keyword suggestions (docs/api/keyword-ai.md): names and arguments are the
// spec's. Reading needs keywordAnalysis.read, generating keywordAnalysis.write, and setting a
// member's credits is staff's (staff.companies.write).
import type { AiCredits, GlobalAiCredits, SuggestedKeyword } from '@tapwise/contracts';
import { requireAuth, requireTeam } from '../../platform/auth/auth-context';
import { access } from '../../platform/graphql/access-guard';
import { builder } from '../../platform/graphql/builder';
import {
  generateKeywords,
  getCredits,
  getGlobalCredits,
  listModels,
  listSuggestiveModels,
  memberAiCredits,
  setAiCredits,
  suggestionLists,
} from './keyword-ai.service';
import type { SuggestionListRow } from './suggestion-lists.repository';

const SuggestedKeywordRef = builder.objectRef<SuggestedKeyword>('SuggestedKeyword').implement({
  description: 'A suggested keyword after grounding, with its App Store and Apple Ads facts',
  fields: (t) => ({
    text: t.exposeString('text'),
    popularity: t.exposeInt('popularity', { nullable: true, description: 'v1 popularity, 1-5' }),
    organicRank: t.exposeInt('organicRank', { nullable: true }),
    totalApps: t.exposeInt('totalApps'),
    alreadyBid: t.exposeBoolean('alreadyBid'),
  }),
});

const KeywordSuggestionListRef = builder
  .objectRef<SuggestionListRow>('KeywordSuggestionList')
  .implement({
    description: 'One generation of AI keyword suggestions; empty keywords: Apple has none',
    fields: (t) => ({
      id: t.exposeID('id'),
      adamId: t.exposeFloat('adamId'),
      storefront: t.exposeString('storefront'),
      model: t.exposeString('model'),
      seed: t.exposeString('seed', { nullable: true }),
      competitorAdamId: t.exposeFloat('competitorAdamId', { nullable: true }),
      keywords: t.expose('keywords', { type: [SuggestedKeywordRef] }),
      createdAt: t.string({ resolve: (list) => list.createdAt.toISOString() }),
    }),
  });

const AiCreditsRef = builder.objectRef<AiCredits>('AiCredits').implement({
  fields: (t) => ({
    remainingUsage: t.exposeInt('remainingUsage'),
    usageLimit: t.exposeInt('usageLimit'),
    refillsOn: t.exposeString('refillsOn', { description: 'YYYY-MM-DD, UTC' }),
    isFilledManually: t.exposeBoolean('isFilledManually'),
  }),
});

const GlobalAiCreditsRef = builder.objectRef<GlobalAiCredits>('GlobalAiCredits').implement({
  fields: (t) => ({
    globalLimit: t.exposeInt('globalLimit'),
    used: t.exposeInt('used'),
    refillsOn: t.exposeString('refillsOn', { description: 'YYYY-MM-DD, UTC' }),
  }),
});

builder.queryFields((t) => ({
  listModels: t.field({
    ...access('keywordAnalysis.read', { feature: 'keywordAi' }),
    type: ['String'],
    description: 'Every model the configured endpoint lists',
    resolve: (_root, _args, { app, auth }) => listModels(app, requireTeam(auth).teamId),
  }),
  listSuggestiveModels: t.field({
    ...access('keywordAnalysis.read', { feature: 'keywordAi' }),
    type: ['String'],
    description: 'The models offered for suggestions, the default first',
    resolve: (_root, _args, { app, auth }) => listSuggestiveModels(app, requireTeam(auth).teamId),
  }),
  suggestedKeywordListKAI: t.field({
    ...access('keywordAnalysis.read', { feature: 'keywordAi' }),
    type: [KeywordSuggestionListRef],
    description: "The company's suggestion lists, newest first",
    args: { adamId: t.arg.float({ required: false }) },
    resolve: (_root, { adamId }, { app, auth }) =>
      suggestionLists(app, requireTeam(auth).teamId, adamId ?? null),
  }),
  getCredits: t.field({
    ...access('keywordAnalysis.read', { feature: 'keywordAi' }),
    type: AiCreditsRef,
    description: "The signed-in member's AI credits",
    resolve: (_root, _args, { app, auth }) => getCredits(app, requireAuth(auth).userId),
  }),
  memberAiCredits: t.field({
    ...access('staff.companies.read'),
    type: AiCreditsRef,
    description: "A member's AI credits, for staff setting them",
    args: { userId: t.arg.id({ required: true }) },
    resolve: (_root, args, { app }) => memberAiCredits(app, String(args.userId)),
  }),
  getGlobalCredits: t.field({
    ...access('keywordAnalysis.read', { feature: 'keywordAi' }),
    type: GlobalAiCreditsRef,
    description: "The installation's monthly limit and this month's use",
    resolve: (_root, _args, { app }) => getGlobalCredits(app),
  }),
}));

builder.mutationFields((t) => ({
  generateKeywords: t.field({
    ...access('keywordAnalysis.write', { feature: 'keywordAi' }),
    type: KeywordSuggestionListRef,
    description: 'Asks the model for keywords for an app and grounds them; spends one credit',
    args: {
      adamId: t.arg.float({ required: true }),
      storefront: t.arg.string({ required: true }),
      model: t.arg.string({ required: false }),
      seed: t.arg.string({ required: false }),
      competitorAdamId: t.arg.float({ required: false }),
    },
    resolve: (_root, args, { app, auth }) => {
      const caller = requireTeam(auth);
      return generateKeywords(app, { userId: caller.userId, teamId: caller.teamId }, args);
    },
  }),
  setAiCredits: t.field({
    ...access('staff.companies.write'),
    type: AiCreditsRef,
    description: "Staff set a member's credits by hand",
    args: {
      userId: t.arg.id({ required: true }),
      usageLimit: t.arg.int({ required: true }),
      remainingUsage: t.arg.int({ required: true }),
    },
    resolve: (_root, args, { app }) => setAiCredits(app, { ...args, userId: String(args.userId) }),
  }),
}));
