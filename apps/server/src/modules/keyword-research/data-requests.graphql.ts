// GraphQL of keyword research's data requests (docs/keyword-research.md, GraphQL): the four
// operations that start one, the member's list, cancelling and retrying, and the rows of an app's
// latest keywords-for-app request. Reads need keywordAnalysis.read, the rest keywordAnalysis.write;
// inputs are checked by the contracts' schemas in the service.
import type {
  AppForKeyword,
  DataRequest,
  KeywordRanking,
  SuggestedCompetitor,
  TopCategoryApp,
} from '@tapwise/contracts';
import { requireTeam, type AuthContext } from '../../platform/auth/auth-context';
import { access } from '../../platform/graphql/access-guard';
import { appStoreIdArgument } from '../../platform/graphql/argument-forms';
import { builder } from '../../platform/graphql/builder';
import { withoutNulls } from '../../platform/graphql/common-types';
import {
  deleteDataRequest,
  getCategoryTop,
  getCompetitors,
  getDataRequests,
  latestAppKeywordsOf,
  retryDataRequest,
  searchByApp,
  searchByKeyword,
  type Paging,
  type StartedRequest,
} from './data-requests.service';
import {
  AppForKeywordRef,
  KeywordRankingRef,
  SuggestedCompetitorRef,
  TopCategoryAppRef,
  localeArgs,
  windowArgs,
} from './research-types.graphql';

const DataRequestRef = builder.objectRef<DataRequest>('DataRequest').implement({
  description: 'A background request of keyword research (spec 2 §3.2)',
  fields: (t) => ({
    id: t.exposeID('id'),
    _id: t.id({ resolve: (request) => request.id }),
    opId: t.exposeInt('opId'),
    status: t.exposeString('status', { description: 'RUNNING, DONE, FAILED or CANCELLED' }),
    completed: t.exposeBoolean('completed', {
      description: 'The request stopped (done, failed or cancelled): no progress bar waits on it',
    }),
    progress: t.exposeInt('progress'),
    totalCount: t.exposeInt('totalCount'),
    currentCount: t.exposeInt('currentCount'),
    missedCount: t.exposeInt('missedCount'),
    CountPref: t.exposeInt('CountPref'),
    keyword: t.exposeString('keyword', { nullable: true }),
    appId: t.exposeID('appId', { nullable: true }),
    appName: t.exposeString('appName', { nullable: true }),
    icon: t.exposeString('icon', { nullable: true }),
    location: t.exposeString('location'),
    language: t.exposeString('language'),
    device: t.exposeString('device'),
    catId: t.exposeInt('catId', { nullable: true }),
    catType: t.exposeString('catType', { nullable: true }),
    clientId: t.exposeString('clientId', { nullable: true }),
    startTime: t.exposeString('startTime'),
    endTime: t.exposeString('endTime', { nullable: true }),
    currentTime: t.exposeString('currentTime'),
    error: t.exposeString('error', { nullable: true }),
  }),
});

const PagingRef = builder.objectRef<Paging>('Paging').implement({
  fields: (t) => ({
    currPage: t.exposeInt('currPage'),
    itemsPerPage: t.exposeInt('itemsPerPage'),
    totalItems: t.exposeInt('totalItems'),
    totalPages: t.exposeInt('totalPages'),
  }),
});

type Started<Row> = StartedRequest<Row>;

const SearchByAppResultRef = builder
  .objectRef<Started<KeywordRanking>>('SearchByAppResult')
  .implement({
    fields: (t) => ({
      keywords: t.field({ type: [KeywordRankingRef], resolve: (result) => result.rows }),
      paging: t.field({ type: PagingRef, resolve: (result) => result.paging }),
      fromDB: t.exposeBoolean('fromDB'),
      request: t.field({ type: DataRequestRef, resolve: (result) => result.request }),
    }),
  });

const SearchByKeywordResultRef = builder
  .objectRef<Started<AppForKeyword>>('SearchByKeywordResult')
  .implement({
    fields: (t) => ({
      apps: t.field({ type: [AppForKeywordRef], resolve: (result) => result.rows }),
      paging: t.field({ type: PagingRef, resolve: (result) => result.paging }),
      fromDB: t.exposeBoolean('fromDB'),
      request: t.field({ type: DataRequestRef, resolve: (result) => result.request }),
    }),
  });

const CompetitorsResultRef = builder
  .objectRef<Started<SuggestedCompetitor>>('CompetitorsResult')
  .implement({
    fields: (t) => ({
      apps: t.field({ type: [SuggestedCompetitorRef], resolve: (result) => result.rows }),
      fromDB: t.exposeBoolean('fromDB'),
      request: t.field({ type: DataRequestRef, resolve: (result) => result.request }),
    }),
  });

const CategoryTopResultRef = builder
  .objectRef<Started<TopCategoryApp>>('CategoryTopResult')
  .implement({
    fields: (t) => ({
      apps: t.field({ type: [TopCategoryAppRef], resolve: (result) => result.rows }),
      fromDB: t.exposeBoolean('fromDB'),
      request: t.field({ type: DataRequestRef, resolve: (result) => result.request }),
    }),
  });

