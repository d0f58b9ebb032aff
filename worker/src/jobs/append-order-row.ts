import type { JobProcessor } from '../processor';
import { appendOrderRow } from '../sheets/sync-tab';

/** `order-<id>-sheet`: the order's row in its campus tab (with its tab's other waiting rows). */
export const appendOrderRowJob: JobProcessor<'append-order-row'> = (payload, context) =>
  appendOrderRow(payload.orderId, context);
