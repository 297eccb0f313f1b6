// jsdom lacks a few browser APIs Mantine uses.
import { notifications } from '@mantine/notifications';
import { cleanup, configure } from '@testing-library/react';
import { afterEach, vi } from 'vitest';

// jsdom has no server to connect to: sockets are fakes that tests drive (test/fake-socket.ts).
vi.mock('socket.io-client', () => import('./fake-socket'));

// findBy* waits up to 5 s: a lazy page is transformed on its first import, which takes over the
// default second on a machine busy with the rest of the suite.
configure({ asyncUtilTimeout: 5_000 });

// The toast store outlives a render: a test's toasts would fill the next one's visible slots.
afterEach(() => {
  cleanup();
  notifications.clean();
});

Object.defineProperty(window, 'matchMedia', {
  writable: true,
  value: (query: string) => ({
    matches: false,
    media: query,
    onchange: null,
    addListener: () => undefined,
    removeListener: () => undefined,
    addEventListener: () => undefined,
    removeEventListener: () => undefined,
    dispatchEvent: () => false,
  }),
});

class ResizeObserverStub {
  observe() {}
  unobserve() {}
  disconnect() {}
}
window.ResizeObserver ??= ResizeObserverStub as unknown as typeof ResizeObserver;
window.HTMLElement.prototype.scrollIntoView ??= () => undefined;
