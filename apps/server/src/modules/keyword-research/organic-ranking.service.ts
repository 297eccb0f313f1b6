// Organic keyword ranking (docs/keyword-research.md): a company tracks keywords for its own apps
// per storefront; each UTC day records the app's organic rank (its position in the storefront's
// App Store search), the search's total apps and the term's popularity.
import {
  addDays,
  utcToday,
  ORGANIC_RANKING_MESSAGES,
  RANK_HISTORY_MAX_DAYS,
  TRACK_KEYWORDS_MAX_TERMS,
  TRACKED_KEYWORDS_MAX,
  rankDaysSchema,
  researchLocaleSchema,
  trackKeywordsInputSchema,
  type RankPoint,
  type ResearchStorefront,
  type TrackedKeywordRow,
} from '@tapwise/contracts';
import { z } from 'zod';
import { AppError } from '../../platform/errors';
import type { Database } from '../../platform/db/database';
import type { AppContext } from '../app-context';
import { openResearch, organicRankOf, popularityOf, type ResearchSources } from './keyword-facts';
import * as repo from './tracked-keywords.repository';

type Ctx = { db: Database };
/** What opening a company's research sources needs. */
type SourcesCtx = Pick<AppContext, 'db' | 'config' | 'secrets' | 'logger'>;
const notFound = () => new AppError('NOT_FOUND', ORGANIC_RANKING_MESSAGES.notFound);
const uuid = z.uuid();

/** YYYY-MM-DD of the UTC day `offset` days from `now`'s. */
const utcDay = (now: Date, offset = 0) => addDays(utcToday(now), offset);

const filterSchema = z.object({
  adamId: z.coerce.number().int().positive().optional(),
  location: researchLocaleSchema.shape.location.unwrap().optional(),
});

async function appNames(db: Database, teamId: string) {
  const own = await repo.ownApps(db, teamId);
  return new Map(own.map((app) => [app.adamId, app.name]));
}

/** Rows with their rank now and the rank on or before `since` (else the oldest in the window). */
async function withRanks(
  db: Database,
  teamId: string,
  tracked: repo.TrackedKeyword[],
  since: string | null,
  windowStart: string,
): Promise<TrackedKeywordRow[]> {
  const names = await appNames(db, teamId);
  const snapshots = await repo.snapshotsSince(
    db,
    teamId,
    tracked.map((row) => row.id),
    windowStart,
  );
  return tracked.map((row) => {
    const own = snapshots.filter((s) => s.trackedKeywordId === row.id);
    const latest = own[0];
    const before = since ? (own.find((s) => s.day <= since && s !== latest) ?? own.at(-1)) : own[1];
    const previous = before === latest ? undefined : before;
    const organicRank = latest?.organicRank ?? null;
    const previousRank = previous?.organicRank ?? null;
    return {
      id: row.id,
      adamId: String(row.adamId),
      appName: names.get(row.adamId) ?? null,
      location: row.location,
      language: row.language,
      device: row.device,
      term: row.term,
      organicRank,
      previousRank,
      change: organicRank !== null && previousRank !== null ? previousRank - organicRank : null,
      popularity: latest?.popularity ?? null,
      totalApps: latest?.totalApps ?? null,
      lastCheckedAt: latest?.takenAt.toISOString() ?? null,
    };
  });
}

export async function listTracked(ctx: Ctx, teamId: string, rawFilter: unknown, now = new Date()) {
  const filter = filterSchema.parse(rawFilter);
  const tracked = await repo.listTrackedKeywords(ctx.db, teamId, filter);
  return withRanks(ctx.db, teamId, tracked, null, utcDay(now, -RANK_HISTORY_MAX_DAYS));
}

/** The biggest changes of rank over `days`: gains first, then losses, `limit` of each at most. */
export async function rankMovers(ctx: Ctx, teamId: string, raw: unknown, now = new Date()) {
  const args = filterSchema
    .extend({
      days: rankDaysSchema.default(7),
      limit: z.number().int().min(1).max(100).default(10),
    })
    .parse(raw);
  const tracked = await repo.listTrackedKeywords(ctx.db, teamId, args);
  const rows = await withRanks(
    ctx.db,
    teamId,
    tracked,
    utcDay(now, -args.days),
    utcDay(now, -args.days),
  );
  const moved = rows.filter((row) => row.change !== null && row.change !== 0);
  const gains = moved.filter((row) => row.change! > 0).sort((a, b) => b.change! - a.change!);
  const losses = moved.filter((row) => row.change! < 0).sort((a, b) => a.change! - b.change!);
  return [...gains.slice(0, args.limit), ...losses.slice(0, args.limit)];
}

/**
 * Searches each keyword's term in its storefront and records the day's snapshots (once per
 * keyword and day); popularity is asked once per storefront.
 */
