import { readFileSync } from 'node:fs';
import { readReceipt } from '@campus/shared/domain/receipt-reading';
import { createReceiptReader } from '@campus/worker/receipts/receipt-reader';

// Reads the receipt picture at argv[2] and prints what it says as JSON: run in a process with no
// network, it shows the model loads from the installed package (tests/src/measurements).
const reader = createReceiptReader({ timeLimitMs: 60_000 });
const text = await reader.read(readFileSync(process.argv[2] ?? ''));
await reader.close();
process.stdout.write(JSON.stringify(text.read ? readReceipt(text.lines) : text));
