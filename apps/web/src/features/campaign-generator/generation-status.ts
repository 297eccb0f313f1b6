// How a generation's status reads in the list and the preview: the spec's sync states (spec 1 §4)
// and the keyword-fetching steps before them, each with its badge colour and its share done.
import type { GenerationProgress, GenerationStatus } from '@tapwise/contracts';

export const STATUS_COLORS: Record<GenerationStatus, string> = {
  FETCHING_KEYWORDS: 'blue',
  KEYWORDS_FAILED: 'red',
  READY: 'violet',
  WAITING_TO_SYNC: 'gray',
  SYNCING: 'blue',
  SYNC_COMPLETE: 'teal',
  INCOMPLETE: 'orange',
};

/** The statuses that change on their own: the page follows them live. */
export const RUNNING_STATUSES: ReadonlySet<GenerationStatus> = new Set([
  'FETCHING_KEYWORDS',
  'WAITING_TO_SYNC',
  'SYNCING',
]);

/** The statuses where the plan can still be edited and launched. */
export const isReady = (status: GenerationStatus) => status === 'READY';

/** Campaigns, ad groups and keywords made, out of all planned, in percent. */
export function progressPercent(status: GenerationStatus, progress: GenerationProgress): number {
  if (status === 'SYNC_COMPLETE') return 100;
  const counts = [progress.campaigns, progress.adGroups, progress.keywords];
  const total = counts.reduce((sum, count) => sum + count.total, 0);
  if (total === 0) return 0;
  return Math.round((counts.reduce((sum, count) => sum + count.done, 0) / total) * 100);
}

/** Which creation step runs now: campaigns first, then ad groups, then keywords. */
export function creationStep(
  progress: GenerationProgress,
): 'campaigns' | 'adGroups' | 'keywords' | 'done' {
  if (progress.allDone) return 'done';
  if (!progress.campaignsCreated) return 'campaigns';
  if (!progress.adGroupsCreated) return 'adGroups';
  return 'keywords';
}
