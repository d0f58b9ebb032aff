import { availableParallelism } from 'node:os';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';
import { POSTGRES_ADMIN_URL, postgresAnswers } from './tests/src/support/postgres-admin';

// Unit tests live beside the code; integration tests live in tests/ and run once per database
// engine: PGlite in memory always, PostgreSQL when DATABASE_URL_TEST is set or one answers locally.
// The PostgreSQL pass leaves out the areas whose answers do not come from SQL: the HTTP ground
// (tests/src/integration/http) and live events over Redis (tests/src/integration/live).
const PGLITE_ONLY_AREAS = ['tests/src/integration/{http,live}/**'];

const consoleGuard = 'tests/src/support/fail-on-console-error.ts';
// Two test files at a time at least. Vitest's own default (one fewer than the cores) is one on a
// two-core machine, where the integration files spend most of their time waiting (on Redis, the
// worker's jobs, their polls): measured on this machine, the whole Vitest step took 26.5 minutes
// with one and 15.6 with two.
const MAX_WORKERS = Math.max(2, availableParallelism() - 1);
// The web's own import alias (web/vite.config.ts), for its tests.
const webAlias = { alias: { '@': fileURLToPath(new URL('./web/src', import.meta.url)) } };
const integration = (engine: 'pglite' | 'postgres') => ({
  test: {
    name: `integration-${engine}`,
    include: ['tests/src/integration/**/*.test.ts', 'tests/src/security/**/*.test.ts'],
    exclude: engine === 'postgres' ? PGLITE_ONLY_AREAS : [],
    environment: 'node',
    setupFiles: [consoleGuard],
    globalSetup: ['tests/src/support/global-setup.ts'],
    env: { TEST_DB_ENGINE: engine, TEST_POSTGRES_ADMIN_URL: POSTGRES_ADMIN_URL },
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});

// Processes of scaled mode on PostgreSQL and a Redis of the run's own (tests/src/reliability).
const reliability = {
  test: {
    name: 'reliability',
    include: ['tests/src/reliability/**/*.test.ts'],
    environment: 'node',
    setupFiles: [consoleGuard],
    env: { TEST_POSTGRES_ADMIN_URL: POSTGRES_ADMIN_URL },
    testTimeout: 900_000,
  },
};

export default defineConfig(async () => {
  const withPostgres = await postgresAnswers(POSTGRES_ADMIN_URL);
  if (!withPostgres) {
    process.stdout.write(
      `No PostgreSQL answers at ${new URL(POSTGRES_ADMIN_URL).host}: integration runs on PGlite only, and the reliability run (scaled mode needs PostgreSQL) is skipped.\n`,
    );
  }
  return {
    test: {
      maxWorkers: MAX_WORKERS,
      projects: [
        {
          resolve: webAlias,
          test: {
            name: 'unit',
            // tests/src/measurements: rules measured on generated material, without a database.
            include: [
              '{shared,api,worker}/src/**/*.test.ts',
              'web/src/**/*.test.ts',
              'tests/src/measurements/**/*.test.ts',
            ],
            environment: 'node',
            setupFiles: [consoleGuard],
          },
        },
        {
          // The web's component tests: rendered in a DOM (happy-dom), used as a person would.
          resolve: webAlias,
          test: {
            name: 'web',
            include: ['web/src/**/*.test.tsx'],
            environment: 'happy-dom',
            setupFiles: [consoleGuard, 'web/src/test/setup.ts'],
          },
        },
        integration('pglite'),
        ...(withPostgres ? [integration('postgres'), reliability] : []),
      ],
    },
  };
});
