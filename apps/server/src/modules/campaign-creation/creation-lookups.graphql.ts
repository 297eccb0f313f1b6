// GraphQL of the wizard's live lookups in Apple (docs/campaign-creation.md): regions and cities
// for the one country chosen, and keyword suggestions for the app. Both need
// campaignCreation.read; the arguments are checked by the contracts' schemas.
import {
  GEO_TARGET_ENTITIES,
  type GeoSearchResult,
  type KeywordSuggestionRow,
} from '@tapwise/contracts';
import { requireTeam } from '../../platform/auth/auth-context';
import { access } from '../../platform/graphql/access-guard';
import { builder } from '../../platform/graphql/builder';
import { keywordSuggestions, searchGeo } from './creation-lookups.service';

const GeoTargetEntityEnum = builder.enumType('GeoTargetEntity', { values: GEO_TARGET_ENTITIES });

const GeoSearchResultRef = builder.objectRef<GeoSearchResult>('GeoSearchResult').implement({
  fields: (t) => ({
    id: t.exposeID('id', { description: 'The v1 geo id ad group targeting takes' }),
    displayName: t.exposeString('displayName'),
    entity: t.field({ type: GeoTargetEntityEnum, resolve: (geo) => geo.entity }),
    countryOrRegion: t.exposeString('countryOrRegion'),
    adminArea: t.exposeString('adminArea', { nullable: true }),
    locality: t.exposeString('locality', { nullable: true }),
  }),
});

const KeywordSuggestionRef = builder
  .objectRef<KeywordSuggestionRow>('KeywordSuggestion')
  .implement({
    fields: (t) => ({
      text: t.exposeString('text'),
      popularity: t.exposeInt('popularity', { description: '0-100, as Apple gives it' }),
    }),
  });

builder.queryFields((t) => ({
  searchGeo: t.field({
    ...access('campaignCreation.read'),
    type: [GeoSearchResultRef],
    description: "Regions or cities of a country matching a name, from the ad account's Apple",
    args: {
      adAccountId: t.arg.float({ required: true }),
      countryCode: t.arg.string({ required: true }),
      query: t.arg.string({ required: true, description: 'At least 2 characters' }),
      entity: t.arg({ type: GeoTargetEntityEnum, required: true }),
    },
    resolve: (_root, args, { app, auth }) => searchGeo(app, requireTeam(auth).teamId, args),
  }),
  getKeywordSuggestions: t.field({
    ...access('campaignCreation.read'),
    type: [KeywordSuggestionRef],
    description: "Apple's keyword suggestions for the app, popularity in the countries given",
    args: {
      adAccountId: t.arg.float({ required: true }),
      adamId: t.arg.float({ required: true }),
      countries: t.arg.stringList({ required: true }),
      seeds: t.arg.stringList({ required: false }),
    },
    resolve: (_root, args, { app, auth }) =>
      keywordSuggestions(app, requireTeam(auth).teamId, args),
  }),
}));
