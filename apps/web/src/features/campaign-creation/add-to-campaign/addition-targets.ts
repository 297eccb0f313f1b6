// What an addition's modal needs, read from the ads manager's report rows: the campaign row (or an
// ad group row, which carries its campaign's app and supply placement) names the app whose product
// pages the ads choose from and the placement whose rules apply.
import { placementOfSupply, type ReportRow } from '@tapwise/contracts';
import type { AddAdGroupTarget } from './add-ad-group-modal';
import type { AddAdsTarget } from './add-ads-modal';

const appAndPlacement = (row: ReportRow) => ({
  adamId: row.details.adamId ?? 0,
  placement: placementOfSupply(row.details.supplySources),
});

export const adGroupAdditionTarget = (campaign: ReportRow): AddAdGroupTarget => ({
  adAccountId: campaign.adAccountId,
  campaignId: Number(campaign.id),
  campaignName: campaign.name,
  ...appAndPlacement(campaign),
});

/** `campaign` defaults to the ad group row itself, which carries the same app and placement. */
export const adsAdditionTarget = (adGroup: ReportRow, campaign = adGroup): AddAdsTarget => ({
  adAccountId: adGroup.adAccountId,
  adGroupId: Number(adGroup.id),
  adGroupName: adGroup.name,
  ...appAndPlacement(campaign),
});
