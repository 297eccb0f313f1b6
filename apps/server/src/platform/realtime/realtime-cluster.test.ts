import { io as connect } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../config';
import { openDatabase, type DatabaseHandle } from '../db/database';
import { createLogger } from '../logger';
import { startServer, type RunningServer } from '../server';
import { apiClient } from '../testing/api-client';
import { createCompany, createMember } from '../testing/factories';
import { createTestDatabase, type TestDatabase } from '../testing/test-database';

// Several `serve` processes share one PostgreSQL; an event emitted on one reaches sockets held
// by another through the postgres adapter. Only PostgreSQL runs several instances.
describe.runIf(process.env.TEST_DATABASE_URL)('realtime across instances', () => {
  let database: TestDatabase;
  let secondHandle: DatabaseHandle;
  let first: RunningServer;
  let second: RunningServer;

  beforeAll(async () => {
    database = await createTestDatabase();
    secondHandle = await openDatabase({ databaseUrl: database.url });
    const config = loadConfig({
      NODE_ENV: 'test',
      AUTH_SECRET: 'cluster-test-secret-shared-by-both-instances',
      HOST: '127.0.0.1',
      PORT: '0',
      LOG_LEVEL: 'silent',
      ALLOWED_ORIGINS: 'http://tapwise.test',
    });
    const logger = createLogger(config);
    first = await startServer({ config, logger, withWorker: false, database });
    second = await startServer({ config, logger, withWorker: false, database: secondHandle });
  });

  afterAll(async () => {
    await first?.close();
    await second?.close();
    await secondHandle?.close();
    await database?.close();
  });

  it('delivers an event emitted by one instance to a socket on the other', async () => {
    const company = await createCompany(database.db);
    const member = await createMember(database.db, company.id);
    const session = await apiClient(first.url).signIn(member.email, member.password);
    const socket = connect(first.url, {
      transports: ['websocket'],
      extraHeaders: { origin: 'http://tapwise.test' },
      auth: { token: session.token, sessId: session.sessId },
      reconnection: false,
    });
    await new Promise<void>((resolve, reject) => {
      socket.once('connect', resolve);
      socket.once('connect_error', reject);
    });
    try {
      const received = new Promise((resolve) => socket.once('cluster:hello', resolve));
      // The adapter subscribes asynchronously; emit until the first delivery arrives.
      const timer = setInterval(() => second.io.emit('cluster:hello', { from: 'second' }), 200);
      try {
        expect(await received).toEqual({ from: 'second' });
      } finally {
        clearInterval(timer);
      }
    } finally {
      socket.close();
    }
  });
});
