import { createRequire } from 'node:module';
import { defineProject } from 'vitest/config';

const require = createRequire(import.meta.url);

export default defineProject({
  // The server's own modules must use the same copy of graphql as graphql-yoga, which Node loads
  // as CommonJS; left to Vite they would get the ESM build, and errors created by one copy would
  // not be recognised by the other (unlike in production, where Node loads both).
  resolve: { alias: [{ find: /^graphql$/, replacement: require.resolve('graphql') }] },
  test: {
    name: 'server',
    environment: 'node',
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});
