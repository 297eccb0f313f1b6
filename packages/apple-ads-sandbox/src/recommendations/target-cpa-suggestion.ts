// The target-CPA suggestion for a promoted app (query-target-cpa-suggestion.md): the highest
// tap-install cost per install among the storefronts with at least 10 installs over the last 28
// days, all of the app's storefronts or those of a `countryOrRegion IN` filter, with the market
// that produced it. A campaign counts for every storefront it targets (choice). Without an
// eligible market (choice): what the category's auctions would cost at a typical conversion rate.
import { categoryOf, termPopularity, type CatalogueApp } from '../model/catalogue.js';
import { DeliveryMemo, competitorPriceCents } from '../model/delivery.js';
import { money } from '../model/money.js';
import type { SandboxStore } from '../model/store.js';
import { campaignPerformance } from './campaign-performance.js';
import { filterValues, parseRecommendationQuery, promotedAppOf } from './recommendation-query.js';
import { storefrontOf } from './keyword-suggestions.js';

const LOOKBACK_DAYS = 28;
const MIN_INSTALLS = 10;
const TYPICAL_INSTALL_RATE = 0.45;

export function targetCpaSuggestion(store: SandboxStore, adAccountId: number, body: unknown) {
  const query = parseRecommendationQuery('/suggestions/target-cpas/query', body);
  const app = promotedAppOf(store, adAccountId, query);
  const asked = filterValues(query, 'countryOrRegion');
  const markets = marketTotals(store, adAccountId, app, asked);
  let best: { country: string; cpaCents: number } | null = null;
  for (const [country, totals] of markets)
    if (totals.installs >= MIN_INSTALLS) {
      const cpaCents = totals.spendCents / totals.installs;
      if (!best || cpaCents > best.cpaCents) best = { country, cpaCents };
    }
  if (!best) {
    const country = asked?.[0] ?? storefrontOf(store, adAccountId, app);
    best = { country, cpaCents: categoryCostPerTap(app, country) / TYPICAL_INSTALL_RATE };
  }
  return {
    result: {
      promotedObjectId: String(app.adamId),
      suggestedTargetCPA: money(
        Math.max(1, Math.round(best.cpaCents)),
        store.accountOf(adAccountId).currency,
      ),
      countryOrRegion: [best.country],
      appCategory: app.primaryGenreName,
    },
    // recommendationquerytargetcpasuggestionresponse.md: one result, so pagination is null.
    pagination: null,
  };
}

/** Spend and tap installs of the app's campaigns per storefront (only the asked ones, if any). */
function marketTotals(
  store: SandboxStore,
  adAccountId: number,
  app: CatalogueApp,
  asked: readonly string[] | undefined,
): Map<string, { spendCents: number; installs: number }> {
  const memo = new DeliveryMemo(store);
  const markets = new Map<string, { spendCents: number; installs: number }>();
  for (const campaign of store.campaigns.values()) {
    if (campaign.adAccountId !== adAccountId || campaign.promotedObjectId !== String(app.adamId))
      continue;
    const countries = (campaign.targeting.countryOrRegion.include ?? []).filter(
      (country) => !asked || asked.includes(country),
    );
    if (countries.length === 0) continue;
    const performance = campaignPerformance(store, memo, campaign, LOOKBACK_DAYS);
    for (const country of countries) {
      const totals = markets.get(country) ?? { spendCents: 0, installs: 0 };
      totals.spendCents += performance.spendCents;
      totals.installs += performance.tapInstalls;
      markets.set(country, totals);
    }
  }
  return markets;
}

/** The average competitor price of the category's head terms, as the auction model sets it. */
function categoryCostPerTap(app: CatalogueApp, country: string): number {
  const prices = categoryOf(app).heads.map((term) =>
    competitorPriceCents(termPopularity(term, country)),
  );
  return prices.reduce((sum, price) => sum + price, 0) / Math.max(1, prices.length);
}
