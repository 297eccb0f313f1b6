import { defineProject } from 'vitest/config';

export default defineProject({
  test: { name: 'app-store', environment: 'node' },
});
