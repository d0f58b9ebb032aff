// `npm test`: the one gate. Format and lint, type-check every workspace, unit and integration
// tests (Vitest), then browser tests (Playwright in Debian's Chromium).
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ensureSystemCommand } from '@campus/shared/dev/system-package';

const TSCONFIGS = [
  'shared/tsconfig.json',
  'shared/tsconfig.domain.json',
  'api/tsconfig.json',
  'worker/tsconfig.json',
  'web/tsconfig.json',
  'tests/tsconfig.json',
  'scripts/tsconfig.json',
];
const VITEST_REPORT = 'test-results/vitest.json';
const E2E_REPORT = 'test-results/e2e.json';
const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

const stages: Record<string, Array<[label: string, args: string[]]>> = {
  lint: [
    ['Biome (format, lint, import directions)', ['biome', 'ci', '.']],
    ['knip (every dependency used, no unused file or export)', ['knip', '--no-progress']],
  ],
  typecheck: TSCONFIGS.map((tsconfig) => [`tsc ${tsconfig}`, ['tsc', '-p', tsconfig]]),
  vitest: [
    [
      'Vitest (unit + integration)',
      ['vitest', 'run', '--reporter=default', '--reporter=json', `--outputFile=${VITEST_REPORT}`],
    ],
  ],
  e2e: [
    ['Playwright (browser, Chromium)', ['playwright', 'test', '-c', 'tests/playwright.config.ts']],
  ],
};

/** Debian's Chromium for the browser tests: installed where we may, otherwise we say how. */
function ensureChromium(): void {
  try {
    ensureSystemCommand({
      command: CHROMIUM,
      debianPackage: 'chromium',
      otherSystems: `install Chromium at ${CHROMIUM} (or set CHROMIUM_PATH)`,
      why: `The browser tests need Chromium at ${CHROMIUM}.`,
      log: (line) => process.stdout.write(`${line}\n`),
    });
  } catch (error) {
    process.stderr.write(`${error instanceof Error ? error.message : error}\n`);
    process.exit(1);
  }
}

function counts(): { passed: number; failed: number; skipped: number; reliability: boolean } {
  const total = { passed: 0, failed: 0, skipped: 0, reliability: false };
  if (existsSync(VITEST_REPORT)) {
    const vitest = JSON.parse(readFileSync(VITEST_REPORT, 'utf8'));
    total.passed += vitest.numPassedTests;
    total.failed += vitest.numFailedTests;
    total.skipped += vitest.numPendingTests;
    total.reliability = vitest.testResults.some((file: { name: string }) =>
      file.name.includes('/tests/src/reliability/'),
    );
  }
  if (existsSync(E2E_REPORT)) {
    const e2e = JSON.parse(readFileSync(E2E_REPORT, 'utf8')).stats;
    total.passed += e2e.expected + e2e.flaky;
    total.failed += e2e.unexpected;
    total.skipped += e2e.skipped;
  }
  return total;
}

const only = process.argv[2];
const selected = only ? [only] : Object.keys(stages);
rmSync(VITEST_REPORT, { force: true });
rmSync(E2E_REPORT, { force: true });

// Every temporary file and folder of the run goes in one folder, removed when the run ends:
// nothing is left in the system's temp dir, whatever a test forgot or a crash left behind.
const runTemp = mkdtempSync(join(tmpdir(), 'campus-test-run-'));
const env = { ...process.env, TMPDIR: runTemp };

let failedStage: string | undefined;
for (const stage of selected) {
  const steps = stages[stage];
  if (!steps) {
    process.stderr.write(`Unknown stage ${stage}; stages: ${Object.keys(stages).join(', ')}\n`);
    process.exit(2);
  }
  if (stage === 'e2e') ensureChromium();
  for (const [label, args] of steps) {
    process.stdout.write(`\n▶ ${label}\n`);
    const result = spawnSync('npx', ['--no-install', ...args], { stdio: 'inherit', env });
    if (result.status !== 0) {
      failedStage = label;
      break;
    }
  }
  if (failedStage) break;
}

try {
  rmSync(runTemp, { recursive: true, force: true });
} catch (error) {
  // A folder still mounted (a crashed full-disk test) cannot go: say where it is.
  process.stderr.write(`Could not remove ${runTemp}: ${error}\n`);
}

const { passed, failed, skipped, reliability } = counts();
if (selected.includes('vitest') || selected.includes('e2e')) {
  process.stdout.write(`\ntests: ${passed} passed, ${failed} failed, ${skipped} skipped\n`);
}
if (selected.includes('vitest') && !failedStage && !reliability) {
  process.stdout.write(
    'The reliability run did not run: it needs a PostgreSQL (see the line about it above).\n',
  );
}
if (failedStage) {
  process.stderr.write(`✗ ${failedStage} failed.\n`);
  process.exit(1);
}
process.stdout.write('✓ All checks passed.\n');
