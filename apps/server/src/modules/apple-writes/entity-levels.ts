// Per level of entity: how Apple reads, changes and deletes it and how its answer becomes the
// stored row. The gateway and the actions are written once against this table.
import type {
  AccountClient,
  Ad,
  AdGroup,
  Campaign,
  Keyword,
  NegativeKeyword,
} from '@tapwise/apple-ads';
import type { WritableLevel } from '@tapwise/contracts';
import type { EntityRows } from '../ads-data/ads-data.repository';
import {
  adGroupRow,
  adRow,
  campaignRow,
  keywordRow,
  negativeKeywordRow,
} from '../sync/entity-rows';
import type { STORED_KIND } from './apple-writes.repository';

export interface AppleEntityOf {
  campaign: Campaign;
  adGroup: AdGroup;
  keyword: Keyword;
  negativeKeyword: NegativeKeyword;
  ad: Ad;
}

type EntityStatus = 'ENABLED' | 'PAUSED';

export interface LevelOperations<L extends WritableLevel> {
  get(account: AccountClient, id: number): Promise<AppleEntityOf[L]>;
  setStatus(account: AccountClient, id: number, status: EntityStatus): Promise<AppleEntityOf[L]>;
  remove(account: AccountClient, id: number): Promise<void>;
  row(adAccountId: number, entity: AppleEntityOf[L]): EntityRows[(typeof STORED_KIND)[L]][0];
}

function operations<L extends WritableLevel>(
  endpoint: (account: AccountClient) => {
    get(id: number): Promise<AppleEntityOf[L]>;
    update(id: number, patch: { status: EntityStatus }): Promise<AppleEntityOf[L]>;
    delete(id: number): Promise<void>;
  },
  row: LevelOperations<L>['row'],
): LevelOperations<L> {
  return {
    get: (account, id) => endpoint(account).get(id),
    setStatus: (account, id, status) => endpoint(account).update(id, { status }),
    remove: (account, id) => endpoint(account).delete(id),
    row,
  };
}

export const LEVEL_OPERATIONS: { [L in WritableLevel]: LevelOperations<L> } = {
  campaign: operations((account) => account.campaigns, campaignRow),
  adGroup: operations((account) => account.adGroups, adGroupRow),
  keyword: operations((account) => account.keywords, keywordRow),
  negativeKeyword: operations((account) => account.negativeKeywords, negativeKeywordRow),
  ad: operations((account) => account.ads, adRow),
};
