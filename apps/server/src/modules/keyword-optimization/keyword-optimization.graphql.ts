// GraphQL of the keyword optimisation page (docs/api/keyword-optimization.md). Thin: the page's
// read is keyword-suggestions.service.ts, previews, applies and reverts bid-changes.service.ts.
// Reading and previewing need keywordOptimization.read; applying and reverting .write.
import { BID_CHANGES_MAX, type BidSuggestionReason } from '@tapwise/contracts';
import { z } from 'zod';
import { requireTeam } from '../../platform/auth/auth-context';
import { AppError } from '../../platform/errors';
import { access } from '../../platform/graphql/access-guard';
import { builder } from '../../platform/graphql/builder';
import { withoutNulls } from '../../platform/graphql/common-types';
import {
  applyBidChanges,
  listBidApplies,
  previewBidChanges,
  revertBidApply,
  type BidApply,
  type BidChangeLine,
} from './bid-changes.service';
import {
  readKeywordOptimization,
  readSuggestedChanges,
  type KeywordOptimizationPage,
  type KeywordOptimizationRow,
} from './keyword-suggestions.service';

const KeywordOptimizationSortInput = builder.inputType('KeywordOptimizationSortInput', {
  fields: (t) => ({
    column: t.string({ required: true, description: 'KEYWORD_OPTIMIZATION_SORT_COLUMNS' }),
    direction: t.string({ required: true, description: 'ASC or DESC' }),
  }),
});

const KeywordOptimizationInput = builder.inputType('KeywordOptimizationInput', {
  fields: (t) => ({
    adamId: t.float({ required: true }),
    lookbackDays: t.int({ required: false, description: '7, 14, 30 (default) or 90' }),
    campaignIds: t.floatList({ required: false }),
    adGroupIds: t.floatList({ required: false }),
    storefront: t.string({ required: false, description: 'A campaign storefront, e.g. US' }),
    matchType: t.string({ required: false, description: 'BROAD or EXACT' }),
    bidStrength: t.string({ required: false, description: 'STRONG, MODERATE or WEAK' }),
    hasSuggestion: t.boolean({ required: false }),
    search: t.string({ required: false, description: 'Part of the keyword text' }),
    sort: t.field({ type: KeywordOptimizationSortInput, required: false }),
    offset: t.int({ required: false }),
    limit: t.int({ required: false, description: '1-100, 50 by default' }),
  }),
});

const BidChangeInput = builder.inputType('BidChangeInput', {
  fields: (t) => ({
    adAccountId: t.float({ required: true }),
    keywordId: t.float({ required: true }),
    bid: t.string({ required: true, description: "The new bid in the keyword's currency" }),
  }),
});

const BidChangesInput = builder.inputType('BidChangesInput', {
  fields: (t) => ({
    changes: t.field({ type: [BidChangeInput], required: true }),
  }),
});

const ApplyBidChangesInput = builder.inputType('ApplyBidChangesInput', {
  fields: (t) => ({
    changes: t.field({ type: [BidChangeInput], required: true }),
    requestId: t.string({
      required: true,
      description: 'A UUID; repeating it applies nothing twice',
    }),
  }),
});

const BidSuggestionReasonRef = builder
  .objectRef<BidSuggestionReason>('BidSuggestionReason')
  .implement({
    fields: (t) => ({
      code: t.exposeString('code', { description: 'BID_SUGGESTION_REASONS' }),
      value: t.exposeFloat('value', { nullable: true }),
    }),
  });

