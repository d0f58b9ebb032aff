import { z } from 'zod';
import { ADMIN_FORM_MESSAGES } from './admin-forms';
import { zText } from './form-validation';
import { SHEET_MAX_CELL_LENGTH } from './order';
import { TEXT_LIMITS, TEXT_MESSAGES, textProblem } from './text';

// The bodies of the own-backend sheet calls (docs/product.md §7): the admin screens send them, the
// api validates them.

// What the operators' manual append accepts (docs/product.md §7 sends one row; a few more are
// handy).
const MAX_APPEND_ROWS = 100;
const MAX_APPEND_CELLS = 30;
const MAX_CELL_LENGTH = SHEET_MAX_CELL_LENGTH;

/** Messages of the operators' sheet requests. */
export const SHEET_REQUEST_MESSAGES = {
  rows: `Send between 1 and ${MAX_APPEND_ROWS} rows in values.`,
  cells: `A row holds at most ${MAX_APPEND_CELLS} cells.`,
  cell: `A cell is text of at most ${MAX_CELL_LENGTH} characters or a number.`,
  refused: (reason: string) => `The spreadsheet refused these rows: ${reason}`,
} as const;

// The names the admin forms accept (the shared text rule), and given: anything but text is none.
const zName = (required: string) =>
  z.preprocess(
    (name) => (typeof name === 'string' ? name : ''),
    zText({ max: TEXT_LIMITS.name }).refine((name) => name !== '', required),
  );

/** POST /create and DELETE /delete: the campus whose tab is meant (docs/product.md §7). */
export const ZSheetTabRequest = z.object({
  universityName: zName(ADMIN_FORM_MESSAGES.universityNameRequired),
  campusName: zName(ADMIN_FORM_MESSAGES.campusNameRequired),
});
export type TSheetTabRequest = z.infer<typeof ZSheetTabRequest>;

// A cell may hold line breaks (cart items are one line per item) but no other control character.
const zCell = z.union(
  [
    z
      .string()
      .max(MAX_CELL_LENGTH, SHEET_REQUEST_MESSAGES.cell)
      .refine(
        (cell) => textProblem(cell, { max: MAX_CELL_LENGTH, multiline: true }) === null,
        TEXT_MESSAGES.forbiddenCharacters,
      ),
    z.number(),
  ],
  SHEET_REQUEST_MESSAGES.cell,
);

/** POST /orders/:tabName: rows to append as they are. */
export const ZAppendRowsRequest = z.object({
  values: z
    .array(
      z
        .array(zCell, SHEET_REQUEST_MESSAGES.cells)
        .max(MAX_APPEND_CELLS, SHEET_REQUEST_MESSAGES.cells),
      SHEET_REQUEST_MESSAGES.rows,
    )
    .min(1, SHEET_REQUEST_MESSAGES.rows)
    .max(MAX_APPEND_ROWS, SHEET_REQUEST_MESSAGES.rows),
});
export type TAppendRowsRequest = z.infer<typeof ZAppendRowsRequest>;

/** What POST /create, DELETE /delete and POST /master answer (202): the tab and its queued job. */
export const ZSheetJobResponse = z.object({
  ok: z.literal(true),
  tabName: z.string(),
  jobId: z.string(),
});
export type TSheetJobResponse = z.infer<typeof ZSheetJobResponse>;

/** What POST /orders/:tabName answers: how many rows were appended. */
export const ZAppendRowsResponse = z.object({ ok: z.literal(true), updatedRows: z.number() });
export type TAppendRowsResponse = z.infer<typeof ZAppendRowsResponse>;

/** A tab of the orders spreadsheet and the address 'View Orders' opens. */
export const ZSheetTabLink = z.object({ name: z.string(), sheetId: z.number(), url: z.string() });
export type TSheetTabLink = z.infer<typeof ZSheetTabLink>;

/** GET /api/sheets/tabs: all tabs for a super admin, only their campus's for a campus admin. */
export const ZSheetTabsResponse = z.object({ ok: z.literal(true), tabs: z.array(ZSheetTabLink) });
export type TSheetTabsResponse = z.infer<typeof ZSheetTabsResponse>;

/** GET /api/sheets/tabs/:name/rows: every row of one tab of the local spreadsheet, header apart. */
export const ZSheetTabRowsResponse = z.object({
  ok: z.literal(true),
  tab: ZSheetTabLink,
  header: z.array(z.string()),
  rows: z.array(z.array(z.union([z.string(), z.number()]))),
});
export type TSheetTabRowsResponse = z.infer<typeof ZSheetTabRowsResponse>;

/** An order whose sheet row was set aside because the spreadsheet refused what it holds. */
export const ZSetAsideRow = z.object({
  orderId: z.string(),
  placedAt: z.string(),
  reason: z.string(),
});
export type TSetAsideRow = z.infer<typeof ZSetAsideRow>;

/** GET /api/sheets/tabs/:name/set-aside: the tab's set-aside rows, oldest first. */
export const ZSetAsideRowsResponse = z.object({ ok: z.literal(true), rows: z.array(ZSetAsideRow) });
export type TSetAsideRowsResponse = z.infer<typeof ZSetAsideRowsResponse>;

/** What the order panel says about set-aside rows. */
export const SET_ASIDE_MESSAGES = {
  heading: (count: number) =>
    `${count} order${count === 1 ? '' : 's'} could not be written to the sheet`,
  explanation:
    'The spreadsheet refused what these orders hold; the other orders of this tab are written as usual. Once an order is fixed, a super admin retries its sheet job at /ops/queues and its row is written.',
} as const;
