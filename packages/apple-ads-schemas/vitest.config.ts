import { defineProject } from 'vitest/config';

export default defineProject({
  test: { name: 'apple-ads-schemas', environment: 'node' },
});