const KeywordOptimizationRowRef = builder
  .objectRef<KeywordOptimizationRow>('KeywordOptimizationRow')
  .implement({
    fields: (t) => ({
      adAccountId: t.exposeFloat('adAccountId'),
      keywordId: t.exposeFloat('keywordId'),
      text: t.exposeString('text'),
      matchType: t.exposeString('matchType'),
      campaignId: t.exposeFloat('campaignId'),
      campaignName: t.exposeString('campaignName'),
      adGroupId: t.exposeFloat('adGroupId'),
      adGroupName: t.exposeString('adGroupName'),
      currency: t.exposeString('currency'),
      storefronts: t.exposeStringList('storefronts'),
      bidMicros: t.exposeFloat('bidMicros', { nullable: true }),
      spendMicros: t.exposeFloat('spendMicros'),
      impressions: t.exposeFloat('impressions'),
      taps: t.exposeFloat('taps'),
      installs: t.exposeFloat('installs', { description: 'Tap-through installs' }),
      cptMicros: t.exposeFloat('cptMicros', { nullable: true }),
      cpaMicros: t.exposeFloat('cpaMicros', { nullable: true }),
      conversionRate: t.exposeFloat('conversionRate', { nullable: true }),
      targetCpaMicros: t.exposeFloat('targetCpaMicros', { nullable: true }),
      targetCpaSource: t.exposeString('targetCpaSource', {
        nullable: true,
        description: 'CPA_GOAL or AD_GROUP_CPA',
      }),
      share: t.exposeFloat('share', { nullable: true, description: '0-1' }),
      rank: t.exposeFloat('rank', { nullable: true }),
      searchPopularity: t.exposeInt('searchPopularity', { nullable: true }),
      auctionPriceMicros: t.exposeFloat('auctionPriceMicros', {
        nullable: true,
        description: 'The CPT actually paid',
      }),
      appleSuggestedBidMicros: t.exposeFloat('appleSuggestedBidMicros', {
        nullable: true,
        description:
          "Apple's suggested bid from the newest DAILY keyword report synced (insights.bidRecommendation)",
      }),
      suggestedBidMicros: t.exposeFloat('suggestedBidMicros', { nullable: true }),
      suggestedChange: t.exposeFloat('suggestedChange', { nullable: true }),
      action: t.exposeString('action', { nullable: true, description: 'RAISE, LOWER or HOLD' }),
      reasons: t.field({ type: [BidSuggestionReasonRef], resolve: (row) => row.reasons }),
      suggestedMinMicros: t.exposeFloat('suggestedMinMicros', { nullable: true }),
      suggestedMaxMicros: t.exposeFloat('suggestedMaxMicros', { nullable: true }),
      bidStrength: t.exposeString('bidStrength', { nullable: true }),
      difficultyScore: t.exposeInt('difficultyScore', { nullable: true }),
    }),
  });

const KeywordOptimizationPageRef = builder
  .objectRef<KeywordOptimizationPage>('KeywordOptimizationPage')
  .implement({
    fields: (t) => ({
      from: t.exposeString('from'),
      to: t.exposeString('to'),
      total: t.exposeInt('total'),
      withSuggestion: t.exposeInt('withSuggestion'),
      rows: t.field({ type: [KeywordOptimizationRowRef], resolve: (page) => page.rows }),
    }),
  });

const BidChangeLineRef = builder.objectRef<BidChangeLine>('BidChangeLine').implement({
  fields: (t) => ({
    adAccountId: t.exposeFloat('adAccountId'),
    keywordId: t.exposeFloat('keywordId'),
    text: t.exposeString('text', { nullable: true }),
    currency: t.exposeString('currency', { nullable: true }),
    oldBidMicros: t.exposeFloat('oldBidMicros', { nullable: true }),
    requestedBidMicros: t.exposeFloat('requestedBidMicros'),
    newBidMicros: t.exposeFloat('newBidMicros', { nullable: true }),
    change: t.exposeFloat('change', { nullable: true }),
    capped: t.exposeBoolean('capped'),
    refusal: t.exposeString('refusal', { nullable: true, description: 'BID_CHANGE_REFUSALS' }),
    status: t.exposeString('status', { nullable: true, description: 'RULE_CHANGE_STATUSES' }),
    message: t.exposeString('message', { nullable: true }),
  }),
});

const BidApplyResultRef = builder
  .objectRef<{ successMessage: string; runId: string; lines: BidChangeLine[] }>('BidApplyResult')
  .implement({
    fields: (t) => ({
      successMessage: t.exposeString('successMessage'),
      runId: t.exposeString('runId'),
      lines: t.field({ type: [BidChangeLineRef], resolve: (result) => result.lines }),
    }),
  });

