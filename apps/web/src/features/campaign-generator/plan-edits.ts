// Edits of a previewed plan: each returns a new plan with one campaign or ad group changed.
import type {
  GeneratorPlan,
  GeneratorPlanAdGroup,
  GeneratorPlanCampaign,
  MatchType,
} from '@tapwise/contracts';

export function withCampaign(
  plan: GeneratorPlan,
  index: number,
  patch: Partial<GeneratorPlanCampaign>,
): GeneratorPlan {
  return {
    campaigns: plan.campaigns.map((campaign, at) =>
      at === index ? { ...campaign, ...patch } : campaign,
    ),
  };
}

export function withAdGroup(
  plan: GeneratorPlan,
  campaignIndex: number,
  adGroupIndex: number,
  patch: Partial<GeneratorPlanAdGroup>,
): GeneratorPlan {
  const campaign = plan.campaigns[campaignIndex]!;
  return withCampaign(plan, campaignIndex, {
    adGroups: campaign.adGroups.map((adGroup, at) =>
      at === adGroupIndex ? { ...adGroup, ...patch } : adGroup,
    ),
  });
}

export function withoutKeyword(
  plan: GeneratorPlan,
  campaignIndex: number,
  adGroupIndex: number,
  keywordIndex: number,
): GeneratorPlan {
  const adGroup = plan.campaigns[campaignIndex]!.adGroups[adGroupIndex]!;
  return withAdGroup(plan, campaignIndex, adGroupIndex, {
    keywords: adGroup.keywords.filter((_, at) => at !== keywordIndex),
  });
}

export function withMatchType(
  plan: GeneratorPlan,
  campaignIndex: number,
  adGroupIndex: number,
  keywordIndex: number,
  matchType: MatchType,
): GeneratorPlan {
  const adGroup = plan.campaigns[campaignIndex]!.adGroups[adGroupIndex]!;
  return withAdGroup(plan, campaignIndex, adGroupIndex, {
    keywords: adGroup.keywords.map((keyword, at) =>
      at === keywordIndex ? { ...keyword, matchType } : keyword,
    ),
  });
}

/** What launching the plan creates in Apple Ads. */
export function planTotals(plan: GeneratorPlan) {
  const adGroups = plan.campaigns.flatMap((campaign) => campaign.adGroups);
  return {
    campaigns: plan.campaigns.length,
    adGroups: adGroups.length,
    keywords: adGroups.reduce((sum, adGroup) => sum + adGroup.keywords.length, 0),
  };
}
