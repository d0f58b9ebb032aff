import { createGoogleSheetStore } from '@campus/shared/server/sheets/google-sheet-store';
import { type SheetStore, SheetStoreError } from '@campus/shared/server/sheets/sheet-store';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { engine } from '../../support/database';
import { type SheetsStandIn, startSheetsStandIn } from '../../support/sheets-stand-in';

const TOKEN = 'test-token';
const TIMEOUT_MS = 300;
const HEADER = ['University', 'Campus', 'First name', 'Order id'];

/** The SheetStoreError a call failed with (and fails the test when it did not fail). */
async function failureOf(call: Promise<unknown>): Promise<SheetStoreError> {
  const error = await call.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(SheetStoreError);
  return error as SheetStoreError;
}

// Engine-independent: it talks HTTP to a stand-in, so it runs once.
describe.runIf(engine === 'pglite')(
  'the Google Sheets SheetStore, against a Sheets stand-in',
  () => {
    let stand: SheetsStandIn;
    let store: SheetStore;

    const storeFor = (overrides: { spreadsheetId?: string; accessToken?: string } = {}) =>
      createGoogleSheetStore({
        spreadsheetId: overrides.spreadsheetId ?? stand.spreadsheetId,
        accessToken: overrides.accessToken ?? TOKEN,
        rootUrl: stand.url,
        timeoutMs: TIMEOUT_MS,
      });

    beforeEach(async () => {
      stand = await startSheetsStandIn({ accessToken: TOKEN });
      store = storeFor();
    });
    afterEach(async () => {
      await stand.close();
    });

    describe('tabs', () => {
      it('creates a tab with its header row in one write, and a second ensure changes nothing', async () => {
        const created = await store.ensureTab('Lahore', HEADER);
        const again = await store.ensureTab('Lahore', ['ignored']);

        expect(again).toEqual(created);
        expect(created.url).toBe(
          `https://docs.google.com/spreadsheets/d/${stand.spreadsheetId}/edit#gid=${created.sheetId}`,
        );
        expect(stand.tab('Lahore')).toEqual([HEADER]);
        expect(stand.calls.writes).toBe(1);
        expect(await store.listTabs()).toEqual([
          expect.objectContaining({ name: 'Sheet1', sheetId: 0 }),
          created,
        ]);
      });

      it('returns the tab another worker created at the same moment instead of failing', async () => {
        stand.latencyMs = 100;
        const other = storeFor();
        const [mine, theirs] = await Promise.all([
          store.ensureTab('Karachi', HEADER),
          other.ensureTab('Karachi', HEADER),
        ]);

        expect(mine).toEqual(theirs);
        expect(stand.tabs().filter((tab) => tab.title === 'Karachi')).toHaveLength(1);
        expect(stand.tab('Karachi')).toEqual([HEADER]);
        // Both tried to create it; Google refused the second ("already exists").
        expect(stand.calls.writes).toBe(2);
        expect(stand.calls.rejected).toBe(1);
      });

      it('deletes a tab, and deleting it again answers false', async () => {
        await store.ensureTab('Islamabad', HEADER);

        expect(await store.deleteTab('Islamabad')).toBe(true);
        expect(stand.tab('Islamabad')).toBeUndefined();
        expect((await store.listTabs()).map((tab) => tab.name)).toEqual(['Sheet1']);
        expect(await store.deleteTab('Islamabad')).toBe(false);
      });

      it('of two workers deleting the same tab at once, one answers true and one false', async () => {
        await store.ensureTab('Islamabad', HEADER);
        stand.latencyMs = 100;

        const answers = await Promise.all([
          store.deleteTab('Islamabad'),
          storeFor().deleteTab('Islamabad'),
        ]);

        expect(answers.sort()).toEqual([false, true]);
        expect(stand.tab('Islamabad')).toBeUndefined();
      });

      it('handles tab names with apostrophes, spaces and A1 punctuation', async () => {
        const name = "Queen's Campus: Block A!";
        await store.ensureTab(name, HEADER);
        await store.appendRows(name, [['U', "Queen's", 'Ayesha', 'ord-1']]);

        expect(await store.readColumn(name, 3)).toEqual(['ord-1']);
        expect(stand.tab(name)?.[1]).toEqual(['U', "Queen's", 'Ayesha', 'ord-1']);
        expect(await store.deleteTab(name)).toBe(true);
      });
    });

    describe('rows', () => {
      it('appends each batch in one call, in order, with the values exactly as given', async () => {
        await store.ensureTab('Lahore', HEADER);
        stand.resetCounts();

        await store.appendRows('Lahore', [
          ['LUMS', 'Main', '=HYPERLINK("x")', 'ord-1'],
          ['LUMS', 'Main', '03001234567', 'ord-2'],
        ]);
        await store.appendRows('Lahore', [['LUMS', 'Main', 130, 'ord-3']]);

        // RAW: no formula, the phone number keeps its leading zero, numbers stay numbers.
        expect(stand.tab('Lahore')).toEqual([
          HEADER,
          ['LUMS', 'Main', '=HYPERLINK("x")', 'ord-1'],
          ['LUMS', 'Main', '03001234567', 'ord-2'],
          ['LUMS', 'Main', 130, 'ord-3'],
        ]);
        expect(stand.calls).toMatchObject({ writes: 2, appends: 2, applied: 2, reads: 0 });
      });

      it('makes no call for an empty batch', async () => {
        await store.ensureTab('Lahore', HEADER);
        stand.resetCounts();

        await store.appendRows('Lahore', []);

        expect(stand.calls.total).toBe(0);
      });

      it('reads one column below the header, with empty cells as empty texts, past column Z', async () => {
        const wide = Array.from({ length: 30 }, (_, i) => `c${i}`);
        await store.ensureTab('Wide', wide);
        expect(await store.readColumn('Wide', 28)).toEqual([]);

        const row = (id: string) => wide.map((_, i) => (i === 28 ? id : i));
        await store.appendRows('Wide', [row('ord-1'), row(''), row('ord-3')]);

        expect(await store.readColumn('Wide', 28)).toEqual(['ord-1', '', 'ord-3']);
        expect(await store.readColumn('Wide', 1)).toEqual(['1', '1', '1']);
        const ranges = stand.requests.map((request) => decodeURIComponent(request.path));
        expect(ranges).toContainEqual(expect.stringContaining("/values/'Wide'!AC2:AC?"));
      });
    });

    describe('cells', () => {
      it('reads the header row, without its empty cells at the end', async () => {
        await store.ensureTab('Lahore', HEADER);

        expect(await store.readHeader('Lahore')).toEqual(HEADER);
        expect(await store.readHeader('Sheet1')).toEqual([]);
        expect((await failureOf(store.readHeader('Multan'))).failure).toBe('not-found');
      });

      it('sets cells of many rows and the header in one RAW write; a repeat changes nothing', async () => {
        await store.ensureTab('Lahore', HEADER);
        await store.appendRows('Lahore', [
          ['LUMS', 'Main', 'Ayesha', 'ord-1'],
          ['LUMS', 'Main', 'Bilal', 'ord-2'],
        ]);
        stand.resetCounts();
        const cells = [
          { row: 0, column: 4, value: 'Status' },
          { row: 0, column: 5, value: 'Status Time' },
          { row: 2, column: 4, value: '=verified' },
          { row: 2, column: 5, value: 'Monday' },
          { row: 1, column: 5, value: 130 },
        ];

        await store.updateCells('Lahore', cells);
        const after = stand.tab('Lahore');
        await store.updateCells('Lahore', cells);

        expect(after).toEqual([
          [...HEADER, 'Status', 'Status Time'],
          ['LUMS', 'Main', 'Ayesha', 'ord-1', '', 130],
          ['LUMS', 'Main', 'Bilal', 'ord-2', '=verified', 'Monday'],
        ]);
        expect(stand.tab('Lahore')).toEqual(after);
        expect(stand.calls).toMatchObject({ writes: 2, cellUpdates: 2, appends: 0, reads: 0 });
        // Side-by-side cells of a row are one range.
        expect(stand.requests[0]?.path).toMatch(/\/values:batchUpdate$/);
      });

      it('widens a tab whose people filled its 26 columns, then writes past them', async () => {
        const full = Array.from({ length: 26 }, (_, i) => `Column ${i + 1}`);
        await store.ensureTab('Wide', full);
        await store.appendRows('Wide', [full.map(() => 'x')]);
        stand.resetCounts();

        await store.updateCells('Wide', [
          { row: 0, column: 26, value: 'Status' },
          { row: 1, column: 26, value: 'verified' },
        ]);

        // The refused write, the grid read, the widening, the write.
        expect(stand.calls).toMatchObject({ writes: 3, reads: 1, applied: 2, rejected: 1 });
        expect(await store.readHeader('Wide')).toEqual([...full, 'Status']);
        expect(stand.tab('Wide')?.[1]?.[26]).toBe('verified');
      });

      it('makes no call for no cells, and a missing tab is not-found', async () => {
        await store.updateCells('Lahore', []);
        expect(stand.calls.total).toBe(0);

        const error = await failureOf(
          store.updateCells('Multan', [{ row: 1, column: 0, value: 'a' }]),
        );
        expect(error.failure).toBe('not-found');
      });
    });

    describe('failures, as the worker must treat them', () => {
      beforeEach(async () => {
        await store.ensureTab('Lahore', HEADER);
        stand.resetCounts();
      });

      it('429: rate-limited with the Retry-After wait, nothing written, not retried by the library', async () => {
        stand.failNext('429', { retryAfterSeconds: 7 });

        const error = await failureOf(store.appendRows('Lahore', [['a', 'b', 'c', 'ord-1']]));

        expect(error.failure).toBe('rate-limited');
        expect(error.retryAfterMs).toBe(7_000);
        expect(error.wroteNothing).toBe(true);
        expect(error.message).toMatch(/HTTP 429.*Quota exceeded/);
        expect(stand.tab('Lahore')).toEqual([HEADER]);
        expect(stand.calls.writes).toBe(1);
      });

      it('429 without Retry-After still says how long to wait', async () => {
        stand.failNext('429', { retryAfterSeconds: null });

        const error = await failureOf(store.appendRows('Lahore', [['a', 'b', 'c', 'ord-1']]));

        expect(error.failure).toBe('rate-limited');
        expect(error.retryAfterMs).toBeGreaterThan(0);
      });

      it('the per-minute write quota answers 429 until the window moves on', async () => {
        stand.setWriteQuota(2);
        await store.appendRows('Lahore', [['a', 'b', 'c', 'ord-1']]);
        await store.appendRows('Lahore', [['a', 'b', 'c', 'ord-2']]);

        const error = await failureOf(store.appendRows('Lahore', [['a', 'b', 'c', 'ord-3']]));

        expect(error.failure).toBe('rate-limited');
        expect(error.retryAfterMs).toBeGreaterThan(0);
        expect(error.retryAfterMs).toBeLessThanOrEqual(60_000);
        expect(await store.readColumn('Lahore', 3)).toEqual(['ord-1', 'ord-2']);
      });

      it.each(['500', '503'] as const)(
        '%s: transient, and the library did not retry it',
        async (fault) => {
          stand.failNext(fault);
          stand.failNext(fault, { on: 'read' });

          const write = await failureOf(store.appendRows('Lahore', [['a', 'b', 'c', 'ord-1']]));
          const read = await failureOf(store.listTabs());

          expect(write.failure).toBe('transient');
          expect(read.failure).toBe('transient');
          expect(write.message).toContain(`HTTP ${fault}`);
          // Gaxios would retry a GET on its own; the worker's retry policy must be the only one.
          expect(stand.calls).toMatchObject({ writes: 1, reads: 1 });
          expect(stand.tab('Lahore')).toEqual([HEADER]);
        },
      );

      it('a call with no answer is transient as soon as the timeout passes', async () => {
        stand.failNext('timeout');
        const started = performance.now();

        const error = await failureOf(store.appendRows('Lahore', [['a', 'b', 'c', 'ord-1']]));

        const elapsed = performance.now() - started;
        expect(error.failure).toBe('transient');
        expect(error.message).toContain(`no answer within ${TIMEOUT_MS} ms`);
        expect(elapsed).toBeGreaterThanOrEqual(TIMEOUT_MS - 20);
        expect(elapsed).toBeLessThan(TIMEOUT_MS + 1_500);
      });

      it.each(['lost-response', 'written-500', 'written-timeout'] as const)(
        '%s: transient although the row IS in the sheet, which readColumn then finds',
        async (fault) => {
          stand.failNext(fault);

          const error = await failureOf(store.appendRows('Lahore', [['a', 'b', 'c', 'ord-1']]));

          expect(error.failure).toBe('transient');
          expect(error.wroteNothing).toBe(false);
          expect(stand.tab('Lahore')).toEqual([HEADER, ['a', 'b', 'c', 'ord-1']]);
          expect(await store.readColumn('Lahore', 3)).toEqual(['ord-1']);
        },
      );

      it('while the service is unreachable calls are transient; it comes back with its data', async () => {
        await store.appendRows('Lahore', [['a', 'b', 'c', 'ord-1']]);
        await stand.down();

        expect((await failureOf(store.listTabs())).failure).toBe('transient');
        expect((await failureOf(store.appendRows('Lahore', [['x']]))).failure).toBe('transient');

        await stand.up();
        await store.appendRows('Lahore', [['a', 'b', 'c', 'ord-2']]);
        expect(await store.readColumn('Lahore', 3)).toEqual(['ord-1', 'ord-2']);
      });

      it('a missing tab is not-found, for appends and reads', async () => {
        const append = await failureOf(store.appendRows('Multan', [['a']]));
        const read = await failureOf(store.readColumn('Multan', 0));

        expect(append.failure).toBe('not-found');
        expect(read.failure).toBe('not-found');
        expect(append.message).toContain('Unable to parse range');
      });

      it('403 (spreadsheet not shared) is permanent', async () => {
        stand.failNext('403', { on: 'any' });

        const error = await failureOf(store.appendRows('Lahore', [['a']]));

        expect(error.failure).toBe('permanent');
        expect(error.message).toMatch(/HTTP 403.*does not have permission/);
      });

      it('a rejected token and a wrong spreadsheet id are permanent, and say which', async () => {
        const badToken = await failureOf(storeFor({ accessToken: 'expired' }).listTabs());
        const badSheet = await failureOf(storeFor({ spreadsheetId: 'no-such-sheet' }).listTabs());

        expect(badToken.failure).toBe('permanent');
        expect(badToken.message).toMatch(/HTTP 401.*invalid authentication credentials/);
        expect(badSheet.failure).toBe('permanent');
        expect(badSheet.message).toMatch(/HTTP 404.*not found/);
      });

      it('error messages carry neither the token nor the rows written', async () => {
        stand.failNext('500');
        const error = await failureOf(
          store.appendRows('Lahore', [['Ayesha Khan', '0300-1234567']]),
        );

        expect(error.message).not.toContain(TOKEN);
        expect(error.message).not.toContain('Ayesha');
        expect(error.cause).toBeUndefined();
      });
    });

    describe('the stand-in refuses what Google would refuse', () => {
      const appendUrl = (query: string) =>
        `${stand.url}v4/spreadsheets/${stand.spreadsheetId}/values/${encodeURIComponent("'Sheet1'!A1")}:append?${query}`;
      const post = (url: string, body: unknown, headers: Record<string, string> = {}) =>
        fetch(url, {
          method: 'POST',
          headers: {
            authorization: `Bearer ${TOKEN}`,
            'content-type': 'application/json',
            ...headers,
          },
          body: JSON.stringify(body),
        });

      it('answers with Google error bodies for missing credentials and malformed appends', async () => {
        const ok = 'valueInputOption=RAW&insertDataOption=INSERT_ROWS';
        const noAuth = await fetch(appendUrl(ok), { method: 'POST', body: '{}' });
        const noOption = await post(appendUrl('insertDataOption=INSERT_ROWS'), { values: [['a']] });
        const notRows = await post(appendUrl(ok), { values: ['a'] });

        expect(noAuth.status).toBe(401);
        expect(await noAuth.json()).toEqual({
          error: { code: 401, message: expect.any(String), status: 'UNAUTHENTICATED' },
        });
        expect(noOption.status).toBe(400);
        expect(await noOption.json()).toMatchObject({
          error: {
            code: 400,
            message: expect.stringContaining('valueInputOption'),
            status: 'INVALID_ARGUMENT',
          },
        });
        expect(notRows.status).toBe(400);
        expect(stand.tab('Sheet1')).toEqual([]);
      });

      it('refuses cell updates that are not RAW, overflow their range or pass the grid', async () => {
        const url = `${stand.url}v4/spreadsheets/${stand.spreadsheetId}/values:batchUpdate`;
        const update = (valueInputOption: string | undefined, range: string, values: unknown) =>
          post(url, { valueInputOption, data: [{ range, majorDimension: 'ROWS', values }] });
        const answers = [
          await update(undefined, "'Sheet1'!A1", [['a']]),
          await update('USER_ENTERED', "'Sheet1'!A1", [['=1+1']]),
          await update('RAW', "'Sheet1'!A1", [['a', 'b']]),
          await update('RAW', "'Sheet1'!AA1", [['a']]),
          await update('RAW', "'Nowhere'!A1", [['a']]),
        ];
        const messages = await Promise.all(
          answers.map(async (answer) => ({
            status: answer.status,
            message: ((await answer.json()) as { error: { message: string } }).error.message,
          })),
        );

        expect(messages).toEqual([
          { status: 400, message: expect.stringContaining('valueInputOption') },
          { status: 400, message: expect.stringContaining('RAW') },
          { status: 400, message: expect.stringContaining('tried writing to column [B]') },
          { status: 400, message: expect.stringContaining('exceeds grid limits') },
          { status: 400, message: expect.stringContaining('Unable to parse range') },
        ]);
        expect(stand.tab('Sheet1')).toEqual([]);
        const ok = await update('RAW', "'Sheet1'!B2", [['a']]);
        expect(ok.status).toBe(200);
        expect(await ok.json()).toMatchObject({
          totalUpdatedCells: 1,
          responses: [{ updatedRange: "'Sheet1'!B2:B2", updatedCells: 1 }],
        });
        expect(stand.tab('Sheet1')).toEqual([[], ['', 'a']]);
      });
    });
  },
);
