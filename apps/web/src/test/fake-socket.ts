// socket.io-client for jsdom, where no server answers: records what the app emits and lets a
// test deliver server events. test/setup.ts puts it in place of the real client.
type Listener = (...args: unknown[]) => void;

export class FakeSocket {
  connected = false;
  readonly emitted: { event: string; payload: unknown }[] = [];
  private readonly listeners = new Map<string, Set<Listener>>();

  constructor(
    readonly uri: string,
    readonly options: Record<string, unknown>,
  ) {}

  on(event: string, listener: Listener) {
    if (!this.listeners.has(event)) this.listeners.set(event, new Set());
    this.listeners.get(event)!.add(listener);
    return this;
  }

  off(event: string, listener: Listener) {
    this.listeners.get(event)?.delete(listener);
    return this;
  }

  emit(event: string, payload?: unknown) {
    this.emitted.push({ event, payload });
    return this;
  }

  disconnect() {
    this.connected = false;
    return this;
  }

  /** The server accepted the handshake. */
  connectNow() {
    this.connected = true;
    this.deliver('connect');
  }

  /** The server sent `event`. */
  deliver(event: string, payload?: unknown) {
    for (const listener of this.listeners.get(event) ?? []) listener(payload);
  }
}

export const openedSockets: FakeSocket[] = [];

export function latestSocket(): FakeSocket {
  const socket = openedSockets.at(-1);
  if (!socket) throw new Error('no socket was opened');
  return socket;
}

export function io(uri: string, options: Record<string, unknown>) {
  const socket = new FakeSocket(uri, options);
  openedSockets.push(socket);
  return socket;
}
