import { setImmediate as eventLoopTurn } from 'node:timers/promises';
import { describe, expect, it } from 'vitest';
import { createHeavyReads } from './heavy-reads';

/** A read that records when it starts and ends and finishes when `release` is called. */
function controlledRead(log: string[], name: string) {
  let release!: () => void;
  const done = new Promise<void>((resolve) => (release = resolve));
  return {
    read: async () => {
      log.push(`start ${name}`);
      await done;
      log.push(`end ${name}`);
      return name;
    },
    release: () => release(),
  };
}

describe('heavy reads', () => {
  it('runs one read at a time on PGlite, callers taking turns', async () => {
    const reads = createHeavyReads('pglite');
    const order: string[] = [];
    const read = (name: string) => async () => {
      order.push(name);
      await eventLoopTurn();
      return name;
    };
    const answers = await Promise.all([
      reads.run('a', read('a1')),
      reads.run('a', read('a2')),
      reads.run('a', read('a3')),
      reads.run('b', read('b1')),
      reads.run('c', read('c1')),
    ]);
    expect(answers).toEqual(['a1', 'a2', 'a3', 'b1', 'c1']);
    // a1 starts at once; then every caller with reads waiting gets one in turn.
    expect(order).toEqual(['a1', 'a2', 'b1', 'c1', 'a3']);
  });

  it('never starts a second read on PGlite before the first has ended', async () => {
    const reads = createHeavyReads('pglite');
    const log: string[] = [];
    const first = controlledRead(log, 'first');
    const second = controlledRead(log, 'second');
    const answers = Promise.all([reads.run('a', first.read), reads.run('b', second.read)]);
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(log).toEqual(['start first']);
    first.release();
    second.release();
    expect(await answers).toEqual(['first', 'second']);
    expect(log).toEqual(['start first', 'end first', 'start second', 'end second']);
  });

  it('lets the event loop run what waits before each read', async () => {
    const reads = createHeavyReads('pglite');
    const log: string[] = [];
    // Reads that never yield themselves, as a statement on PGlite does not.
    const busy = (name: string) => async () => {
      log.push(name);
      if (name === 'read 1') setImmediate(() => log.push('health check'));
    };
    await Promise.all([reads.run('a', busy('read 1')), reads.run('a', busy('read 2'))]);
    expect(log).toEqual(['read 1', 'health check', 'read 2']);
  });

  it('runs up to four reads at once on PostgreSQL', async () => {
    const reads = createHeavyReads('postgres');
    const log: string[] = [];
    const controlled = Array.from({ length: 5 }, (_, index) => controlledRead(log, `r${index}`));
    const answers = Promise.all(
      controlled.map((entry, index) => reads.run(`u${index}`, entry.read)),
    );
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(log).toEqual(['start r0', 'start r1', 'start r2', 'start r3']);
    controlled.forEach((entry) => entry.release());
    await answers;
    expect(log.filter((line) => line.startsWith('start'))).toHaveLength(5);
  });

  it('answers a failed read with its error and goes on with the next', async () => {
    const reads = createHeavyReads('pglite');
    const failed = reads.run('a', () => {
      throw new Error('statement failed');
    });
    const next = reads.run('b', async () => 'answered');
    await expect(failed).rejects.toThrow('statement failed');
    expect(await next).toBe('answered');
  });
});
