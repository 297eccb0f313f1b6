// GraphQL of strategic losing (docs/api/strategic-losing.md): one read, keywordOptimization.read.
// Its actions reuse the ads manager's writes (changeKeywordBid, addTargetingKeywords).
import {
  STRATEGIC_LOSING_SORTS,
  type StrategicLosingAnswer,
  type StrategicLosingKeyword,
  type StrategicLosingRow,
} from '@tapwise/contracts';
import { requireTeam } from '../../platform/auth/auth-context';
import { access } from '../../platform/graphql/access-guard';
import { builder } from '../../platform/graphql/builder';
import { strategicLosing } from './strategic-losing.service';

const StrategicLosingSortEnum = builder.enumType('StrategicLosingSort', {
  values: STRATEGIC_LOSING_SORTS,
});

const StrategicLosingInput = builder.inputType('StrategicLosingInput', {
  fields: (t) => ({
    adAccountId: t.float({ required: true }),
    adamId: t.float({ required: true }),
    storefront: t.string({ required: false, description: 'Two upper-case letters; all if absent' }),
    minPopularity: t.int({ required: false, description: "1-5, Apple's popularity band" }),
    maxShare: t.float({ required: false, description: '0-1' }),
    sort: t.field({ type: StrategicLosingSortEnum, required: false }),
    offset: t.int({ required: false, description: 'The first lost term of the page; 0 if absent' }),
    limit: t.int({ required: false, description: '1-500 lost terms; 50 if absent' }),
  }),
});

const StrategicLosingKeywordRef = builder
  .objectRef<StrategicLosingKeyword>('StrategicLosingKeyword')
  .implement({
    fields: (t) => ({
      keywordId: t.exposeFloat('keywordId'),
      adGroupId: t.exposeFloat('adGroupId'),
      campaignId: t.exposeFloat('campaignId'),
      text: t.exposeString('text'),
      matchType: t.exposeString('matchType'),
      bidMicros: t.exposeFloat('bidMicros', {
        nullable: true,
        description: "The keyword's bid, else its ad group's default bid",
      }),
      modificationTime: t.exposeString('modificationTime', { nullable: true }),
    }),
  });

const StrategicLosingRowRef = builder
  .objectRef<StrategicLosingRow>('StrategicLosingRow')
  .implement({
    fields: (t) => ({
      countryOrRegion: t.exposeString('countryOrRegion'),
      searchTerm: t.exposeString('searchTerm'),
      share: t.exposeFloat('share', { description: "0-1: the mean middle of Apple's daily bands" }),
      rank: t.exposeFloat('rank', { description: 'The mean rank over the days' }),
      searchPopularity: t.exposeInt('searchPopularity', { description: '1-5' }),
      days: t.exposeInt('days'),
      spendMicros: t.exposeFloat('spendMicros'),
      impressions: t.exposeInt('impressions'),
      taps: t.exposeInt('taps'),
      installs: t.exposeInt('installs'),
      cptMicros: t.exposeFloat('cptMicros', { nullable: true }),
      cpaMicros: t.exposeFloat('cpaMicros', { nullable: true }),
      spendToWinMicros: t.exposeFloat('spendToWinMicros', {
        nullable: true,
        description: 'Extra spend over the window to reach the top share band; null without spend',
      }),
      keywords: t.field({ type: [StrategicLosingKeywordRef], resolve: (row) => row.keywords }),
    }),
  });

const StrategicLosingRef = builder.objectRef<StrategicLosingAnswer>('StrategicLosing').implement({
  fields: (t) => ({
    windowStart: t.exposeString('windowStart', { description: 'UTC day, YYYY-MM-DD' }),
    windowEnd: t.exposeString('windowEnd', { description: 'UTC day, YYYY-MM-DD' }),
    currency: t.exposeString('currency', { description: "The ad account's currency" }),
    hasShareData: t.exposeBoolean('hasShareData'),
    storefronts: t.exposeStringList('storefronts'),
    total: t.exposeInt('total', {
      description: 'Lost terms matching the filters, over every page',
    }),
    rows: t.field({ type: [StrategicLosingRowRef], resolve: (answer) => answer.rows }),
  }),
});

builder.queryFields((t) => ({
  strategicLosing: t.field({
    ...access('keywordOptimization.read'),
    type: StrategicLosingRef,
    description: 'The search terms where the app loses impression share to rivals',
    args: { input: t.arg({ type: StrategicLosingInput, required: true }) },
    resolve: (_root, { input }, { app, auth }) =>
      strategicLosing(app.db, requireTeam(auth).teamId, {
        ...input,
        sort: input.sort ?? undefined,
        offset: input.offset ?? undefined,
        limit: input.limit ?? undefined,
      }),
  }),
}));
