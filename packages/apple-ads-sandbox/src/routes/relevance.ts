// Relevance of a new keyword to the campaign's app: brand words score high, category heads
// medium, anything else low. Seeded keywords get theirs from the scenario.
import { categoryOf } from '../model/catalogue.js';
import type { SandboxStore } from '../model/store.js';

export function termRelevance(store: SandboxStore, campaignId: number, text: string): number {
  const campaign = store.campaigns.get(campaignId);
  const app = campaign ? store.appsByAdamId.get(Number(campaign.promotedObjectId)) : undefined;
  if (!app) return 0.3;
  const lower = text.toLowerCase();
  if (
    app.name
      .toLowerCase()
      .split(' ')
      .some((word) => word.length > 2 && lower.includes(word))
  )
    return 0.9;
  if (categoryOf(app).heads.some((head) => lower.includes(head))) return 0.6;
  return 0.3;
}
