import { Worker } from 'node:worker_threads';
import { zipSizes } from './zip-sizes';

/**
 * What reading one .xlsx workbook may cost (README, Security). Its parts' declared sizes are
 * checked before anything is unpacked; the rows are then read in a worker thread with a heap
 * ceiling and a time limit, one workbook at a time in a process, stopping past the rows wanted.
 */
export const XLSX_BUDGET = {
  unpackedBytes: 32 * 1024 * 1024,
  partBytes: 24 * 1024 * 1024,
  parts: 200,
  heapMb: 128,
  seconds: 20,
} as const;

/** A cell as an import reads it: text, a number, or a formula, whose value is never used. */
export type ReadCell = string | number | { formula: true };

/** Why a workbook was not read: each reader of spreadsheets says it in its own words. */
export type XlsxRefusal = 'unpacksTooLarge' | 'unreadable' | 'tooManyRows';

export class XlsxRefused extends Error {
  constructor(
    readonly reason: XlsxRefusal,
    logMessage: string,
  ) {
    super(logMessage);
    this.name = 'XlsxRefused';
  }
}

type WorkerAnswer =
  | { grid: ReadCell[][] }
  | { refused: 'tooManyRows'; rows: number }
  | { refused: 'noWorksheet' | 'unreadable'; reason?: string };

// Beside this module in the workspace, beside the bundle in a build (scripts/build-server.ts).
const WORKER = new URL('./xlsx-worker.mjs', import.meta.url);

let turn: Promise<unknown> = Promise.resolve();

/** Refuses a workbook whose parts declare more than XLSX_BUDGET allows. */
function checkDeclaredSizes(bytes: Uint8Array): void {
  const sizes = zipSizes(bytes);
  if (!sizes) throw new XlsxRefused('unreadable', 'xlsx: its zip directory is not readable');
  const over =
    sizes.total > XLSX_BUDGET.unpackedBytes ||
    sizes.largest > XLSX_BUDGET.partBytes ||
    sizes.parts > XLSX_BUDGET.parts;
  if (over) {
    const { parts, total, largest } = sizes;
    throw new XlsxRefused(
      'unpacksTooLarge',
      `xlsx of ${parts} parts declaring ${total} bytes unpacked (largest ${largest})`,
    );
  }
}

function readInWorker(bytes: Uint8Array, maxRows: number): Promise<ReadCell[][]> {
  return new Promise((resolve, reject) => {
    const worker = new Worker(WORKER, {
      workerData: { bytes, maxRows },
      resourceLimits: { maxOldGenerationSizeMb: XLSX_BUDGET.heapMb },
    });
    const timer = setTimeout(() => {
      reject(new XlsxRefused('unpacksTooLarge', `xlsx not read in ${XLSX_BUDGET.seconds} s`));
      void worker.terminate();
    }, XLSX_BUDGET.seconds * 1000);
    const settle = (answer: WorkerAnswer | Error) => {
      clearTimeout(timer);
      void worker.terminate();
      if (answer instanceof Error) {
        const outOfMemory = (answer as NodeJS.ErrnoException).code === 'ERR_WORKER_OUT_OF_MEMORY';
        reject(new XlsxRefused(outOfMemory ? 'unpacksTooLarge' : 'unreadable', answer.message));
      } else if ('grid' in answer) resolve(answer.grid);
      else if (answer.refused === 'tooManyRows') {
        reject(new XlsxRefused('tooManyRows', `xlsx with more than ${maxRows} rows`));
      } else reject(new XlsxRefused('unreadable', `xlsx: ${answer.reason ?? answer.refused}`));
    };
    worker.once('message', settle);
    worker.once('error', settle);
    worker.once('exit', (code) => settle(new Error(`the xlsx reader stopped (exit ${code})`)));
  });
}

/**
 * The rows of the first worksheet of an .xlsx workbook (row 1 first), within XLSX_BUDGET and at
 * most `maxRows` of them; throws XlsxRefused otherwise.
 */
export function readXlsx(bytes: Uint8Array, maxRows: number): Promise<ReadCell[][]> {
  checkDeclaredSizes(bytes);
  const read = turn.then(() => readInWorker(bytes, maxRows));
  turn = read.catch(() => {});
  return read;
}
