// Route-level code splitting. A chunk that has not loaded after 120 s (spec 1 §8) fails, and the
// route's error element offers a reload instead of an endless spinner.
import { CHUNK_LOAD_TIMEOUT_MS } from '@tapwise/contracts';
import { lazy, type ComponentType } from 'react';

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

export function lazyPage<Props extends object>(
  load: () => Promise<{ default: ComponentType<Props> }>,
) {
  return lazy(() => withTimeout(load));
}
