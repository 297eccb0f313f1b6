// GraphQL of organic keyword ranking (docs/keyword-research.md): reads need
// keywordAnalysis.read, tracking and untracking keywordAnalysis.write.
import type { RankPoint, TrackedKeywordRow } from '@tapwise/contracts';
import { requireTeam } from '../../platform/auth/auth-context';
import { access } from '../../platform/graphql/access-guard';
import { builder } from '../../platform/graphql/builder';
import {
  listTracked,
  rankHistory,
  rankMovers,
  trackKeywords,
  untrackKeywords,
} from './organic-ranking.service';

const TrackedKeywordRef = builder.objectRef<TrackedKeywordRow>('TrackedKeyword').implement({
  fields: (t) => ({
    id: t.exposeID('id'),
    adamId: t.exposeID('adamId'),
    appName: t.exposeString('appName', { nullable: true }),
    location: t.exposeString('location'),
    language: t.exposeString('language'),
    device: t.exposeString('device'),
    term: t.exposeString('term'),
    organicRank: t.exposeInt('organicRank', {
      nullable: true,
      description: "The app's position in the storefront's search; null beyond the first 200",
    }),
    previousRank: t.exposeInt('previousRank', { nullable: true }),
    change: t.exposeInt('change', {
      nullable: true,
      description: 'Places gained (positive) or lost (negative) since the previous rank',
    }),
    popularity: t.exposeInt('popularity', { nullable: true }),
    totalApps: t.exposeInt('totalApps', { nullable: true }),
    lastCheckedAt: t.exposeString('lastCheckedAt', { nullable: true }),
  }),
});

const RankPointRef = builder.objectRef<RankPoint>('RankPoint').implement({
  fields: (t) => ({
    day: t.exposeString('day', { description: 'UTC day, YYYY-MM-DD' }),
    organicRank: t.exposeInt('organicRank', { nullable: true }),
    popularity: t.exposeInt('popularity', { nullable: true }),
    localSpend: t.exposeString('localSpend', {
      description: "Spend on the company's keywords with this text in the storefront, 2 places",
    }),
    taps: t.exposeInt('taps'),
    installs: t.exposeInt('installs'),
  }),
});

builder.queryFields((t) => ({
  trackedKeywords: t.field({
    ...access('keywordAnalysis.read'),
    type: [TrackedKeywordRef],
    description: "The company's tracked keywords with their latest organic rank",
    args: {
      adamId: t.arg.float({
        required: false,
        description: "The App Store id (Apple's ids travel as Float)",
      }),
      location: t.arg.string({ required: false }),
    },
    resolve: (_root, args, { app, auth }) =>
      listTracked(app, requireTeam(auth).teamId, {
        adamId: args.adamId ?? undefined,
        location: args.location ?? undefined,
      }),
  }),
  keywordRankHistory: t.field({
    ...access('keywordAnalysis.read'),
    type: [RankPointRef],
    description: "Day by day: organic rank, popularity and the company's ads on the same text",
    args: {
      trackedKeywordId: t.arg.id({ required: true }),
      days: t.arg.int({ required: false, defaultValue: 30 }),
    },
    resolve: (_root, args, { app, auth }) =>
      rankHistory(app, requireTeam(auth).teamId, {
        trackedKeywordId: String(args.trackedKeywordId),
        days: args.days,
      }),
  }),
  rankMovers: t.field({
    ...access('keywordAnalysis.read'),
    type: [TrackedKeywordRef],
    description: 'The biggest gains, then the biggest losses of organic rank over `days`',
    args: {
      adamId: t.arg.float({
        required: false,
        description: "The App Store id (Apple's ids travel as Float)",
      }),
      location: t.arg.string({ required: false }),
      days: t.arg.int({ required: false, defaultValue: 7 }),
      limit: t.arg.int({ required: false, defaultValue: 10 }),
    },
    resolve: (_root, args, { app, auth }) =>
      rankMovers(app, requireTeam(auth).teamId, {
        adamId: args.adamId ?? undefined,
        location: args.location ?? undefined,
        days: args.days ?? undefined,
        limit: args.limit ?? undefined,
      }),
  }),
}));

builder.mutationFields((t) => ({
  trackKeywords: t.field({
    ...access('keywordAnalysis.write'),
    type: [TrackedKeywordRef],
    description: "Tracks terms for one of the company's own apps; takes their first snapshot",
    args: {
      adamId: t.arg.float({
        required: true,
        description: "The App Store id (Apple's ids travel as Float)",
      }),
      terms: t.arg.stringList({ required: true }),
      location: t.arg.string({ required: false }),
      language: t.arg.string({ required: false }),
      device: t.arg.string({ required: false }),
    },
    resolve: (_root, args, { app, auth }) =>
      trackKeywords(app, requireTeam(auth), {
        adamId: String(args.adamId),
        terms: args.terms,
        location: args.location ?? undefined,
        language: args.language ?? undefined,
        device: args.device ?? undefined,
      }),
  }),
  untrackKeywords: t.field({
    ...access('keywordAnalysis.write'),
    type: 'Int',
    description: 'Stops tracking; answers how many of the ids were tracked by the company',
    args: { ids: t.arg.idList({ required: true }) },
    resolve: (_root, args, { app, auth }) =>
      untrackKeywords(app, requireTeam(auth).teamId, args.ids.map(String)),
  }),
}));
