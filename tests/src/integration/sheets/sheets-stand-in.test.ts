import { describe, expect, it } from 'vitest';
import { engine } from '../../support/database';
import { consoleErrorSpy } from '../../support/fail-on-console-error';
import { startSheetsStandIn } from '../../support/sheets-stand-in';

// Engine-independent: it talks HTTP to the stand-in, so it runs once.
describe.runIf(engine === 'pglite')('the Sheets stand-in', () => {
  it('answers 500 naming its own failure, and logs it, instead of leaving the call hanging', async () => {
    const stand = await startSheetsStandIn();
    const logged: unknown[][] = [];
    consoleErrorSpy.mockImplementationOnce((...args: unknown[]) => {
      logged.push(args);
    });
    // A bug of the stand-in once the request's body has been read: it reads its latency then.
    Object.defineProperty(stand, 'latencyMs', {
      get() {
        throw new TypeError('a bug of the stand-in');
      },
    });
    try {
      const response = await fetch(
        `${stand.url}v4/spreadsheets/${stand.spreadsheetId}:batchUpdate`,
        {
          method: 'POST',
          body: '{"requests":[]}',
          signal: AbortSignal.timeout(5_000),
        },
      );
      expect(response.status).toBe(500);
      expect(JSON.stringify(await response.json())).toContain('a bug of the stand-in');
      expect(logged.map((args) => args.map(String).join(' '))).toEqual([
        expect.stringContaining('sheets stand-in failed on POST'),
      ]);
    } finally {
      await stand.close();
    }
  });
});
