// Soft deletes with Apple's side effects: deleting a campaign deletes its ad groups, deleting an
// ad group deletes its keywords, ads and negative keywords (delete-adgroups-_id_.md); deleting a
// creative leaves its ads in place, and presentAd shows them NOT_RUNNING (delete-creatives-_id_.md).
import type { SandboxStore } from './store.js';

type Deleted = { entityType: string; entityId: number; adAccountId: number };

export function deleteCampaign(store: SandboxStore, campaignId: number): Deleted[] {
  const campaign = store.campaigns.get(campaignId);
  if (!campaign || campaign.deleted) return [];
  store.putCampaign(
    { ...campaign, deleted: true, modificationTime: store.timestamp() },
    store.now(),
  );
  const negatives = [...store.negativeKeywords.values()].filter(
    (negative) => negative.campaignId === campaignId && negative.adGroupId === null,
  );
  return [
    { entityType: 'CAMPAIGN', entityId: campaignId, adAccountId: campaign.adAccountId },
    ...(store.adGroupIdsByCampaign.get(campaignId) ?? []).flatMap((id) => deleteAdGroup(store, id)),
    ...negatives.flatMap((negative) => deleteNegativeKeyword(store, negative.id)),
  ];
}

export function deleteAdGroup(store: SandboxStore, adGroupId: number): Deleted[] {
  const adGroup = store.adGroups.get(adGroupId);
  if (!adGroup || adGroup.deleted) return [];
  const now = store.now();
  const timestamp = store.timestamp();
  store.putAdGroup({ ...adGroup, deleted: true, modificationTime: timestamp }, now);
  const deleted: Deleted[] = [
    { entityType: 'ADGROUP', entityId: adGroupId, adAccountId: adGroup.adAccountId },
  ];
  for (const id of store.keywordIdsByAdGroup.get(adGroupId) ?? []) {
    const keyword = store.keywords.get(id);
    if (!keyword || keyword.deleted) continue;
    store.putKeyword({ ...keyword, deleted: true, modificationTime: timestamp }, now);
    deleted.push({ entityType: 'KEYWORD', entityId: id, adAccountId: keyword.adAccountId });
  }
  for (const id of store.adIdsByAdGroup.get(adGroupId) ?? []) {
    const ad = store.ads.get(id);
    if (!ad || ad.deleted) continue;
    store.putAd({ ...ad, deleted: true, modificationTime: timestamp }, now);
    deleted.push({ entityType: 'AD', entityId: id, adAccountId: ad.adAccountId });
  }
  for (const negative of store.negativeKeywords.values())
    if (negative.adGroupId === adGroupId)
      deleted.push(...deleteNegativeKeyword(store, negative.id));
  return deleted;
}

export function deleteNegativeKeyword(store: SandboxStore, id: number): Deleted[] {
  const negative = store.negativeKeywords.get(id);
  if (!negative || negative.deleted) return [];
  store.negativeKeywords.set(id, {
    ...negative,
    deleted: true,
    modificationTime: store.timestamp(),
  });
  store.revision++;
  return [{ entityType: 'NEGATIVE_KEYWORD', entityId: id, adAccountId: negative.adAccountId }];
}

/** Records one DELETE per entity a delete reached, in the request's transaction. */
export function recordDeletes(store: SandboxStore, deleted: Deleted[], userId: number): void {
  for (const entity of deleted)
    store.recordChange({ ...entity, changeType: 'DELETE', changes: [], userId });
}
