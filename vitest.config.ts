import './scripts/node20-polyfills.mjs';
import { defineConfig } from 'vitest/config';

// Tests run in the factory's zone, as the server (FACTORY_TIME_ZONE) and the e2e browser do, so a
// test's "today" and wall-clock times are the server's whatever zone the machine is set to.
process.env.TZ = 'Asia/Shanghai';

// Three projects: pure core rules (node), the reference server (real database via app.inject),
// and end-to-end journeys (built console + real server + Chromium through playwright-core).
export default defineConfig({
  define: { __BUILD_VERSION__: JSON.stringify('test') },
  // Path aliases (@core, @app, @elements, @server) from tsconfig.json.
  resolve: { tsconfigPaths: true },
  test: {
    projects: [
      {
        extends: true,
        test: { name: 'core', include: ['src/**/*.test.ts'], environment: 'node' },
      },
      {
        extends: true,
        test: {
          name: 'server',
          include: ['server/**/*.test.ts'],
          environment: 'node',
          // One migrated and seeded template database per run; each test app starts from a copy.
          globalSetup: ['server/src/test-global-setup.ts'],
          // Two test files at once: vitest's default on 2 cores is one, and the files (each on its
          // own copy of the template database) outgrew the stage's 8 minutes run one by one.
          maxWorkers: 2,
          // The files of a worker share one module graph (the server's ~300 modules are loaded once
          // a worker, not once a file): every file builds its own app on its own database, and no
          // server test mocks modules, stubs globals or fakes timers, so nothing carries over.
          isolate: false,
          testTimeout: 60_000,
          hookTimeout: 120_000,
        },
      },
      {
        extends: true,
        test: {
          name: 'e2e',
          include: ['tests/e2e/**/*.test.ts'],
          // The console built and a seeded data directory made once per run; each journey's server starts on a copy.
          globalSetup: ['tests/e2e/support/global-setup.ts'],
          environment: 'node',
          testTimeout: 120_000,
          hookTimeout: 300_000,
          // Two journeys at once (each has its own server, data directory and Chromium): most of a
          // journey's time is waiting on the server or the browser, so two overlap well on 2 cores.
          maxWorkers: 2,
        },
      },
    ],
  },
});
