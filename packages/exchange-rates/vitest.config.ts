import { defineProject } from 'vitest/config';

export default defineProject({
  test: { name: 'exchange-rates', environment: 'node' },
});
