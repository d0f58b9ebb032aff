import { COLLECTIONS, type ImportReport } from './report';

/** Where a run says how far it is: a bar on a terminal, plain lines in a log. */
export interface Progress {
  read(report: ImportReport): void;
  universityDone(report: ImportReport): void;
  finish(report: ImportReport): void;
}

const BAR_WIDTH = 20;

function readCounts(report: ImportReport): string {
  return COLLECTIONS.map((name) => `${name} ${report.collections[name].read}`).join(' · ');
}

/** A progress bar rewritten in place on a terminal; one line per university otherwise. */
export function progressOn(stream: { write(text: string): unknown; isTTY?: boolean }): Progress {
  if (!stream.isTTY) {
    return {
      read: () => {},
      universityDone: (report) => {
        const last = report.universities.at(-1);
        if (!last) return;
        stream.write(
          `${last.name} (${last.path}): ${last.outcome}${last.reason ? ` (${last.reason})` : ''}; read so far: ${readCounts(report)}\n`,
        );
      },
      finish: () => {},
    };
  }
  const draw = (report: ImportReport) => {
    const total = Math.max(report.collections.universities.read, 1);
    const done = report.universities.length;
    const filled = Math.round((done / total) * BAR_WIDTH);
    const bar = `${'#'.repeat(filled)}${'-'.repeat(BAR_WIDTH - filled)}`;
    stream.write(`\r\x1b[2K[${bar}] ${done}/${total} universities · read ${readCounts(report)}`);
  };
  return { read: draw, universityDone: draw, finish: () => stream.write('\n') };
}
