import { io as connect, type Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../testing/test-server';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({ ALLOWED_ORIGINS: 'https://app.tapwise.test' });
});
afterAll(async () => {
  await server?.close();
});

function attempt(origin: string): Promise<'connected' | string> {
  return new Promise((resolve) => {
    const socket: Socket = connect(server.url, {
      transports: ['websocket'],
      extraHeaders: { origin },
      reconnection: false,
    });
    socket.on('connect', () => {
      socket.close();
      resolve('connected');
    });
    socket.on('connect_error', (error) => {
      socket.close();
      resolve(error.message);
    });
  });
}

describe('realtime', () => {
  it('accepts a websocket from an allowed origin', async () => {
    expect(await attempt('https://app.tapwise.test')).toBe('connected');
  });

  it('refuses a handshake from any other origin', async () => {
    expect(await attempt('https://evil.example')).not.toBe('connected');
  });
});
