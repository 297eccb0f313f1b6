// Code that loads on demand (pages, languages): a chunk that has not loaded after 120 s (spec 1 §8)
// fails instead of waiting for ever.
import { CHUNK_LOAD_TIMEOUT_MS } from '@tapwise/contracts';

export class ChunkLoadTimeoutError extends Error {}

export function withTimeout<T>(
  load: () => Promise<T>,
  timeoutMs = CHUNK_LOAD_TIMEOUT_MS,
): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const timer = setTimeout(
      () => reject(new ChunkLoadTimeoutError('Chunk load timed out')),
      timeoutMs,
    );
    load().then(
      (value) => {
        clearTimeout(timer);
        resolve(value);
      },
      (error: unknown) => {
        clearTimeout(timer);
        reject(error instanceof Error ? error : new Error(String(error)));
      },
    );
  });
}
