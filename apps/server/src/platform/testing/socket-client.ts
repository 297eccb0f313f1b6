// Opens a socket to the running test server the way the web app does, for tests of what reaches
// a session live and when its connection ends.
import { io as connect, type Socket } from 'socket.io-client';
import type { Session } from './api-client';
import type { TestServer } from './test-server';

export interface TestSocket {
  socket: Socket;
  /**
   * Why the connection ended ('io server disconnect' when the server cut it off), or
   * 'still connected' when it has not ended within the wait.
   */
  ended(waitMs?: number): Promise<string>;
  close(): void;
}

export async function openSocket(server: TestServer, session: Session): Promise<TestSocket> {
  const socket = connect(server.url, {
    transports: ['websocket'],
    extraHeaders: { origin: server.config.allowedOrigins[0]! },
    auth: { token: session.token, sessId: session.sessId },
    reconnection: false,
  });
  await new Promise<void>((resolve, reject) => {
    socket.once('connect', resolve);
    socket.once('connect_error', reject);
  });
  const disconnected = new Promise<string>((resolve) => socket.once('disconnect', resolve));
  return {
    socket,
    ended: (waitMs = 1_500) =>
      Promise.race([
        disconnected,
        new Promise<string>((resolve) => setTimeout(() => resolve('still connected'), waitMs)),
      ]),
    close: () => socket.close(),
  };
}
