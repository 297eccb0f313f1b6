// The embedded database on its own thread: the server's thread keeps running while a long
// statement does, errors keep PostgreSQL's fields, and transactions commit or roll back whole.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PgliteThread } from './pglite-thread';

let thread: PgliteThread;

beforeAll(async () => {
  thread = await PgliteThread.open(undefined);
  await thread.exec('create table items (id int primary key, name text not null)');
});
afterAll(async () => {
  await thread?.close();
});

/** The longest the server's thread went without running a 5 ms timer while `work` ran. */
async function longestStall(work: Promise<unknown>) {
  let longest = 0;
  let last = performance.now();
  const timer = setInterval(() => {
    const now = performance.now();
    longest = Math.max(longest, now - last);
    last = now;
  }, 5);
  const started = performance.now();
  await work;
  clearInterval(timer);
  return { longest, took: performance.now() - started };
}

describe('the embedded database thread', () => {
  it('leaves the server thread free while a long statement runs', async () => {
    const { longest, took } = await longestStall(
      thread.query('select count(*) from generate_series(1, 3000000) a, generate_series(1, 2) b'),
    );
    // The statement takes hundreds of milliseconds; timers kept firing all along.
    expect(took).toBeGreaterThan(200);
    expect(longest).toBeLessThan(took / 2);
  });

  it("answers rows, and PostgreSQL's error fields when a statement fails", async () => {
    await thread.query('insert into items values ($1, $2)', [1, 'first']);
    const { rows } = await thread.query<{ id: number; name: string }>('select * from items');
    expect(rows).toEqual([{ id: 1, name: 'first' }]);
    await expect(thread.query('insert into items values (1, $1)', ['again'])).rejects.toMatchObject(
      {
        code: '23505',
        constraint: 'items_pkey',
        message: expect.stringContaining('duplicate key'),
      },
    );
  });

  it('commits a transaction that succeeds and rolls back one that throws', async () => {
    await thread.transaction(async (tx) => {
      await tx.query('insert into items values (2, $1)', ['kept']);
    });
    await expect(
      thread.transaction(async (tx) => {
        await tx.query('insert into items values (3, $1)', ['dropped']);
        throw new Error('changed my mind');
      }),
    ).rejects.toThrow('changed my mind');
    const { rows } = await thread.query<{ id: number }>('select id from items order by id');
    expect(rows.map((row) => row.id)).toEqual([1, 2]);
  });

  it('carries blobs both ways for COPY', async () => {
    const { blob } = await thread.query("COPY items TO '/dev/blob'");
    await thread.query('delete from items');
    await thread.query("COPY items FROM '/dev/blob'", [], { blob: blob! });
    const { rows } = await thread.query<{ name: string }>('select name from items order by id');
    expect(rows.map((row) => row.name)).toEqual(['first', 'kept']);
  });
});
