// A worker process of the reliability run: the product's worker (worker/src/run-worker.ts) with
// the Google Sheets adapter pointed at the test's Sheets stand-in, and a quick upkeep so that a run
// of a few minutes sees orders revived. Nothing else differs from `npm run start:worker`.
import { createGoogleSheetStore } from '@campus/shared/server/sheets/google-sheet-store';
import { runWorker } from '@campus/worker/run-worker';

const rootUrl = process.env.STAND_IN_URL;
const spreadsheetId = process.env.STAND_IN_SPREADSHEET_ID;
if (!rootUrl || !spreadsheetId) {
  throw new Error('STAND_IN_URL and STAND_IN_SPREADSHEET_ID name the Sheets stand-in');
}

await runWorker({
  sheets: () =>
    createGoogleSheetStore({
      spreadsheetId,
      rootUrl,
      // Its own token, so that the stand-in can tell which worker made a call.
      accessToken: process.env.STAND_IN_ACCESS_TOKEN ?? 'reliability-run',
      timeoutMs: Number(process.env.STAND_IN_TIMEOUT_MS ?? 3_000),
    }),
  upkeep: { everyMs: 5_000, staleOrderMs: 20_000 },
});
