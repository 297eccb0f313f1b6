// GraphQL of the ads manager's writes (docs/api/ads-manager.md, Writes). Thin: inputs are checked
// by the contracts' schemas in the services, every change goes through the Apple write gateway.
// Changes need adsManager.write; reading a bulk action's progress needs adsManager.read.
import type { WriteRowResult } from '@tapwise/contracts';
import { requireTeam } from '../../platform/auth/auth-context';
import { access } from '../../platform/graphql/access-guard';
import { builder } from '../../platform/graphql/builder';
import { withoutNulls } from '../../platform/graphql/common-types';
import {
  changeEntityStatus,
  changeKeywordBid,
  updateAdGroup,
  updateCampaign,
  type EntityWriteResult,
  type WriteResult,
} from './apple-writes.service';
import { readBulkAction, type BulkActionStatus } from './bulk-actions.service';
import {
  addNegativeKeywords,
  addTargetingKeywords,
  type AddKeywordsResult,
  type RefusedKeyword,
} from './keyword-additions';
import { transferKeywords } from './keyword-transfers';
import { writeActorOf } from './write-actor';
import { ReportRowRef } from '../ads-manager/ads-manager.graphql';

// Inputs.

const EntityRefInput = builder.inputType('EntityRefInput', {
  fields: (t) => ({
    id: t.float({ required: true }),
    modificationTime: t.string({
      required: false,
      description: "Apple's modificationTime of the copy the user saw",
    }),
  }),
});

const StatusChangeInput = builder.inputType('StatusChangeInput', {
  fields: (t) => ({
    adAccountId: t.float({ required: true }),
    level: t.string({
      required: true,
      description: 'campaign, adGroup, keyword, negativeKeyword, ad',
    }),
    action: t.string({ required: true, description: 'pause, resume or delete' }),
    entities: t.field({ type: [EntityRefInput], required: true }),
  }),
});

const CampaignEditInput = builder.inputType('CampaignEditInput', {
  fields: (t) => ({
    adAccountId: t.float({ required: true }),
    campaign: t.field({ type: EntityRefInput, required: true }),
    name: t.string({ required: false }),
    dailyBudget: t.string({ required: false }),
    countriesOrRegions: t.stringList({ required: false }),
    endTime: t.string({ required: false, description: 'null removes the end date' }),
  }),
});

const AgeRangeInput = builder.inputType('AgeRangeInput', {
  fields: (t) => ({
    min: t.int({ required: true }),
    max: t.int({ required: false }),
  }),
});

const AudienceTargetingInput = builder.inputType('AudienceTargetingInput', {
  fields: (t) => ({
    deviceClass: t.stringList({ required: false }),
    gender: t.string({ required: false }),
    age: t.field({ type: AgeRangeInput, required: false }),
    daypart: t.intList({ required: false }),
  }),
});

const AdGroupEditInput = builder.inputType('AdGroupEditInput', {
  fields: (t) => ({
    adAccountId: t.float({ required: true }),
    adGroup: t.field({ type: EntityRefInput, required: true }),
    name: t.string({ required: false }),
    defaultBid: t.string({ required: false }),
    cpaGoal: t.string({ required: false, description: 'Empty clears the CPA goal' }),
    automatedKeywordsOptIn: t.boolean({ required: false }),
    startTime: t.string({ required: false }),
    endTime: t.string({ required: false }),
    targeting: t.field({ type: AudienceTargetingInput, required: false }),
  }),
});

const KeywordBidInput = builder.inputType('KeywordBidInput', {
  fields: (t) => ({
    adAccountId: t.float({ required: true }),
    keyword: t.field({ type: EntityRefInput, required: true }),
    bid: t.string({ required: true }),
  }),
});

const NewKeywordInput = builder.inputType('NewKeywordInput', {
  fields: (t) => ({
    text: t.string({ required: true }),
    matchType: t.string({ required: true }),
    bid: t.string({ required: false }),
  }),
});

const AddKeywordsInput = builder.inputType('AddKeywordsInput', {
  fields: (t) => ({
    adAccountId: t.float({ required: true }),
    adGroupId: t.float({ required: true }),
    keywords: t.field({ type: [NewKeywordInput], required: true }),
  }),
});

const NewNegativeKeywordInput = builder.inputType('NewNegativeKeywordInput', {
  fields: (t) => ({
    text: t.string({ required: true }),
    matchType: t.string({ required: true }),
  }),
});

const AddNegativeKeywordsInput = builder.inputType('AddNegativeKeywordsInput', {
  fields: (t) => ({
    adAccountId: t.float({ required: true }),
    target: t.string({
      required: true,
      description: 'SELECTED_AD_GROUPS, ALL_AD_GROUPS_OF_SELECTED_CAMPAIGNS or SELECTED_CAMPAIGNS',
    }),
    campaignIds: t.floatList({ required: false }),
    adGroupIds: t.floatList({ required: false }),
    keywords: t.field({ type: [NewNegativeKeywordInput], required: true }),
  }),
});

const KeywordTransferInput = builder.inputType('KeywordTransferInput', {
  fields: (t) => ({
    adAccountId: t.float({ required: true }),
    mode: t.string({ required: true, description: 'move or copy' }),
    keywords: t.field({ type: [EntityRefInput], required: true }),
    targetAdGroupId: t.float({ required: true }),
  }),
});

// Results.

