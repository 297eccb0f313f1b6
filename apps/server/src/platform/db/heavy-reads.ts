// A per-process queue for reads that scan a period's facts. PGlite has one connection that runs
// one statement at a time (on its own thread, db/pglite-thread.ts), so a request asking for many
// reports held every other member's reads until its last statement: here heavy reads run one at
// a time on PGlite (a few at a time on PostgreSQL, where the server does the work), each after a
// turn of the event loop, and callers take turns, so one member's fifteen reports do not keep
// another's one report waiting for all fifteen.
import { setImmediate as eventLoopTurn } from 'node:timers/promises';
import type { Engine } from './database';

export interface HeavyReads {
  /** Runs `read` when its turn comes; `caller` is who asked (a user), for taking turns. */
  run<T>(caller: string, read: () => Promise<T>): Promise<T>;
}

/** Heavy reads at once: PGlite runs one statement at a time anyway; PostgreSQL keeps pool room. */
export const HEAVY_READS_AT_ONCE: Record<Engine, number> = { pglite: 1, postgres: 4 };

export function createHeavyReads(engine: Engine): HeavyReads {
  const limit = HEAVY_READS_AT_ONCE[engine];
  // Callers in turn order, each with its reads in arrival order. A Map keeps insertion order:
  // a caller served goes to the back.
  const waiting = new Map<string, (() => Promise<void>)[]>();
  let running = 0;

  function startNext() {
    if (running >= limit) return;
    const turn = waiting.entries().next();
    if (turn.done) return;
    const [caller, reads] = turn.value;
    const read = reads.shift()!;
    waiting.delete(caller);
    if (reads.length) waiting.set(caller, reads);
    running += 1;
    void eventLoopTurn()
      .then(read)
      .finally(() => {
        running -= 1;
        startNext();
      });
  }

  return {
    run(caller, read) {
      return new Promise((resolve, reject) => {
        const queued = async () => {
          try {
            resolve(await read());
          } catch (error) {
            reject(error);
          }
        };
        const reads = waiting.get(caller);
        if (reads) reads.push(queued);
        else waiting.set(caller, [queued]);
        startNext();
      });
    },
  };
}
