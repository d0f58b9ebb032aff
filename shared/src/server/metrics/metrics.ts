import { Counter, collectDefaultMetrics, Histogram, Registry } from 'prom-client';

// Every metric name the product exports is defined once, here or (the pipeline's gauges) in
// pipeline-gauges.ts: the README, the Grafana dashboard
// (docs/ops/grafana-dashboard.json) and the alert rules (docs/ops/prometheus-alerts.yml) use them.

const SECONDS_HTTP = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];
// A checkout's stages take from a fraction of a millisecond (a Redis round trip) up to its whole
// answer.
const SECONDS_STAGE = [0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1];
// Jobs range from a mail (tens of ms) to a batched append that waited for the sheet (a minute).
const SECONDS_JOB = [0.01, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30, 60, 120, 300];

/**
 * One process's metrics on a registry of its own (never prom-client's global one, so that several
 * apps in one test process do not collide). The api and the worker each make one; the all-in-one
 * process makes one and hands it to both, so its /metrics shows everything.
 */
export function createMetrics(options: { processMetrics?: boolean } = {}) {
  const registry = new Registry();
  // CPU, memory, event loop lag, GC: worth having on a real process, not on each test app.
  if (options.processMetrics) collectDefaultMetrics({ register: registry });
  const registers = [registry];
  return {
    registry,
    httpRequests: new Counter({
      name: 'campus_http_requests_total',
      help: 'HTTP requests answered, by method, route pattern and status',
      labelNames: ['method', 'route', 'status'] as const,
      registers,
    }),
    httpDuration: new Histogram({
      name: 'campus_http_request_duration_seconds',
      help: 'Time to answer an HTTP request, by method and route pattern',
      labelNames: ['method', 'route'] as const,
      buckets: SECONDS_HTTP,
      registers,
    }),
    ordersPlaced: new Counter({
      name: 'campus_orders_placed_total',
      help: 'Orders placed at checkout (a repeat of a placed order is not counted)',
      registers,
    }),
    checkoutFailures: new Counter({
      name: 'campus_checkout_failures_total',
      help: 'Checkouts refused or failed, by the error code of the answer',
      labelNames: ['reason'] as const,
      registers,
    }),
    checkoutStage: new Histogram({
      name: 'campus_checkout_stage_seconds',
      help: 'Time a checkout spent in each stage it got through (session, form, rate_limit, captcha, order, enqueue)',
      labelNames: ['stage'] as const,
      buckets: SECONDS_STAGE,
      registers,
    }),
    jobDuration: new Histogram({
      name: 'campus_job_duration_seconds',
      help: 'Time a worker spent on a job, by queue, job name and outcome (completed, failed, deferred)',
      labelNames: ['queue', 'job', 'outcome'] as const,
      buckets: SECONDS_JOB,
      registers,
    }),
    sheetWrites: new Counter({
      name: 'campus_sheet_writes_total',
      help: 'Spreadsheet writes, by operation (append, update) and result (ok, rate_limited: a 429 of the service, failed)',
      labelNames: ['operation', 'result'] as const,
      registers,
    }),
    mailsSent: new Counter({
      name: 'campus_mails_sent_total',
      help: 'E-mails handed to SMTP or written to the outbox folder',
      registers,
    }),
    mailFailures: new Counter({
      name: 'campus_mail_failures_total',
      help: 'E-mails that could not be sent (the job retries them)',
      registers,
    }),
    receiptsRead: new Counter({
      name: 'campus_receipts_read_total',
      help: 'Payment screenshots read by OCR, by outcome (read, timeout, not-an-image, no-picture)',
      labelNames: ['outcome'] as const,
      registers,
    }),
    receiptFields: new Counter({
      name: 'campus_receipt_fields_found_total',
      help: 'Fields found on the receipts read, by field (amount, transaction_id, date, recipient, reference)',
      labelNames: ['field'] as const,
      registers,
    }),
    receiptDifferences: new Counter({
      name: 'campus_receipt_differences_total',
      help: 'Differences between a receipt and its order when it was read, by kind (receipt-check.ts)',
      labelNames: ['kind'] as const,
      registers,
    }),
    receiptDelay: new Histogram({
      name: 'campus_receipt_reading_delay_seconds',
      help: 'Time from an order placed to its receipt read',
      buckets: SECONDS_JOB,
      registers,
    }),
    statementCredits: new Counter({
      name: 'campus_statement_credits_total',
      help: 'Credits of imported bank statements, by result (added, already_imported, matched to an order)',
      labelNames: ['result'] as const,
      registers,
    }),
  };
}

export type Metrics = ReturnType<typeof createMetrics>;
