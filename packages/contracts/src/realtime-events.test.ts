import { describe, expect, it } from 'vitest';
import {
  DATA_REQUEST_CHANNEL_OP_IDS,
  DATA_REQUEST_PROGRESS_STEP,
  KEYWORD_AI_CONTEXTS,
  SOCKET_EVENTS,
  dataRequestChannel,
} from './realtime-events';

describe('realtime events', () => {
  it('uses the event names of the spec', () => {
    expect(SOCKET_EVENTS).toMatchObject({
      syncProgress: 'syncprogress:event',
      syncCheck: 'syncprogress:check',
      integrationDeletion: 'delInt:process',
    });
  });

  it('lists the data-request channel opIds 1-5, 11, 12, 21-23, 60 and 71 without repeats', () => {
    const opIds = Object.values(DATA_REQUEST_CHANNEL_OP_IDS);
    expect([...opIds].sort((a, b) => a - b)).toEqual([1, 2, 3, 4, 5, 11, 12, 21, 22, 23, 60, 71]);
    expect(Object.values(KEYWORD_AI_CONTEXTS)).toEqual([21, 23, 25]);
  });

  it('steps progress by 5 for opId 2 and by 10 for opIds 1 and 3', () => {
    expect(DATA_REQUEST_PROGRESS_STEP).toEqual({ 1: 10, 2: 5, 3: 10 });
  });

  it('keys the data-request channel by user id', () => {
    expect(dataRequestChannel('u-42')).toBe('dataRequest:u-42');
    expect(dataRequestChannel('u-42')).not.toBe(dataRequestChannel('u-43'));
  });
});
