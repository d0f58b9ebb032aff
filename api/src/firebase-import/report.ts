// What a run did or, with --dry-run, would do: printed at the end of every run and written as JSON.

export const COLLECTIONS = [
  'universities',
  'campuses',
  'restaurants',
  'menuItems',
  'martItems',
  'allowedDomains',
  'users',
] as const;
export type Collection = (typeof COLLECTIONS)[number];

const OUTCOMES = ['added', 'updated', 'unchanged', 'skipped', 'missing', 'removed'] as const;
type Outcome = (typeof OUTCOMES)[number];

export type Counts = Record<'read' | Outcome, number>;

export interface ImportReport {
  projectId: string;
  dryRun: boolean;
  prune: boolean;
  rehost: boolean;
  startedAt: string;
  finishedAt: string | null;
  collections: Record<Collection, Counts>;
  /** One transaction each: 'failed' rolled back whole (run again), 'skipped' left out for `reason`. */
  universities: {
    path: string;
    name: string;
    outcome: 'imported' | 'failed' | 'skipped';
    reason?: string;
  }[];
  /** Documents not imported (`imported: false`), or imported with a change (`imported: true`). */
  problems: { path: string; reason: string; imported: boolean }[];
  /** Documents that clash with what this database already held before the import. */
  conflicts: { path: string; reason: string }[];
  /** Photos copied into our image store (--rehost), or that would be (--dry-run). */
  photosCopied: number;
}

export function newReport(options: {
  projectId: string;
  dryRun: boolean;
  prune: boolean;
  rehost: boolean;
}): ImportReport {
  const zero = (): Counts => ({
    read: 0,
    added: 0,
    updated: 0,
    unchanged: 0,
    skipped: 0,
    missing: 0,
    removed: 0,
  });
  return {
    ...options,
    startedAt: new Date().toISOString(),
    finishedAt: null,
    collections: Object.fromEntries(COLLECTIONS.map((name) => [name, zero()])) as Record<
      Collection,
      Counts
    >,
    universities: [],
    problems: [],
    conflicts: [],
    photosCopied: 0,
  };
}

/** Whether no university's transaction failed. */
export function reportSucceeded(report: ImportReport): boolean {
  return report.universities.every((university) => university.outcome !== 'failed');
}

const pad = (value: string | number, width: number) => String(value).padStart(width);

/** The report as the terminal shows it. */
export function reportText(report: ImportReport): string {
  const lines = [
    `Firebase import of ${report.projectId}${report.dryRun ? ' (dry run: nothing was written)' : ''}`,
    '',
    `${'collection'.padEnd(16)}${['read', ...OUTCOMES].map((name) => pad(name, 10)).join('')}`,
    ...Object.entries(report.collections).map(
      ([name, counts]) =>
        `${name.padEnd(16)}${['read' as const, ...OUTCOMES].map((key) => pad(counts[key], 10)).join('')}`,
    ),
  ];
  if (report.rehost) lines.push('', `Photos copied into our image store: ${report.photosCopied}`);
  const failed = report.universities.filter((university) => university.outcome === 'failed');
  if (failed.length > 0) {
    lines.push('', 'Not imported (rolled back whole; run again to finish):');
    for (const university of failed) {
      lines.push(`  ${university.name} (${university.path}): ${university.reason}`);
    }
  }
  if (report.conflicts.length > 0) {
    lines.push('', 'Conflicts with data already here (not imported):');
    for (const conflict of report.conflicts) lines.push(`  ${conflict.path}: ${conflict.reason}`);
  }
  if (report.problems.length > 0) {
    lines.push('', 'Problems:');
    for (const problem of report.problems) {
      lines.push(
        `  ${problem.path}: ${problem.reason}${problem.imported ? '' : ' (not imported)'}`,
      );
    }
  }
  const missing = Object.values(report.collections).reduce(
    (sum, counts) => sum + counts.missing,
    0,
  );
  if (missing > 0 && !report.prune) {
    lines.push(
      '',
      `${missing} document(s) imported before are gone from Firebase: run with --prune to remove them here.`,
    );
  }
  return `${lines.join('\n')}\n`;
}
