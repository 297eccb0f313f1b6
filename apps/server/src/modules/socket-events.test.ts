// Closed by default for socket events: every event the server listens to declares an access
// from the registry, and nothing else is answered.
import { isPermission, SOCKET_EVENTS } from '@tapwise/contracts';
import { describe, expect, it } from 'vitest';
import { socketEvents } from './socket-events';

describe('socket event registry', () => {
  it('declares an access from the registry for every client event', () => {
    for (const event of socketEvents) {
      const known =
        ['public', 'authenticated'].includes(event.access) || isPermission(event.access);
      expect(known, event.name).toBe(true);
      expect(event.access, `${event.name} must not be public`).not.toBe('public');
    }
    const names = socketEvents.map((event) => event.name);
    expect(new Set(names).size).toBe(names.length);
    expect(names).toEqual([SOCKET_EVENTS.syncCheck]);
    console.info(`socket events: ${names.length} client events declare their access`);
  });
});
