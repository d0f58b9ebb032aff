import { defaultPayTo, type TServerConfig, uploadsDirOf } from '@campus/shared/server/config';
import type { Metrics } from '@campus/shared/server/metrics/metrics';
import type { ReceiptDeps } from './read-order-receipt';
import { createReceiptReader } from './receipt-reader';
import { createScreenshotSource } from './screenshot-source';

/** A receipt read longer than this is given up: the admin reads it (decision 022). */
const RECEIPT_TIME_LIMIT_MS = 30_000;

/**
 * The worker's receipt reading, from configuration, counted on the process's metrics; `close`
 * ends its OCR engine.
 */
export function receiptsFromConfig(
  config: TServerConfig,
  metrics: Metrics,
): ReceiptDeps & { close(): Promise<void> } {
  const reader = createReceiptReader({ timeLimitMs: RECEIPT_TIME_LIMIT_MS });
  return {
    reader,
    screenshot: createScreenshotSource({ uploadsDir: uploadsDirOf(config) }),
    counted: { metrics, payToDefault: defaultPayTo(config) },
    close: reader.close,
  };
}
