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
const SUITE_TIMES_REPORT = 'test-results/vitest-times.json';
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
      [
        'vitest',
        'run',
        '--reporter=default',
        '--reporter=json',
        `--outputFile.json=${VITEST_REPORT}`,
        '--reporter=./tests/src/support/suite-times-reporter.ts',
      ],
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

const minutes = (seconds: number) =>
  seconds < 60
    ? `${Math.round(seconds)} s`
    : `${Math.floor(seconds / 60)} min ${Math.round(seconds % 60)} s`;

/**
 * Each step's wall-clock time, and under Vitest each project and test area with the time its files
 * took added up (files run side by side, so these add to more than the step's wall clock).
 */
function printTimes(): void {
  const vitestTimes: Array<{ project: string; area: string; files: number; seconds: number }> =
    existsSync(SUITE_TIMES_REPORT) ? JSON.parse(readFileSync(SUITE_TIMES_REPORT, 'utf8')) : [];
  const rows: Array<[string, string]> = [];
  for (const [label, seconds] of stepTimes) {
    rows.push([label, minutes(seconds)]);
    if (!label.startsWith('Vitest')) continue;
    const projects = [...new Set(vitestTimes.map((time) => time.project))].sort();
    for (const project of projects) {
      const areas = vitestTimes.filter((time) => time.project === project);
      const total = areas.reduce((sum, time) => sum + time.seconds, 0);
      rows.push([`  ${project}`, minutes(total)]);
      if (areas.length < 2) continue;
      for (const time of areas.sort((a, b) => b.seconds - a.seconds)) {
        rows.push([`    ${time.area} (${time.files} files)`, minutes(time.seconds)]);
      }
    }
  }
  const total = stepTimes.reduce((sum, [, seconds]) => sum + seconds, 0);
  rows.push(['total', minutes(total)]);
  const width = Math.max(...rows.map(([label]) => label.length));
  process.stdout.write('\nTimes:\n');
  for (const [label, time] of rows) process.stdout.write(`  ${label.padEnd(width)}  ${time}\n`);
}

const only = process.argv[2];
const selected = only ? [only] : Object.keys(stages);
for (const report of [VITEST_REPORT, SUITE_TIMES_REPORT, E2E_REPORT])
  rmSync(report, { force: true });

// Every temporary file and folder of the run goes in one folder, removed when the run ends:
// nothing is left in the system's temp dir, whatever a test forgot or a crash left behind.
const runTemp = mkdtempSync(join(tmpdir(), 'campus-test-run-'));
const env = { ...process.env, TMPDIR: runTemp, SUITE_TIMES_REPORT };

let failedStage: string | undefined;
const stepTimes: Array<[label: string, seconds: number]> = [];
for (const stage of selected) {
  const steps = stages[stage];
  if (!steps) {
    process.stderr.write(`Unknown stage ${stage}; stages: ${Object.keys(stages).join(', ')}\n`);
    process.exit(2);
  }
  if (stage === 'e2e') ensureChromium();
  for (const [label, args] of steps) {
    process.stdout.write(`\n▶ ${label}\n`);
    const started = performance.now();
    const result = spawnSync('npx', ['--no-install', ...args], { stdio: 'inherit', env });
    stepTimes.push([label, (performance.now() - started) / 1000]);
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

printTimes();
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
