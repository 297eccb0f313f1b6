import { createRequire } from 'node:module';
import { configDefaults, defineProject } from 'vitest/config';

const require = createRequire(import.meta.url);

/** Run on its own by vitest.fuzz.config.ts. */
export const FUZZ_TEST = 'src/security/schema-fuzz.test.ts';

export default defineProject({
  // The server's own modules must use the same copy of graphql as graphql-yoga, which Node loads
  // as CommonJS; left to Vite they would get the ESM build, and errors created by one copy would
  // not be recognised by the other (unlike in production, where Node loads both).
  resolve: { alias: [{ find: /^graphql$/, replacement: require.resolve('graphql') }] },
  test: {
    name: 'server',
    environment: 'node',
    exclude: [...configDefaults.exclude, FUZZ_TEST],
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});