const DeleteDataRequestResultRef = builder
  .objectRef<{ code: number }>('DeleteDataRequestResult')
  .implement({ fields: (t) => ({ code: t.exposeInt('code') }) });

function askerOf(auth: AuthContext | null) {
  const caller = requireTeam(auth);
  return { teamId: caller.teamId, userId: caller.userId };
}

builder.queryFields((t) => {
  return {
    getDataRequests: t.field({
      ...access('keywordAnalysis.read'),
      type: [DataRequestRef],
      description: "The caller's data requests, newest first; `at` (epoch ms) keeps those since",
      args: { at: t.arg.float({ required: false }) },
      resolve: (_root, { at }, { app, auth }) => getDataRequests(app, askerOf(auth), at),
    }),
    AppKeywords: t.field({
      ...access('keywordAnalysis.read'),
      type: [KeywordRankingRef],
      description:
        "The app's keywords from the company's latest finished keywords-for-app request, as fetched",
      args: {
        appId: t.arg.id({ required: true, ...appStoreIdArgument }),
        ...localeArgs,
        ...windowArgs,
      },
      resolve: (_root, args, { app, auth }) =>
        latestAppKeywordsOf(app, requireTeam(auth).teamId, withoutNulls(args)),
    }),
    searchByAppReport: t.field({
      ...access('keywordAnalysis.read'),
      type: [KeywordRankingRef],
      description: "Every row of the app's latest finished keywords-for-app request, for export",
      args: {
        appId: t.arg.id({ required: true, ...appStoreIdArgument }),
        ...localeArgs,
      },
      resolve: (_root, args, { app, auth }) =>
        latestAppKeywordsOf(app, requireTeam(auth).teamId, withoutNulls(args)),
    }),
  };
});

builder.mutationFields((t) => {
  const pageArgs = {
    currPage: t.arg.int({ required: false }),
    itemsPerPage: t.arg.int({ required: false }),
  };
  const appArgs = {
    appId: t.arg.id({ required: true, ...appStoreIdArgument }),
    title: t.arg.string({ required: false }),
    icon: t.arg.string({ required: false }),
  };
  const clientId = { clientId: t.arg.string({ required: false }) };
  return {
    searchByApp: t.field({
      ...access('keywordAnalysis.write'),
      type: SearchByAppResultRef,
      description: "Starts (or answers from a day-old one) a request for the app's keywords",
      args: {
        ...appArgs,
        ...clientId,
        ...pageArgs,
        ...localeArgs,
        opId: t.arg.int({ required: false }),
        CountPref: t.arg.int({ required: false }),
      },
      resolve: (_root, args, { app, auth }) => searchByApp(app, askerOf(auth), withoutNulls(args)),
    }),
    searchByKeyword: t.field({
      ...access('keywordAnalysis.write'),
      type: SearchByKeywordResultRef,
      description: 'Starts (or answers from a day-old one) a request for the apps of a keyword',
      args: { keyword: t.arg.string({ required: true }), ...clientId, ...pageArgs, ...localeArgs },
      resolve: (_root, args, { app, auth }) =>
        searchByKeyword(app, askerOf(auth), withoutNulls(args)),
    }),
    getCompetitors: t.field({
      ...access('keywordAnalysis.write'),
      type: CompetitorsResultRef,
      description: "Starts (or answers from a day-old one) a request for the app's competitors",
      args: { ...appArgs, ...clientId, ...localeArgs },
      resolve: (_root, args, { app, auth }) =>
        getCompetitors(app, askerOf(auth), withoutNulls(args)),
    }),
    getCategoryTop: t.field({
      ...access('keywordAnalysis.write'),
      type: CategoryTopResultRef,
      description: "Starts (or answers from a day-old one) a request for a category's top chart",
      args: {
        catId: t.arg.int({ required: false }),
        type: t.arg.string({ required: false }),
        now: t.arg.float({ required: false }),
        ...clientId,
        ...localeArgs,
      },
      resolve: (_root, args, { app, auth }) =>
        getCategoryTop(app, askerOf(auth), withoutNulls(args)),
    }),
    deleteDataRequest: t.field({
      ...access('keywordAnalysis.write'),
      type: DeleteDataRequestResultRef,
      description:
        'Cancels a running request (its job stops at its next step) or deletes a finished one',
      args: { dr_id: t.arg.id({ required: true }) },
      resolve: (_root, { dr_id }, { app, auth }) =>
        deleteDataRequest(app, askerOf(auth), String(dr_id)),
    }),
    retryDataRequest: t.field({
      ...access('keywordAnalysis.write'),
      type: DataRequestRef,
      description: 'Continues a failed request from the rows it kept',
      args: { dr_id: t.arg.id({ required: true }) },
      resolve: (_root, { dr_id }, { app, auth }) =>
        retryDataRequest(app, askerOf(auth), String(dr_id)),
    }),
  };
});
