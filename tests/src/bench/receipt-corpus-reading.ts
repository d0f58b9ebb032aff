// How well the worker reads payment screenshots (decision 022): the receipt corpus (four layouts,
// light and dark, copied four ways; tests/src/support/receipt-corpus.ts) read by the worker's own
// reader in a process of its own, so its memory is the reading's. Per-field accuracy against the
// truth, how often a receipt that matches its order is said to differ, reading time and memory.
// Run alone: `node --import tsx tests/src/bench/receipt-corpus-reading.ts` (BENCH_RECEIPTS=40 for
// a short one).
import { fileURLToPath } from 'node:url';
import { receiptDifferences } from '@campus/shared/domain/receipt-check';
import { type ReceiptReading, readReceipt } from '@campus/shared/domain/receipt-reading';
import { createReceiptReader } from '@campus/worker/receipts/receipt-reader';
import sharp from 'sharp';
import { spawnEntry } from '../support/process';
import {
  buildReceiptCorpus,
  CORPUS_PAY_TO_ACCOUNT,
  type CorpusReceipt,
  drawCorpusReceipt,
  RECEIPT_LAYOUTS,
  type ReceiptTruth,
} from '../support/receipt-corpus';
import { percentile } from './percentile';

const ENTRY = 'tests/src/bench/receipt-corpus-reading.ts';
const RESULT_MARK = 'RECEIPT_CORPUS_RESULT ';
/** The worker's own limit is 30 s; the bench wants every receipt's figure, slow ones included. */
const TIME_LIMIT_MS = 60_000;
const MEMORY_SAMPLE_MS = 50;
const MB = 1024 * 1024;

const RECEIPT_FIELDS = ['amount', 'transactionId', 'paidAt', 'reference', 'recipient'] as const;
type Field = (typeof RECEIPT_FIELDS)[number];
/** The issue's goals per field; the others are printed without one. */
const FIELD_GOALS: Partial<Record<Field, number>> = {
  amount: 0.98,
  reference: 0.98,
  transactionId: 0.95,
};
const FALSE_DIFFERS_GOAL = 0.01;

export interface ReceiptCorpusReport {
  receipts: number;
  /** Right readings per field, out of `receipts`. */
  right: Record<Field, number>;
  /** Receipts whose order agrees with them in everything, and how many of those were said to differ. */
  matching: { receipts: number; saidToDiffer: number };
  /** Receipts without the reference in the note: how many the check named as missing it. */
  withoutReference: { receipts: number; named: number };
  /** Each receipt against an order Rs 340 more: how many the check found short. */
  shortFound: number;
  unread: number;
  perLayout: Record<string, { receipts: number; allRight: number }>;
  /** The first misses, to see what the reader gets wrong. */
  misses: Array<{ receipt: string; field: Field; truth: string; read: string }>;
  engineStartSeconds: number;
  readingMs: { p50: number; p95: number; max: number };
  cpuMsPerReading: number;
  memoryMb: { beforeEngine: number; afterEngine: number; peak: number; atEnd: number };
  /**
   * The peak resident memory while reading the biggest pictures accepted, after the corpus: a
   * 10,000 px tall screenshot and a picture of 99 million pixels.
   */
  biggestPicturesMb: { tall: number; huge: number };
}

const fieldRead = (reading: ReceiptReading | null): Record<Field, string> => ({
  amount: String(reading?.amount?.value ?? '-'),
  transactionId: reading?.transactionId?.value ?? '-',
  paidAt: reading?.paidAt?.value ?? '-',
  reference: reading?.references.join(' ') || '-',
  recipient: reading?.recipientAccountEnding?.value ?? '-',
});
const fieldTruth = (truth: ReceiptTruth): Record<Field, string> => ({
  amount: String(truth.amountPaisa),
  transactionId: truth.transactionId,
  paidAt: truth.paidAt,
  reference: truth.reference ?? '-',
  recipient: truth.recipientEnding,
});

/** The order the receipt pays for, placed three minutes after the transfer. */
function orderOf(truth: ReceiptTruth, reference: string) {
  const placed = new Date(Date.parse(`${truth.paidAt}:00Z`) + 3 * 60_000);
  return {
    grandTotalPaisa: truth.amountPaisa,
    paymentReference: reference,
    placedAt: placed.toISOString().slice(0, 16),
    payToAccountNumber: CORPUS_PAY_TO_ACCOUNT,
    transactionIdAlsoOn: [],
  };
}

