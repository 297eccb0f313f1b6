// Staff tools (docs/staff-tools.md): the states of a queued task as getQueuedTasks answers them,
// pg-boss's own job states.

export const QUEUED_TASK_STATES = [
  'created',
  'retry',
  'active',
  'completed',
  'cancelled',
  'failed',
] as const;
export type QueuedTaskState = (typeof QUEUED_TASK_STATES)[number];
