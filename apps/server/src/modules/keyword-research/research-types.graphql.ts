// The GraphQL object types keyword research shares across its operations and data requests
// (docs/keyword-research.md "GraphQL"): define them once here and reuse the refs.
import type {
  AppForKeyword,
  KeywordRanking,
  OwnKeywordFacts,
  ResearchApp,
  SuggestedCompetitor,
  TopCategoryApp,
} from '@tapwise/contracts';
import { builder } from '../../platform/graphql/builder';

export const ResearchAppRef = builder.objectRef<ResearchApp>('ResearchApp').implement({
  description: 'An App Store app as keyword research shows it',
  fields: (t) => ({
    application_id: t.exposeID('application_id', { description: "Apple's adamId" }),
    title: t.exposeString('title'),
    icon: t.exposeString('icon'),
    genres: t.exposeStringList('genres'),
    rating: t.exposeFloat('rating', { nullable: true }),
    developer: t.exposeString('developer'),
    version: t.exposeString('version', { nullable: true }),
    price: t.exposeFloat('price'),
    currency: t.exposeString('currency'),
    rating_count: t.exposeInt('rating_count'),
    power: t.exposeFloat('power', { nullable: true }),
    in_apps: t.exposeBoolean('in_apps', { nullable: true }),
  }),
});

export const OwnKeywordFactsRef = builder.objectRef<OwnKeywordFacts>('OwnKeywordFacts').implement({
  description: "The company's keywords with this text and their facts over the window",
  fields: (t) => ({
    keywordIds: t.exposeIDList('keywordIds'),
    localSpend: t.exposeString('localSpend', { description: 'Decimal, 2 places' }),
    currency: t.exposeString('currency'),
    impressions: t.exposeInt('impressions'),
    taps: t.exposeInt('taps'),
    installs: t.exposeInt('installs'),
  }),
});

export const KeywordRankingRef = builder.objectRef<KeywordRanking>('KeywordRanking').implement({
  fields: (t) => ({
    keyword: t.exposeString('keyword'),
    appid: t.exposeID('appid', { nullable: true }),
    rank: t.exposeInt('rank'),
    popularity: t.exposeInt('popularity', { nullable: true }),
    totalApps: t.exposeInt('totalApps', { nullable: true }),
    organicRank: t.exposeInt('organicRank', { nullable: true }),
    totalDownloads: t.exposeInt('totalDownloads', { nullable: true }),
    volume: t.exposeInt('volume', { nullable: true, description: 'Estimated daily searches' }),
    percent_sov: t.exposeFloat('percent_sov', { nullable: true }),
    noOfKeywords: t.exposeInt('noOfKeywords', { nullable: true }),
    category: t.exposeString('category', { nullable: true }),
    own: t.expose('own', { type: OwnKeywordFactsRef, nullable: true }),
  }),
});

export const AppForKeywordRef = builder.objectRef<AppForKeyword>('AppForKeyword').implement({
  fields: (t) => ({
    rank: t.exposeInt('rank'),
    own: t.exposeBoolean('own'),
    app: t.expose('app', { type: ResearchAppRef }),
  }),
});

export const SuggestedCompetitorRef = builder
  .objectRef<SuggestedCompetitor>('SuggestedCompetitor')
  .implement({
    fields: (t) => ({
      rank: t.exposeInt('rank'),
      noOfKeywords: t.exposeInt('noOfKeywords'),
      percent_sov: t.exposeFloat('percent_sov'),
      app: t.expose('app', { type: ResearchAppRef }),
    }),
  });

export const TopCategoryAppRef = builder.objectRef<TopCategoryApp>('TopCategoryApp').implement({
  fields: (t) => ({
    rank: t.exposeInt('rank'),
    category: t.exposeString('category'),
    app: t.expose('app', { type: ResearchAppRef }),
  }),
});

/** The locale arguments every research operation takes (us, en, iphone when absent). */
export const localeArgs = builder.args((t) => ({
  location: t.string({ required: false }),
  language: t.string({ required: false }),
  device: t.string({ required: false }),
}));

/** The window of the company's own facts, YYYY-MM-DD (the last 30 days when absent). */
export const windowArgs = builder.args((t) => ({
  startDate: t.string({ required: false }),
  endDate: t.string({ required: false }),
}));
