import { describe, expect, it } from 'vitest';
import { refreshesStatistics } from './sync.service';

const POSTGRES = { databaseUrl: 'postgres://tapwise@db.internal:5432/tapwise' };
const PGLITE = { databaseUrl: undefined };

describe("the planner's statistics after a sync", () => {
  it('are refreshed after a first sync on either engine', () => {
    expect(refreshesStatistics('FIRST', POSTGRES)).toBe(true);
    expect(refreshesStatistics('FIRST', PGLITE)).toBe(true);
  });

  it("are left to PostgreSQL's autovacuum after an incremental or manual sync", () => {
    expect(refreshesStatistics('DAILY', POSTGRES)).toBe(false);
    expect(refreshesStatistics('MANUAL', POSTGRES)).toBe(false);
  });

  it('are refreshed after every sync on PGlite, which has no autovacuum', () => {
    expect(refreshesStatistics('DAILY', PGLITE)).toBe(true);
    expect(refreshesStatistics('MANUAL', PGLITE)).toBe(true);
  });
});
