import { describe, expect, it } from 'vitest';
import { createRateLimiter } from './rate-limiter.js';

describe('createRateLimiter', () => {
  it.each([0, Infinity])('lets every request through at once for %s a minute', async (limit) => {
    const sleeps: number[] = [];
    const limiter = createRateLimiter({
      requestsPerMinute: limit,
      now: () => 0,
      sleep: async (ms) => {
        sleeps.push(ms);
      },
    });

    await Promise.all([limiter.acquire(), limiter.acquire(), limiter.acquire()]);

    expect(sleeps).toEqual([]);
  });

  it('lets a request through at once after a quiet spell longer than the interval', async () => {
    let time = 0;
    const sleeps: number[] = [];
    const limiter = createRateLimiter({
      requestsPerMinute: 60,
      now: () => time,
      sleep: async (ms) => {
        sleeps.push(ms);
        time += ms;
      },
    });

    await limiter.acquire();
    time += 5000;
    await limiter.acquire();
    await limiter.acquire();

    expect(sleeps).toEqual([1000]);
  });
});
