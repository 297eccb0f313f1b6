// GraphQL of keyword research's direct reads (docs/keyword-research.md "GraphQL"): names and
// arguments are the spec's. All need keywordAnalysis.read; the service checks the arguments.
import { requireTeam } from '../../platform/auth/auth-context';
import { access } from '../../platform/graphql/access-guard';
import { appStoreIdArgument } from '../../platform/graphql/argument-forms';
import { builder } from '../../platform/graphql/builder';
import {
  appMetaData,
  biddingApps,
  keywordRankings,
  keywordRecommends,
  keywordStat,
  recommendationList,
  searchForApps,
  type BiddingAppRow,
  type KeywordStatRow,
} from './keyword-research.service';
import {
  AppForKeywordRef,
  KeywordRankingRef,
  localeArgs,
  OwnKeywordFactsRef,
  ResearchAppRef,
  windowArgs,
} from './research-types.graphql';
import { ticking } from '../onboarding/onboarding.service';

const KeywordStatRef = builder.objectRef<KeywordStatRow>('KeywordStat').implement({
  description: 'One of the company’s keywords with the text asked about, with its facts',
  fields: (t) => ({
    id: t.exposeID('id'),
    name: t.exposeString('name'),
    localSpend: t.exposeString('localSpend', { description: 'Decimal, 2 places' }),
    impressions: t.exposeInt('impressions'),
    taps: t.exposeInt('taps'),
    installs: t.exposeInt('installs'),
    goalEventCount: t.exposeInt('goalEventCount', { nullable: true }),
    currency: t.exposeString('currency'),
    adGroupId: t.exposeID('adGroupId'),
    adGroupName: t.exposeString('adGroupName'),
    campaignId: t.exposeID('campaignId'),
    campaignName: t.exposeString('campaignName'),
    matchType: t.exposeString('matchType'),
  }),
});

const BiddingAppRef = builder.objectRef<BiddingAppRow>('BiddingApp').implement({
  fields: (t) => ({
    rank: t.exposeInt('rank'),
    app: t.expose('app', { type: ResearchAppRef }),
    own: t.expose('own', { type: OwnKeywordFactsRef, nullable: true }),
  }),
});

builder.queryFields((t) => ({
  AppMetaData: t.field({
    ...access('keywordAnalysis.read'),
    type: [ResearchAppRef],
    description: 'App Store details of apps by id in a storefront',
    args: {
      appId: t.arg.idList({ required: true, ...appStoreIdArgument }),
      ...localeArgs,
    },
    resolve: (_root, args, { app, auth }) => appMetaData(app, requireTeam(auth).teamId, args),
  }),
  searchForApps: t.field({
    ...access('keywordAnalysis.read'),
    type: [AppForKeywordRef],
    description: "The storefront's search results for a term (num must be 100)",
    args: {
      term: t.arg.string({ required: true }),
      num: t.arg.int({ required: false, defaultValue: 100 }),
      ...localeArgs,
    },
    resolve: (_root, args, { app, auth }) => searchForApps(app, requireTeam(auth).teamId, args),
  }),
  KeywordRankings: t.field({
    ...access('keywordAnalysis.read'),
    type: [KeywordRankingRef],
    description: 'Popularity, organic rank, volume and own facts of terms for an app',
    args: {
      appId: t.arg.id({ required: true, ...appStoreIdArgument }),
      keyword: t.arg.stringList({ required: true }),
      ...localeArgs,
      ...windowArgs,
    },
    resolve: (_root, args, { app, auth }) => keywordRankings(app, requireTeam(auth).teamId, args),
  }),
  KeywordStat: t.field({
    ...access('keywordAnalysis.read'),
    type: [KeywordStatRef],
    description: "The company's keywords with this text in the storefront, with their facts",
    args: {
      keyword: t.arg.string({ required: true }),
      location: t.arg.string({ required: false }),
      ...windowArgs,
    },
    resolve: (_root, args, { app, auth }) => keywordStat(app, requireTeam(auth).teamId, args),
  }),
  BiddingApps: t.field({
    ...access('keywordAnalysis.read'),
    type: [BiddingAppRef],
    description: 'The apps competing for a term, with the company’s facts for its own',
    args: { keyword: t.arg.string({ required: true }), ...localeArgs, ...windowArgs },
    resolve: (_root, args, { app, auth }) => biddingApps(app, requireTeam(auth).teamId, args),
  }),
  KeywordRecomends: t.field({
    ...access('keywordAnalysis.read'),
    type: [KeywordRankingRef],
    description: 'Keyword ideas for an app near a term, most popular first',
    args: {
      appid: t.arg.id({ required: true, ...appStoreIdArgument }),
      country: t.arg.string({ required: false }),
      term: t.arg.string({ required: false }),
    },
    resolve: (_root, args, { app, auth }) => keywordRecommends(app, requireTeam(auth).teamId, args),
  }),
  getRecommendationList: t.field({
    ...access('keywordAnalysis.read'),
    type: [KeywordRankingRef],
    description: "Apple's keyword suggestions and the category's terms for an app, ranked",
    args: { appId: t.arg.id({ required: true, ...appStoreIdArgument }), ...localeArgs },
    resolve: (_root, args, { app, auth }) =>
      ticking(
        app.db,
        requireTeam(auth),
        'kaiRecom',
        recommendationList(app, requireTeam(auth).teamId, args),
      ),
  }),
}));
