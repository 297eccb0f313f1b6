import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';

const server = process.env.TAPWISE_DEV_SERVER ?? 'http://localhost:3000';

export default defineConfig({
  plugins: [react()],
  server: {
    port: 5173,
    proxy: {
      '/graphql': server,
      '/v1': server,
      '/config.json': server,
      '/healthz': server,
      '/socket.io': { target: server, ws: true },
    },
  },
  build: { outDir: 'dist', sourcemap: true, target: 'es2022' },
  test: {
    name: 'web',
    environment: 'jsdom',
    setupFiles: ['./src/test/setup.ts'],
    css: false,
    // A page journey takes 1-2 s alone and several times that beside the rest of the suite.
    testTimeout: 15_000,
  },
});
