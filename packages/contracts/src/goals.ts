// Goal types and the partner event types a goal is built from (spec 2 §3.7), exact strings.
import { z } from 'zod';
import type { GoalCounts } from './goal-metrics';
import { goalNameSchema } from './validation/names';

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

// A goal (spec 2 §3.7, §5): the events of one app's partners that count as reaching it.

/**
 * A goal's status, derived rather than set (the spec does not show its values): WAITING until a
 * partner has sent one of its events for the app, ACTIVE after.
 */
export const GOAL_STATUSES = ['WAITING', 'ACTIVE'] as const;
export type GoalStatus = (typeof GOAL_STATUSES)[number];

/** Events count toward a goal when they happen within this many days of the install. */
export const GOAL_DAYS_SINCE_INSTALL = { min: 0, max: 365, default: 7 } as const;

/** The event types a goal of this type may pick: its own group and the ungrouped ones. */
export function eventTypesForGoalType(type: GoalType): readonly GoalEventType[] {
  return [...GOAL_EVENT_TYPES_BY_GROUP[type], ...GOAL_EVENT_TYPES_BY_GROUP.other];
}

export const goalInput = z
  .object({
    name: goalNameSchema,
    appId: z.number().int().positive(),
    type: z.enum(GOAL_TYPES, { error: 'validation.required' }),
    events: z
      .array(z.enum(GOAL_EVENT_TYPES as [GoalEventType, ...GoalEventType[]]))
      .min(1, 'validation.required')
      .max(GOAL_EVENT_TYPES.length),
    daysSinceInstall: z
      .number()
      .int('validation.goalDaysInvalid')
      .min(GOAL_DAYS_SINCE_INSTALL.min, 'validation.goalDaysInvalid')
      .max(GOAL_DAYS_SINCE_INSTALL.max, 'validation.goalDaysInvalid'),
  })
  .superRefine((goal, context) => {
    const allowed = eventTypesForGoalType(goal.type);
    goal.events.forEach((event, index) => {
      if (!allowed.includes(event))
        context.addIssue({
          code: 'custom',
          path: ['events', index],
          message: 'validation.goalEventNotOfType',
        });
    });
  });
export type GoalInput = z.infer<typeof goalInput>;

export const GOAL_MESSAGES = {
  CREATED: 'Goal created successfully',
  UPDATED: 'Goal updated successfully',
  DELETED: 'Deleted Successfully',
  NAME_EXISTS: 'Goal name already exists',
} as const;

/** A goal's numbers over a period (getGoals): its partner counts and the app's spend. */
export interface GoalNumbers {
  /** The reporting currency of both. */
  currency: string;
  counts: GoalCounts;
  spendMicros: number;
}

/** A goal as the API answers it (docs/api/goals.md). */
export interface Goal {
  id: string;
  name: string;
  appId: number;
  appName: string;
  type: string;
  events: string[];
  daysSinceInstall: number;
  status: GoalStatus;
  createdAt: string;
  /** The member's name. */
  createdBy: string | null;
  /** getGoals only. */
  numbers: GoalNumbers | null;
}
