// The address of a campaign's view: /campaign-view?campaignId=<Apple campaign id>.
export const campaignViewPath = (campaignId: number | string) =>
  `/campaign-view?campaignId=${encodeURIComponent(String(campaignId))}`;
