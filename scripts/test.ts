// `npm test`: the one gate. Format and lint, type-check every workspace, then every test suite.
import { spawnSync } from 'node:child_process';

const TSCONFIGS = [
  'shared/tsconfig.json',
  'shared/tsconfig.domain.json',
  'api/tsconfig.json',
  'worker/tsconfig.json',
  'web/tsconfig.json',
  'tests/tsconfig.json',
  'scripts/tsconfig.json',
];

const stages: Record<string, Array<[label: string, args: string[]]>> = {
  lint: [['Biome (format + lint)', ['biome', 'ci', '.']]],
  typecheck: TSCONFIGS.map((tsconfig) => [`tsc ${tsconfig}`, ['tsc', '-p', tsconfig]]),
  vitest: [['Vitest (unit + integration)', ['vitest', 'run']]],
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
process.stdout.write('\n✓ All checks passed.\n');
