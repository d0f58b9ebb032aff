import { z } from 'zod';
import { ADMIN_FORM_MESSAGES } from './admin-forms';
import { zText } from './form-validation';
import { SHEET_MAX_CELL_LENGTH } from './order';
import { TEXT_LIMITS, TEXT_MESSAGES, textProblem } from './text';

// The bodies of the own-backend sheet calls (SPEC §7): the admin screens send them, the api
// validates them.

// What the operators' manual append accepts (SPEC §7 sends one row; a few more are handy).
const MAX_APPEND_ROWS = 100;
const MAX_APPEND_CELLS = 30;
const MAX_CELL_LENGTH = SHEET_MAX_CELL_LENGTH;

/** Messages of the operators' sheet requests. */
export const SHEET_REQUEST_MESSAGES = {
  rows: `Send between 1 and ${MAX_APPEND_ROWS} rows in values.`,
  cells: `A row holds at most ${MAX_APPEND_CELLS} cells.`,
  cell: `A cell is text of at most ${MAX_CELL_LENGTH} characters or a number.`,
} as const;

// The names the admin forms accept (the shared text rule), and given: anything but text is none.
const zName = (required: string) =>
  z.preprocess(
    (name) => (typeof name === 'string' ? name : ''),
    zText({ max: TEXT_LIMITS.name }).refine((name) => name !== '', required),
  );

/** POST /create and DELETE /delete: the campus whose tab is meant (SPEC §7). */
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

/** An order whose sheet row was set aside because the spreadsheet refused what it holds. */
export type TSetAsideRow = { orderId: string; placedAt: string; reason: string };

/** GET /api/sheets/tabs/:name/set-aside: the tab's set-aside rows, oldest first. */
export type TSetAsideRowsResponse = { ok: true; rows: TSetAsideRow[] };

/** What the order panel says about set-aside rows. */
export const SET_ASIDE_MESSAGES = {
  heading: (count: number) =>
    `${count} order${count === 1 ? '' : 's'} could not be written to the sheet`,
  explanation:
    'The spreadsheet refused what these orders hold; the other orders of this tab are written as usual. Once an order is fixed, a super admin retries its sheet job at /ops/queues and its row is written.',
} as const;
