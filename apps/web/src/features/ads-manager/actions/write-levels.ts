// Which report levels the ads manager changes, as the write inputs name them, and the spec's
// failure wording of each action (spec 1 §8).
import type {
  AdsManagerMessage,
  ReportLevel,
  StatusAction,
  WritableLevel,
} from '@tapwise/contracts';

const WRITE_LEVELS: Partial<Record<ReportLevel, WritableLevel>> = {
  campaigns: 'campaign',
  adGroups: 'adGroup',
  keywords: 'keyword',
  negativeKeywords: 'negativeKeyword',
  ads: 'ad',
};

/** The write input's level of a report level, or null where rows cannot be changed. */
export function writeLevelOf(level: ReportLevel): WritableLevel | null {
  return WRITE_LEVELS[level] ?? null;
}

const STATUS_FAILURES: Record<WritableLevel, AdsManagerMessage> = {
  campaign: 'campaignStatusFailed',
  adGroup: 'adGroupStatusFailed',
  keyword: 'keywordStatusFailed',
  negativeKeyword: 'keywordStatusFailed',
  ad: 'updateFailed',
};

const DELETE_FAILURES: Record<WritableLevel, AdsManagerMessage> = {
  campaign: 'campaignDeleteFailed',
  adGroup: 'adGroupDeleteFailed',
  keyword: 'keywordDeleteFailed',
  negativeKeyword: 'keywordDeleteFailed',
  ad: 'adDeleteFailed',
};

export function statusFailureOf(level: WritableLevel, action: StatusAction): AdsManagerMessage {
  return action === 'delete' ? DELETE_FAILURES[level] : STATUS_FAILURES[level];
}

/** Ids are Apple's numbers; report rows carry them as text. */
export function entityRef(row: { id: string; modificationTime: string | null }) {
  return { id: Number(row.id), modificationTime: row.modificationTime };
}
