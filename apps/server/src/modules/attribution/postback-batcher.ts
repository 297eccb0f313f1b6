// Group commit for postbacks: requests that arrive within a few milliseconds of each other are
// stored in one transaction, and each is answered once that transaction has committed. Under load
// this turns thousands of small transactions a second into a few hundred larger ones.
import type { StoreBatch, StoreResult } from './event-store';

export interface BatcherOptions {
  /** How long the first request of a group waits for others. */
  maxWaitMs: number;
  /** Requests per transaction at most; a full group is stored at once. */
  maxBatch: number;
  /** Transactions in flight at once (the pool's connections are shared with everything else). */
  maxConcurrent: number;
}

export const DEFAULT_BATCHER_OPTIONS: BatcherOptions = {
  maxWaitMs: 4,
  maxBatch: 250,
  maxConcurrent: 3,
};

interface Pending {
  batch: StoreBatch;
  resolve(result: StoreResult): void;
  reject(error: unknown): void;
}

export interface PostbackBatcher {
  submit(batch: StoreBatch): Promise<StoreResult>;
  /** Stores what is waiting and resolves once every transaction has ended. */
  close(): Promise<void>;
}

export function createPostbackBatcher(
  store: (batches: readonly StoreBatch[]) => Promise<StoreResult[]>,
  options: BatcherOptions = DEFAULT_BATCHER_OPTIONS,
): PostbackBatcher {
  const queue: Pending[] = [];
  let timer: NodeJS.Timeout | null = null;
  let inFlight = 0;
  const running = new Set<Promise<void>>();

  function schedule() {
    if (queue.length === 0 || inFlight >= options.maxConcurrent) return;
    if (queue.length >= options.maxBatch) {
      flush();
      return;
    }
    timer ??= setTimeout(flush, options.maxWaitMs);
  }

  function flush() {
    if (timer) clearTimeout(timer);
    timer = null;
    while (queue.length > 0 && inFlight < options.maxConcurrent) {
      const group = queue.splice(0, options.maxBatch);
      inFlight += 1;
      const done = storeGroup(group).finally(() => {
        inFlight -= 1;
        running.delete(done);
        schedule();
      });
      running.add(done);
      // Leave a partial group a moment to fill unless requests are queuing up.
      if (queue.length < options.maxBatch) break;
    }
    schedule();
  }

  async function storeGroup(group: Pending[]) {
    try {
      const results = await store(group.map((pending) => pending.batch));
      group.forEach((pending, index) => pending.resolve(results[index]!));
    } catch (error) {
      if (group.length === 1) {
        group[0]!.reject(error);
        return;
      }
      // One request's failure must not fail the others: each is tried on its own.
      await Promise.all(
        group.map(async (pending) => {
          try {
            const [result] = await store([pending.batch]);
            pending.resolve(result!);
          } catch (own) {
            pending.reject(own);
          }
        }),
      );
    }
  }

  return {
    submit(batch) {
      return new Promise<StoreResult>((resolve, reject) => {
        queue.push({ batch, resolve, reject });
        schedule();
      });
    },
    async close() {
      while (queue.length > 0 || running.size > 0) {
        flush();
        await Promise.all([...running]);
      }
    },
  };
}
