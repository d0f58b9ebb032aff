import { z } from 'zod';
import { ADMIN_FORM_MESSAGES } from './admin-forms';

// The bodies of the own-backend sheet calls (SPEC §7): the admin screens send them, the api
// validates them.

// Campus names are short; the cap only keeps absurd bodies out of the job queue and the logs.
const MAX_NAME_LENGTH = 200;
// What the operators' manual append accepts (SPEC §7 sends one row; a few more are handy).
const MAX_APPEND_ROWS = 100;
const MAX_APPEND_CELLS = 30;
// Google Sheets holds at most 50,000 characters in a cell.
const MAX_CELL_LENGTH = 50_000;

/** Messages of the operators' sheet requests. */
export const SHEET_REQUEST_MESSAGES = {
  nameTooLong: `Names must be at most ${MAX_NAME_LENGTH} characters.`,
  rows: `Send between 1 and ${MAX_APPEND_ROWS} rows in values.`,
  cells: `A row holds at most ${MAX_APPEND_CELLS} cells.`,
  cell: `A cell is text of at most ${MAX_CELL_LENGTH} characters or a number.`,
} as const;

const zName = (required: string) =>
  z
    .string(required)
    .trim()
    .min(1, required)
    .max(MAX_NAME_LENGTH, SHEET_REQUEST_MESSAGES.nameTooLong);

/** POST /create and DELETE /delete: the campus whose tab is meant (SPEC §7). */
export const ZSheetTabRequest = z.object({
  universityName: zName(ADMIN_FORM_MESSAGES.universityNameRequired),
  campusName: zName(ADMIN_FORM_MESSAGES.campusNameRequired),
});
export type TSheetTabRequest = z.infer<typeof ZSheetTabRequest>;

const zCell = z.union(
  [z.string().max(MAX_CELL_LENGTH, SHEET_REQUEST_MESSAGES.cell), z.number()],
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
