import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    // Vitest's default is one worker fewer than the cores: one on a 2-core CI machine. Most API test
    // files wait on sockets, child processes and the database, so three files at once on 2 cores
    // take half the time (docs/testing.md#how-long-the-suite-takes).
    maxWorkers: Math.max(availableParallelism(), 3),
    projects: [
      {
        test: {
          name: 'shared',
          root: './packages/shared',
          environment: 'node',
          include: ['src/**/*.test.ts'],
        },
      },
      {
        test: {
          name: 'server',
          root: './apps/server',
          environment: 'node',
          include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
          globalSetup: ['./test/global-setup.ts'],
          hookTimeout: 30_000,
          testTimeout: 30_000,
        },
      },
      {
        test: {
          name: 'scripts',
          root: './scripts',
          environment: 'node',
          include: ['*.test.mjs'],
        },
      },
      './apps/*/vitest.config.ts',
    ],
  },
});
