// The target-CPA suggestion for a promoted app (POST /suggestions/target-cpas/query): its cost per
// install over the last 30 days in the asked storefronts, or, without installs yet, what the
// category's auctions would cost at a typical conversion rate.
import { categoryOf, termPopularity, type CatalogueApp } from '../model/catalogue.js';
import { DeliveryMemo, competitorPriceCents } from '../model/delivery.js';
import { money } from '../model/money.js';
import type { SandboxStore } from '../model/store.js';
import { filterValues } from '../insights/insight-request.js';
import { campaignPerformance } from './campaign-performance.js';
import { parseRecommendationQuery } from './recommendation-request.js';
import { storefrontOf } from './keyword-suggestions.js';

const TYPICAL_INSTALL_RATE = 0.45;

export function targetCpaSuggestion(store: SandboxStore, adAccountId: number, body: unknown) {
  const query = parseRecommendationQuery(store, adAccountId, body);
  const countries = filterValues(query.filters, 'countryOrRegion') ?? [
    storefrontOf(store, adAccountId, query),
  ];
  const currency = store.accountOf(adAccountId).currency;
  const memo = new DeliveryMemo(store);
  let spendCents = 0;
  let installs = 0;
  for (const campaign of store.campaigns.values()) {
    if (
      campaign.adAccountId !== adAccountId ||
      campaign.promotedObjectId !== String(query.app.adamId) ||
      !(campaign.targeting.countryOrRegion.include ?? []).some((c) => countries.includes(c))
    )
      continue;
    const performance = campaignPerformance(store, memo, campaign, 30);
    spendCents += performance.spendCents;
    installs += performance.installs;
  }
  const cpaCents =
    installs > 0
      ? spendCents / installs
      : categoryCostPerTap(query.app, countries[0] ?? 'US') / TYPICAL_INSTALL_RATE;
  return {
    result: {
      promotedObjectId: String(query.app.adamId),
      suggestedTargetCPA: money(Math.max(1, Math.round(cpaCents * 1.1)), currency),
      countryOrRegion: countries,
      appCategory: query.app.primaryGenreName,
    },
    // recommendationquerytargetcpasuggestionresponse.md: one result, so pagination is null.
    pagination: null,
  };
}

/** The average competitor price of the category's head terms, as the auction model sets it. */
function categoryCostPerTap(app: CatalogueApp, country: string): number {
  const prices = categoryOf(app).heads.map((term) =>
    competitorPriceCents(termPopularity(term, country)),
  );
  return prices.reduce((sum, price) => sum + price, 0) / Math.max(1, prices.length);
}