const describe = (receipt: CorpusReceipt) =>
  `${receipt.layout} ${receipt.dark ? 'dark' : 'light'} ${receipt.copy}${receipt.quality ? ` q${receipt.quality}` : ''}`;

/** Reads the whole corpus here; what the child process runs. */
async function readCorpus(count: number): Promise<ReceiptCorpusReport> {
  let peak = process.memoryUsage.rss();
  const sampler = setInterval(() => {
    peak = Math.max(peak, process.memoryUsage.rss());
  }, MEMORY_SAMPLE_MS);
  const beforeEngine = process.memoryUsage.rss();
  const reader = createReceiptReader({ timeLimitMs: TIME_LIMIT_MS });
  const corpus = buildReceiptCorpus(count);
  const report: ReceiptCorpusReport = {
    receipts: corpus.length,
    right: { amount: 0, transactionId: 0, paidAt: 0, reference: 0, recipient: 0 },
    matching: { receipts: 0, saidToDiffer: 0 },
    withoutReference: { receipts: 0, named: 0 },
    shortFound: 0,
    unread: 0,
    perLayout: Object.fromEntries(
      RECEIPT_LAYOUTS.map((layout) => [layout, { receipts: 0, allRight: 0 }]),
    ),
    misses: [],
    engineStartSeconds: 0,
    readingMs: { p50: 0, p95: 0, max: 0 },
    cpuMsPerReading: 0,
    memoryMb: { beforeEngine: beforeEngine / MB, afterEngine: 0, peak: 0, atEnd: 0 },
    biggestPicturesMb: { tall: 0, huge: 0 },
  };
  try {
    // The engine's start, timed apart: the worker pays it once, at its first receipt.
    const started = performance.now();
    await reader.read(await drawCorpusReceipt(corpus[0] as CorpusReceipt));
    report.engineStartSeconds = (performance.now() - started) / 1000;
    report.memoryMb.afterEngine = process.memoryUsage.rss() / MB;
    const times: number[] = [];
    let cpuMicros = 0;
    for (const receipt of corpus) {
      const picture = await drawCorpusReceipt(receipt);
      const cpu = process.cpuUsage();
      const begun = performance.now();
      const text = await reader.read(picture);
      times.push(performance.now() - begun);
      const used = process.cpuUsage(cpu);
      cpuMicros += used.user + used.system;
      const reading = text.read ? readReceipt(text.lines) : null;
      if (!reading) report.unread++;
      const truth = fieldTruth(receipt.truth);
      const read = fieldRead(reading);
      const wrong = RECEIPT_FIELDS.filter((field) => truth[field] !== read[field]);
      for (const field of RECEIPT_FIELDS) if (!wrong.includes(field)) report.right[field]++;
      const layout = report.perLayout[receipt.layout] as { receipts: number; allRight: number };
      layout.receipts++;
      if (wrong.length === 0) layout.allRight++;
      for (const field of wrong) {
        if (report.misses.length < 12) {
          report.misses.push({
            receipt: describe(receipt),
            field,
            truth: truth[field],
            read: read[field],
          });
        }
      }
      const found = reading ? receiptDifferences(reading, orderOf(receipt.truth, '')) : null;
      const { reference } = receipt.truth;
      if (reference) {
        const differences = reading
          ? receiptDifferences(reading, orderOf(receipt.truth, reference))
          : [{ kind: 'unread' }];
        report.matching.receipts++;
        if (differences.length > 0) report.matching.saidToDiffer++;
      } else {
        report.withoutReference.receipts++;
        if (found?.some((difference) => difference.kind === 'reference_missing')) {
          report.withoutReference.named++;
        }
      }
      const dearer = {
        ...orderOf(receipt.truth, reference ?? ''),
        grandTotalPaisa: receipt.truth.amountPaisa + 34_000,
      };
      if (reading && receiptDifferences(reading, dearer).some((d) => d.kind === 'amount_short')) {
        report.shortFound++;
      }
    }
    const sorted = times.sort((a, b) => a - b);
    report.readingMs = {
      p50: percentile(sorted, 50),
      p95: percentile(sorted, 95),
      max: sorted.at(-1) ?? 0,
    };
    report.cpuMsPerReading = cpuMicros / 1000 / corpus.length;
    report.memoryMb.peak = peak / MB;
    const first = await drawCorpusReceipt(corpus[0] as CorpusReceipt);
    const tall = await sharp(first)
      .extend({
        bottom: 10_000 - ((await sharp(first).metadata()).height ?? 0),
        background: '#ffffff',
      })
      .png()
      .toBuffer();
    const huge = await sharp({
      create: { width: 10_000, height: 9_900, channels: 3, background: '#ffffff' },
    })
      .png()
      .toBuffer();
    for (const [name, picture] of [
      ['tall', tall],
      ['huge', huge],
    ] as const) {
      peak = process.memoryUsage.rss();
      await reader.read(picture);
      report.biggestPicturesMb[name] = peak / MB;
    }
  } finally {
    await reader.close();
    clearInterval(sampler);
  }
  report.memoryMb.atEnd = process.memoryUsage.rss() / MB;
  return report;
}