const WriteRowResultRef = builder.objectRef<WriteRowResult>('WriteRowResult').implement({
  fields: (t) => ({
    id: t.exposeFloat('id'),
    ok: t.exposeBoolean('ok'),
    message: t.exposeString('message', { nullable: true }),
  }),
});

const WriteResultRef = builder.objectRef<WriteResult>('WriteResult').implement({
  fields: (t) => ({
    successMessage: t.exposeString('successMessage'),
    results: t.field({ type: [WriteRowResultRef], resolve: (result) => result.results }),
    bulkActionId: t.exposeString('bulkActionId', {
      nullable: true,
      description: 'Set when the change runs as a bulk action; progress arrives on the socket',
    }),
  }),
});

const EntityWriteResultRef = builder.objectRef<EntityWriteResult>('EntityWriteResult').implement({
  fields: (t) => ({
    successMessage: t.exposeString('successMessage'),
    row: t.field({
      type: ReportRowRef,
      description: "The row's new entity fields; counts are zero (the client keeps its own)",
      resolve: (result) => result.row,
    }),
  }),
});

const RefusedKeywordRef = builder.objectRef<RefusedKeyword>('RefusedKeyword').implement({
  fields: (t) => ({
    text: t.exposeString('text'),
    matchType: t.exposeString('matchType'),
    message: t.exposeString('message'),
  }),
});

const AddKeywordsResultRef = builder.objectRef<AddKeywordsResult>('AddKeywordsResult').implement({
  fields: (t) => ({
    successMessage: t.exposeString('successMessage'),
    added: t.exposeInt('added'),
    refused: t.field({ type: [RefusedKeywordRef], resolve: (result) => result.refused }),
  }),
});

const BulkActionStatusRef = builder.objectRef<BulkActionStatus>('BulkActionStatus').implement({
  fields: (t) => ({
    bulkActionId: t.exposeString('bulkActionId'),
    total: t.exposeInt('total'),
    done: t.exposeInt('done'),
    status: t.exposeString('status', { description: 'RUNNING, DONE or FAILED' }),
    results: t.field({
      type: [WriteRowResultRef],
      nullable: true,
      description: 'Every row, once the action finished',
      resolve: (status) => status.results,
    }),
  }),
});

/**
 * Edits keep the nulls that mean something: endTime null removes the end date, a targeting
 * dimension set to null is cleared.
 */
function editInputOf(input: { endTime?: string | null; targeting?: unknown }) {
  return {
    ...(withoutNulls(input) as object),
    ...(input.endTime === null ? { endTime: null } : {}),
    ...(input.targeting ? { targeting: input.targeting } : {}),
  };
}

// Fields.

builder.queryFields((t) => ({
  bulkAction: t.field({
    ...access('adsManager.read'),
    type: BulkActionStatusRef,
    args: { id: t.arg.string({ required: true }) },
    resolve: (_root, { id }, { app, auth }) => readBulkAction(app, requireTeam(auth).teamId, id),
  }),
}));

builder.mutationFields((t) => ({
  changeEntityStatus: t.field({
    ...access('adsManager.write'),
    type: WriteResultRef,
    args: { input: t.arg({ type: StatusChangeInput, required: true }) },
    resolve: (_root, { input }, { app, auth }) =>
      changeEntityStatus(app, writeActorOf(requireTeam(auth)), withoutNulls(input)),
  }),
  updateCampaign: t.field({
    ...access('adsManager.write'),
    type: EntityWriteResultRef,
    args: { input: t.arg({ type: CampaignEditInput, required: true }) },
    resolve: (_root, { input }, { app, auth }) =>
      updateCampaign(app, writeActorOf(requireTeam(auth)), editInputOf(input)),
  }),
  updateAdGroup: t.field({
    ...access('adsManager.write'),
    type: EntityWriteResultRef,
    args: { input: t.arg({ type: AdGroupEditInput, required: true }) },
    resolve: (_root, { input }, { app, auth }) =>
      updateAdGroup(app, writeActorOf(requireTeam(auth)), editInputOf(input)),
  }),
  changeKeywordBid: t.field({
    ...access('adsManager.write'),
    type: EntityWriteResultRef,
    args: { input: t.arg({ type: KeywordBidInput, required: true }) },
    resolve: (_root, { input }, { app, auth }) =>
      changeKeywordBid(app, writeActorOf(requireTeam(auth)), withoutNulls(input)),
  }),
  addTargetingKeywords: t.field({
    ...access('adsManager.write'),
    type: AddKeywordsResultRef,
    args: { input: t.arg({ type: AddKeywordsInput, required: true }) },
    resolve: (_root, { input }, { app, auth }) =>
      addTargetingKeywords(app, writeActorOf(requireTeam(auth)), withoutNulls(input)),
  }),
  transferKeywords: t.field({
    ...access('adsManager.write'),
    type: WriteResultRef,
    description:
      'Moves or copies keywords to another ad group of the same app, with a result per keyword',
    args: { input: t.arg({ type: KeywordTransferInput, required: true }) },
    resolve: (_root, { input }, { app, auth }) =>
      transferKeywords(app, writeActorOf(requireTeam(auth)), withoutNulls(input)),
  }),
  addNegativeKeywords: t.field({
    ...access('adsManager.write'),
    type: AddKeywordsResultRef,
    args: { input: t.arg({ type: AddNegativeKeywordsInput, required: true }) },
    resolve: (_root, { input }, { app, auth }) =>
      addNegativeKeywords(app, writeActorOf(requireTeam(auth)), withoutNulls(input)),
  }),
}));
