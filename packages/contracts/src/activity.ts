// Activity-log kinds of spec 2 §3.7.

/**
 * The spec spells the rule kinds (rule_run, ...) and describes the rest in words; those are
 * spelled here in the same snake_case.
 */
export const ACTIVITY_KINDS = [
  'rule_run',
  'rule_tested',
  'rule_created',
  'rule_updated',
  'rule_run_with_goal',
  'campaign_paused',
  'campaign_resumed',
  'ad_group_paused',
  'ad_group_resumed',
  'keyword_paused',
  'keyword_resumed',
  'keyword_bid_increased',
  'keyword_bid_decreased',
  'campaign_budget_increased',
  'campaign_budget_decreased',
  'keyword_moved',
  // Changes made in the ads manager (spec 1 §4) that the kinds above do not name.
  'campaign_updated',
  'campaign_deleted',
  'ad_group_updated',
  'ad_group_deleted',
  'keyword_added',
  'keyword_deleted',
  'negative_keyword_added',
  'negative_keyword_paused',
  'negative_keyword_resumed',
  'negative_keyword_deleted',
  'ad_paused',
  'ad_resumed',
  'ad_deleted',
  'keyword_copied',
  // Campaign creation (spec 1 §2): each entity the wizard's saga created.
  'campaign_created',
  'ad_group_created',
  'ad_created',
  'report',
  'email_report_sent',
  'slack_report_sent',
  'member_invited',
  'member_updated',
  'member_removed',
  'impersonation_started',
  // Staff tools (docs/staff-tools.md): the SA panel's manual note (saveSamActivity) and mock data.
  'sam_activity',
  'mock_data',
] as const;
export type ActivityKind = (typeof ACTIVITY_KINDS)[number];

/** Bounds of a company's activity-log and data retention periods, in days (staff set them). */
export const RETENTION_DAYS_MIN = 1;
export const RETENTION_DAYS_MAX = 3650;
/** The longest note staff record on a company's activity log (saveSamActivity). */
export const SAM_ACTIVITY_MAX_LENGTH = 2000;