/** Reads `count` corpus receipts in a child process and returns its figures. */
export async function measureReceiptCorpus(count: number): Promise<ReceiptCorpusReport> {
  const child = spawnEntry(ENTRY, { BENCH_RECEIPTS: String(count), BENCH_RECEIPTS_CHILD: '1' });
  const code = await child.exited;
  const line = child
    .output()
    .split('\n')
    .find((l) => l.startsWith(RESULT_MARK));
  if (code !== 0 || !line)
    throw new Error(`the receipt corpus reading failed (${code}):\n${child.output()}`);
  return JSON.parse(line.slice(RESULT_MARK.length)) as ReceiptCorpusReport;
}

const percent = (part: number, whole: number) =>
  `${((100 * part) / Math.max(1, whole)).toFixed(1)} %`;

export function formatReceiptCorpus(report: ReceiptCorpusReport): string[] {
  const lines = [
    `Receipt reading: ${report.receipts} receipts drawn in ${RECEIPT_LAYOUTS.length} layouts of bank and wallet apps ` +
      "(light and dark; as saved, JPEG q40-q90, halved, cropped 5 %), read by the worker's reader in a process of its own:",
  ];
  for (const field of RECEIPT_FIELDS) {
    const goal = FIELD_GOALS[field];
    lines.push(
      `  ${`${field} read right`.padEnd(52)} ${percent(report.right[field], report.receipts).padStart(8)}` +
        (goal === undefined ? '' : `  (goal >= ${goal * 100} %)`),
    );
  }
  lines.push(
    `  ${'matching receipts said to differ'.padEnd(52)} ${percent(report.matching.saidToDiffer, report.matching.receipts).padStart(8)}` +
      `  (${report.matching.saidToDiffer} of ${report.matching.receipts}; goal <= ${FALSE_DIFFERS_GOAL * 100} %)`,
    `  ${'reference left out of the note: named missing'.padEnd(52)} ${`${report.withoutReference.named} of ${report.withoutReference.receipts}`.padStart(8)}`,
    `  ${'an order Rs 340 more: found short'.padEnd(52)} ${`${report.shortFound} of ${report.receipts}`.padStart(8)}` +
      `; unread: ${report.unread}`,
    `  every field right per layout: ${Object.entries(report.perLayout)
      .map(([layout, row]) => `${layout} ${row.allRight}/${row.receipts}`)
      .join(', ')}`,
    `  reading p50 ${Math.round(report.readingMs.p50)} ms, p95 ${Math.round(report.readingMs.p95)} ms, ` +
      `max ${Math.round(report.readingMs.max)} ms; ${Math.round(report.cpuMsPerReading)} ms CPU a receipt; ` +
      `the engine's start ${report.engineStartSeconds.toFixed(1)} s`,
    `  resident memory: ${Math.round(report.memoryMb.beforeEngine)} MB before the engine, ` +
      `${Math.round(report.memoryMb.afterEngine)} MB after its first receipt, peak ${Math.round(report.memoryMb.peak)} MB while reading, ` +
      `${Math.round(report.memoryMb.atEnd)} MB after it closed; peak ${Math.round(report.biggestPicturesMb.tall)} MB ` +
      `reading a 10,000 px tall screenshot, ${Math.round(report.biggestPicturesMb.huge)} MB a picture of 99 million pixels`,
  );
  for (const miss of report.misses) {
    lines.push(`  missed: ${miss.receipt}: ${miss.field} ${miss.truth} read as ${miss.read}`);
  }
  return lines;
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const report = await readCorpus(Number(process.env.BENCH_RECEIPTS ?? 300));
  if (process.env.BENCH_RECEIPTS_CHILD)
    process.stdout.write(`${RESULT_MARK}${JSON.stringify(report)}\n`);
  else for (const line of formatReceiptCorpus(report)) process.stdout.write(`${line}\n`);
}
