import { describe, expect, it } from 'vitest';
import { progressOn } from './progress';
import { newReport, reportText } from './report';

function written(isTTY: boolean) {
  const chunks: string[] = [];
  return { stream: { isTTY, write: (text: string) => chunks.push(text) }, chunks };
}

function reportWithOneUniversity() {
  const report = newReport({ projectId: 'p', dryRun: false, prune: false, rehost: false });
  report.collections.universities.read = 2;
  report.collections.campuses.read = 3;
  report.universities.push({ path: 'universities/u1', name: 'Northfield', outcome: 'imported' });
  return report;
}

describe('progressOn', () => {
  it('draws one bar in place on a terminal', () => {
    const { stream, chunks } = written(true);
    const progress = progressOn(stream);
    const report = reportWithOneUniversity();
    progress.universityDone(report);
    progress.finish(report);
    expect(chunks[0]).toBe(
      '\r\x1b[2K[##########----------] 1/2 universities · read universities 2 · campuses 3 · restaurants 0 · menuItems 0 · martItems 0 · allowedDomains 0 · users 0',
    );
    expect(chunks.at(-1)).toBe('\n');
  });

  it('writes one plain line per university when not on a terminal', () => {
    const { stream, chunks } = written(false);
    const progress = progressOn(stream);
    const report = reportWithOneUniversity();
    progress.read(report);
    progress.universityDone(report);
    progress.finish(report);
    expect(chunks).toEqual([
      'Northfield (universities/u1): imported; read so far: universities 2 · campuses 3 · restaurants 0 · menuItems 0 · martItems 0 · allowedDomains 0 · users 0\n',
    ]);
  });
});

describe('reportText', () => {
  it('lists counts, failed universities, conflicts, problems and what --prune would remove', () => {
    const report = reportWithOneUniversity();
    report.dryRun = true;
    report.collections.menuItems = {
      read: 5,
      added: 4,
      updated: 0,
      unchanged: 0,
      skipped: 1,
      missing: 2,
      removed: 0,
    };
    report.universities.push({
      path: 'universities/u2',
      name: 'Southgate',
      outcome: 'failed',
      reason: 'Could not reach Firebase',
    });
    report.conflicts.push({
      path: 'users/x',
      reason: 'an account with x@y.pk already exists here',
    });
    report.problems.push({
      path: 'a/b',
      reason: 'price: Please enter a valid price',
      imported: false,
    });
    const text = reportText(report);
    expect(text).toContain('Firebase import of p (dry run: nothing was written)');
    expect(text).toMatch(/^menuItems\s+5\s+4\s+0\s+0\s+1\s+2\s+0$/m);
    expect(text).toContain('  Southgate (universities/u2): Could not reach Firebase');
    expect(text).toContain('  users/x: an account with x@y.pk already exists here');
    expect(text).toContain('  a/b: price: Please enter a valid price (not imported)');
    expect(text).toContain(
      '2 document(s) imported before are gone from Firebase: run with --prune',
    );
  });
});