async function snapshotKeywords(
  sources: ResearchSources,
  due: readonly repo.TrackedKeyword[],
  day: string,
) {
  const byLocation = new Map<string, repo.TrackedKeyword[]>();
  for (const keyword of due) {
    byLocation.set(keyword.location, [...(byLocation.get(keyword.location) ?? []), keyword]);
  }
  for (const [location, keywords] of byLocation) {
    const popularity = await popularityOf(
      sources,
      keywords.map((k) => k.term),
      location,
    );
    for (const keyword of keywords) {
      // Stored locations passed the contracts' storefront check when tracked.
      const locale = { ...keyword, location: keyword.location as ResearchStorefront };
      const { organicRank, totalApps } = await organicRankOf(
        sources,
        keyword.adamId,
        keyword.term,
        locale,
      );
      await repo.recordSnapshot(sources.db, keyword.teamId, {
        trackedKeywordId: keyword.id,
        day,
        organicRank,
        totalApps,
        popularity: popularity.get(keyword.term.toLowerCase())?.popularity ?? null,
      });
    }
  }
}

/** Snapshots the team's keywords that have none for the day; answers how many it took. */
export async function snapshotTeam(ctx: SourcesCtx, teamId: string, now: Date) {
  const due = await repo.keywordsWithoutSnapshot(ctx.db, teamId, utcDay(now));
  if (due.length === 0) return 0;
  await snapshotKeywords(await openResearch(ctx, teamId, null), due, utcDay(now));
  return due.length;
}

export async function trackKeywords(
  ctx: SourcesCtx,
  caller: { teamId: string; userId: string },
  raw: unknown,
  now = new Date(),
) {
  const input = trackKeywordsInputSchema.parse(raw);
  if (input.terms.length > TRACK_KEYWORDS_MAX_TERMS) {
    throw new AppError('BAD_REQUEST', ORGANIC_RANKING_MESSAGES.tooManyTerms);
  }
  const adamId = Number(input.adamId);
  if (!(await appNames(ctx.db, caller.teamId)).has(adamId)) {
    throw new AppError('BAD_REQUEST', ORGANIC_RANKING_MESSAGES.notOwnApp);
  }
  // The App Store's search ignores case, so a term is tracked once whatever its case.
  const terms = [...new Set(input.terms.map((term) => term.toLowerCase()))];
  const rows = terms.map((term) => ({
    adamId,
    location: input.location,
    language: input.language,
    device: input.device,
    term,
  }));
  const known = await repo.listTrackedKeywords(ctx.db, caller.teamId, {
    adamId,
    location: input.location,
  });
  const added = rows.filter(
    (row) => !known.some((k) => k.device === row.device && k.term === row.term),
  );
  const tracked = await repo.countTrackedKeywords(ctx.db, caller.teamId);
  if (tracked + added.length > TRACKED_KEYWORDS_MAX) {
    throw new AppError('BAD_REQUEST', ORGANIC_RANKING_MESSAGES.capReached);
  }
  const saved = await repo.trackKeywords(ctx.db, caller.teamId, caller.userId, rows);
  // The first snapshot at once, so the table shows a rank right away. The keywords stay tracked
  // when the App Store or Apple fails now: the daily snapshot takes them later.
  const day = utcDay(now);
  const due = new Set(
    (await repo.keywordsWithoutSnapshot(ctx.db, caller.teamId, day)).map((k) => k.id),
  );
  try {
    const sources = await openResearch(ctx, caller.teamId, adamId);
    await snapshotKeywords(
      sources,
      saved.filter((k) => due.has(k.id)),
      day,
    );
  } catch (error) {
    ctx.logger.warn({ teamId: caller.teamId, err: error }, 'first organic rank snapshot failed');
  }
  return withRanks(ctx.db, caller.teamId, saved, null, utcDay(now, -RANK_HISTORY_MAX_DAYS));
}

export async function untrackKeywords(ctx: Ctx, teamId: string, ids: readonly string[]) {
  const valid = ids.filter((id) => uuid.safeParse(id).success);
  return repo.untrackKeywords(ctx.db, teamId, valid);
}

const micros = (value: string | number) => (Number(value) / 1_000_000).toFixed(2);

/** Day by day over `days` up to today: rank and popularity (null on days without a snapshot). */
export async function rankHistory(
  ctx: Ctx,
  teamId: string,
  raw: { trackedKeywordId: string; days?: number | null },
  now = new Date(),
): Promise<RankPoint[]> {
  const id = uuid.safeParse(raw.trackedKeywordId);
  if (!id.success) throw notFound();
  const keyword = await repo.findTrackedKeyword(ctx.db, teamId, id.data);
  if (!keyword) throw notFound();
  const days = rankDaysSchema.parse(raw.days ?? 30);
  const from = utcDay(now, 1 - days);
  const to = utcDay(now);
  const snapshots = await repo.snapshotsSince(ctx.db, teamId, [keyword.id], from);
  const facts = await repo.keywordFactsByDay(ctx.db, teamId, {
    adamId: keyword.adamId,
    location: keyword.location,
    term: keyword.term,
    from,
    to,
  });
  return Array.from({ length: days }, (_, index) => {
    const day = utcDay(now, index + 1 - days);
    const snapshot = snapshots.find((s) => s.day === day);
    const fact = facts.find((f) => f.day === day);
    return {
      day,
      organicRank: snapshot?.organicRank ?? null,
      popularity: snapshot?.popularity ?? null,
      localSpend: micros(fact?.spendMicros ?? 0),
      taps: Number(fact?.taps ?? 0),
      installs: Number(fact?.installs ?? 0),
    };
  });
}
