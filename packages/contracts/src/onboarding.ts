// The onboarding checklist (spec 2 §3.5) and the guided tour (spec 1 §2). Each flag is ticked by
// the real action it names, on the server, for the member who did it (docs/onboarding.md).

export const CHECKLIST_FLAGS = [
  'createCampaign',
  'createAdgroup',
  'addKeys',
  'addCS',
  'saIntegration',
  'slackIntegration',
  'overviewPage',
  'kaiApp',
  'kaiKeyword',
  'kaiRecom',
  'kaiTop',
  'kaiComp',
  'addMember',
  'automationRules',
  'createRule',
  'adsManager',
  'onboarding',
  'scheduledReports',
  'campGen',
  'createMmpGoals',
  'mmpIntegration',
] as const;
export type ChecklistFlag = (typeof CHECKLIST_FLAGS)[number];

export function isChecklistFlag(value: string): value is ChecklistFlag {
  return (CHECKLIST_FLAGS as readonly string[]).includes(value);
}

/** The tour's pages in the spec's order; each shows one dialog with Next. */
/** One flag of a member's checklist (`getUserCL`, docs/onboarding.md). */
export interface ChecklistItem {
  flag: ChecklistFlag;
  doneAt: string | null;
  /** Ticked by visiting its page (the browser may tick it) rather than by a real action. */
  byVisit: boolean;
}

/** A member's checklist as `getUserCL` answers it. */
export interface Checklist {
  userId: string;
  items: ChecklistItem[];
  done: number;
  total: number;
  complete: boolean;
}

export const TOUR_STEPS = [
  { page: 'overview', path: '/overview' },
  { page: 'adsManager', path: '/ads-manager' },
  { page: 'keywordAnalysis', path: '/keyword-auction-insights' },
  { page: 'keywordOptimization', path: '/keyword-optimization' },
  { page: 'automationStudio', path: '/arrules' },
  { page: 'goals', path: '/goals' },
] as const;
export type TourStep = (typeof TOUR_STEPS)[number]['page'];
