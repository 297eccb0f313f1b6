import { describe, expect, it } from 'vitest';
import { GOAL_EVENT_TYPES, GOAL_EVENT_TYPES_BY_GROUP } from './goals';

describe('goal event types', () => {
  it('lists every grouped event type once, Level Complete included', () => {
    const grouped = Object.values(GOAL_EVENT_TYPES_BY_GROUP).flat();
    expect(new Set(GOAL_EVENT_TYPES)).toEqual(new Set(grouped));
    expect(GOAL_EVENT_TYPES).toHaveLength(new Set(grouped).size);
    expect(GOAL_EVENT_TYPES.filter((type) => type === 'Level Complete')).toHaveLength(1);
  });
});
