// `npm test`: the one gate. Format and lint, type-check every workspace, then every test suite.
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';

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

const stages: Record<string, Array<[label: string, args: string[]]>> = {
  lint: [['Biome (format + lint)', ['biome', 'ci', '.']]],
  typecheck: TSCONFIGS.map((tsconfig) => [`tsc ${tsconfig}`, ['tsc', '-p', tsconfig]]),
  vitest: [
    [
      'Vitest (unit + integration)',
      ['vitest', 'run', '--reporter=default', '--reporter=json', `--outputFile=${VITEST_REPORT}`],
    ],
  ],
};

const only = process.argv[2];
const selected = only ? [only] : Object.keys(stages);

for (const stage of selected) {
  const steps = stages[stage];
  if (!steps) {
    process.stderr.write(`Unknown stage ${stage}; stages: ${Object.keys(stages).join(', ')}\n`);
    process.exit(2);
  }
  for (const [label, args] of steps) {
    process.stdout.write(`\n▶ ${label}\n`);
    const result = spawnSync('npx', ['--no-install', ...args], { stdio: 'inherit' });
    if (result.status !== 0) {
      process.stderr.write(`\n✗ ${label} failed.\n`);
      process.exit(result.status ?? 1);
    }
  }
}
if (selected.includes('vitest')) {
  const report = JSON.parse(readFileSync(VITEST_REPORT, 'utf8')) as Record<string, number>;
  process.stdout.write(
    `\ntests: ${report.numPassedTests} passed, ${report.numFailedTests} failed, ${report.numPendingTests} skipped\n`,
  );
}
process.stdout.write('✓ All checks passed.\n');
