import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, relative } from 'node:path';
import type { Reporter, TestModule } from 'vitest/node';

interface SuiteTime {
  /** The Vitest project: unit, web, integration-pglite, integration-postgres, reliability. */
  project: string;
  /** The area folder of an integration test (tests/src/integration/<area>), else the workspace. */
  area: string;
  files: number;
  /** Import, setup and test time of the area's files, added up (files run side by side). */
  seconds: number;
}

function areaOf(moduleId: string): string {
  const path = relative(process.cwd(), moduleId).split('/');
  if (path[0] === 'tests' && path[1] === 'src')
    return path.slice(2, path[2] === 'integration' ? 4 : 3).join('/');
  return path[0] ?? moduleId;
}

/**
 * A Vitest reporter that writes each project's and area's time as JSON to the file named by
 * SUITE_TIMES_REPORT, for the table at the end of `npm test` (scripts/test.ts).
 */
export default class SuiteTimesReporter implements Reporter {
  onTestRunEnd(testModules: ReadonlyArray<TestModule>): void {
    const report = process.env.SUITE_TIMES_REPORT;
    if (!report) throw new Error('SUITE_TIMES_REPORT names the file of the suite times');
    const times = new Map<string, SuiteTime>();
    for (const testModule of testModules) {
      const project = testModule.project.name;
      const area = areaOf(dirname(testModule.moduleId));
      const key = `${project} ${area}`;
      const time = times.get(key) ?? { project, area, files: 0, seconds: 0 };
      const diagnostic = testModule.diagnostic();
      time.files += 1;
      time.seconds +=
        (diagnostic.prepareDuration +
          diagnostic.environmentSetupDuration +
          diagnostic.setupDuration +
          diagnostic.collectDuration +
          diagnostic.duration) /
        1000;
      times.set(key, time);
    }
    mkdirSync(dirname(report), { recursive: true });
    writeFileSync(report, `${JSON.stringify([...times.values()], null, 2)}\n`);
  }
}
