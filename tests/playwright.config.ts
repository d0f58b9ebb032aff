import { fileURLToPath } from 'node:url';
import { defineConfig } from '@playwright/test';
import { CHROMIUM_LAUNCH_OPTIONS } from './src/support/chromium';

// Browser tests drive Debian's Chromium (never a downloaded browser) against the all-in-one server
// on a database of its own, wiped at every run.
const PORT = Number(process.env.E2E_PORT ?? 3917);
const baseURL = `http://127.0.0.1:${PORT}`;
const DATA_DIR = `data/e2e-${PORT}`;
// Where the specs read the demo accounts' passwords the server's first start made.
process.env.E2E_DATA_DIR = fileURLToPath(new URL(`../${DATA_DIR}`, import.meta.url));

export default defineConfig({
  testDir: 'src/e2e',
  globalTeardown: './src/e2e/support/global-teardown.ts',
  outputDir: `../test-results/e2e-artifacts-${PORT}`,
  fullyParallel: false,
  workers: 1,
  retries: 0,
  timeout: 30_000,
  reporter: [['list'], ['json', { outputFile: '../test-results/e2e.json' }]],
  use: {
    baseURL,
    trace: 'retain-on-failure',
    launchOptions: CHROMIUM_LAUNCH_OPTIONS,
  },
  webServer: {
    // The data folder goes when the server has stopped (the shell waits for it on SIGTERM).
    command: `rm -rf ${DATA_DIR} && trap 'rm -rf ${DATA_DIR}' EXIT && trap 'exit 143' TERM INT && node --import tsx scripts/all-in-one.ts`,
    cwd: '..',
    url: `${baseURL}/readyz`,
    reuseExistingServer: false,
    // SIGTERM lets the server close its database and its own Redis; a SIGKILL would not.
    gracefulShutdown: { signal: 'SIGTERM', timeout: 15_000 },
    timeout: 120_000,
    stdout: 'ignore',
    stderr: 'pipe',
    env: {
      PORT: String(PORT),
      PUBLIC_URL: baseURL,
      HOST: '127.0.0.1',
      DATA_DIR,
      QUEUE_PREFIX: `campus-test-e2e-${PORT}`,
      LOG_LEVEL: 'warn',
    },
  },
});
