import { fileURLToPath } from 'node:url';
import { configDefaults, defineProject } from 'vitest/config';
import server, { FUZZ_TEST } from './vitest.config';

// The schema fuzz runs on its own (npm run test:fuzz), not among the suite's parallel files: it
// holds /healthz to 100 ms throughout, a figure about Tapwise, not about test files sharing the
// cores with it.
export default defineProject({
  ...server,
  root: fileURLToPath(new URL('.', import.meta.url)),
  test: { ...server.test, name: 'fuzz', include: [FUZZ_TEST], exclude: configDefaults.exclude },
});