const BidApplyRef = builder.objectRef<BidApply>('BidApply').implement({
  fields: (t) => ({
    id: t.exposeString('id'),
    startedAt: t.expose('startedAt', { type: 'DateTime' }),
    finishedAt: t.expose('finishedAt', { type: 'DateTime', nullable: true }),
    status: t.exposeString('status'),
    triggeredBy: t.exposeString('triggeredBy', { nullable: true }),
    applied: t.exposeInt('applied'),
    failed: t.exposeInt('failed'),
    skipped: t.exposeInt('skipped'),
    reverted: t.exposeInt('reverted'),
    revertedAt: t.expose('revertedAt', { type: 'DateTime', nullable: true }),
    revertible: t.exposeBoolean('revertible'),
  }),
});

const BidRevertResultRef = builder
  .objectRef<{ successMessage: string; reverted: number; skipped: number }>('BidRevertResult')
  .implement({
    fields: (t) => ({
      successMessage: t.exposeString('successMessage'),
      reverted: t.exposeInt('reverted'),
      skipped: t.exposeInt('skipped'),
    }),
  });

/** A run id the caller sent; anything but a UUID is no apply of theirs. */
const applyId = (id: string) => {
  const parsed = z.uuid().safeParse(id);
  if (!parsed.success) throw new AppError('NOT_FOUND', 'No such apply.');
  return parsed.data;
};

builder.queryFields((t) => ({
  keywordOptimization: t.field({
    ...access('keywordOptimization.read'),
    type: KeywordOptimizationPageRef,
    description: "One page of an app's live keywords with their suggested bids",
    args: { input: t.arg({ type: KeywordOptimizationInput, required: true }) },
    complexity: (args) => (args.input.lookbackDays ?? 30) + (args.input.limit ?? 50),
    resolve: (_root, { input }, { app, auth }) =>
      readKeywordOptimization(app.db, requireTeam(auth).teamId, withoutNulls(input)),
  }),
  keywordOptimizationSuggestions: t.field({
    ...access('keywordOptimization.read'),
    type: [KeywordOptimizationRowRef],
    description: `Every row of the filters whose suggestion changes its bid (at most ${BID_CHANGES_MAX})`,
    args: { input: t.arg({ type: KeywordOptimizationInput, required: true }) },
    complexity: (args) => (args.input.lookbackDays ?? 30) + 100,
    resolve: (_root, { input }, { app, auth }) =>
      readSuggestedChanges(app.db, requireTeam(auth).teamId, withoutNulls(input), BID_CHANGES_MAX),
  }),
  keywordBidChangePreview: t.field({
    ...access('keywordOptimization.read'),
    type: [BidChangeLineRef],
    description: 'What applying these bids would do; nothing is sent',
    args: { input: t.arg({ type: BidChangesInput, required: true }) },
    resolve: (_root, { input }, { app, auth }) =>
      previewBidChanges(app, requireTeam(auth).teamId, input),
  }),
  keywordBidApplies: t.field({
    ...access('keywordOptimization.read'),
    type: [BidApplyRef],
    description: "The company's 20 newest applies",
    resolve: (_root, _args, { app, auth }) => listBidApplies(app, requireTeam(auth).teamId),
  }),
}));

builder.mutationFields((t) => ({
  applyKeywordBids: t.field({
    ...access('keywordOptimization.write'),
    type: BidApplyResultRef,
    args: { input: t.arg({ type: ApplyBidChangesInput, required: true }) },
    resolve: (_root, { input }, { app, auth }) => applyBidChanges(app, requireTeam(auth), input),
  }),
  revertKeywordBidApply: t.field({
    ...access('keywordOptimization.write'),
    type: BidRevertResultRef,
    args: { id: t.arg.string({ required: true }) },
    resolve: (_root, { id }, { app, auth }) => revertBidApply(app, requireTeam(auth), applyId(id)),
  }),
}));
