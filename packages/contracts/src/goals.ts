// Goal types and the partner event types a goal is built from (spec 2 §3.7), exact strings.

export const GOAL_TYPES = ['revenue', 'user engagement', 'user action'] as const;
export type GoalType = (typeof GOAL_TYPES)[number];

/** Event types offered per goal type; "other" holds the events the spec lists outside a group. */
export const GOAL_EVENT_TYPES_BY_GROUP = {
  revenue: ['Revenue-Purchase', 'Revenue-Subscribe'],
  'user engagement': [
    'App Launch',
    'Registration Complete',
    'Start Trial',
    'Tutorial Complete',
    'Level Complete',
  ],
  'user action': ['Add to Cart', 'Add to Wishlist', 'Checkout Start', 'Level Complete'],
  other: [
    'Achievement',
    'Ad Click',
    'Ad View',
    'Authentication Success',
    'First Video View',
    'QSS',
    'Rating',
    'Search',
    'Share With Friend',
    'View',
    'Watch Later',
  ],
} as const;

type GroupedEventType =
  (typeof GOAL_EVENT_TYPES_BY_GROUP)[keyof typeof GOAL_EVENT_TYPES_BY_GROUP][number];

/** Every event type once (Level Complete sits in two groups). */
export const GOAL_EVENT_TYPES = [
  ...new Set(Object.values(GOAL_EVENT_TYPES_BY_GROUP).flat()),
] as readonly GroupedEventType[];
export type GoalEventType = GroupedEventType;
