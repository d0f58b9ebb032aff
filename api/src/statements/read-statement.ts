import {
  guessStatementMapping,
  readStatementRow,
  STATEMENT_FIELDS,
  STATEMENT_FILE_MAX_ROWS,
  STATEMENT_MESSAGES,
  type StatementCredit,
  type TStatementMapping,
  type TStatementSkip,
} from '@campus/shared/domain/bank-statement';
import { invalidField } from '../http/errors';
import { readSpreadsheet } from '../spreadsheets/read-sheet';
import type { ReadCell } from '../spreadsheets/read-xlsx';

/** A row of the statement: its number in the file, and a credit or why it was skipped. */
export type StatementRow = { row: number; read: StatementCredit | { skip: TStatementSkip } };

/**
 * The statement's rows read by `mapping` (the admin's, else the campus's last one where it fits
 * this file's header, else one guessed from the header), within the limits of every spreadsheet
 * we read. A column the mapping names that the file lacks is a 400 naming it.
 */
export async function readStatement(
  bytes: Uint8Array,
  chosen: { given: TStatementMapping | null; remembered: TStatementMapping | null },
): Promise<{ header: string[]; mapping: TStatementMapping; rows: StatementRow[] }> {
  const sheet = await readSpreadsheet(bytes, {
    what: 'statement',
    maxRows: STATEMENT_FILE_MAX_ROWS,
    messages: STATEMENT_MESSAGES,
  });
  const fits = (mapping: TStatementMapping) =>
    STATEMENT_FIELDS.every(
      (field) => mapping[field] === '' || sheet.header.includes(mapping[field]),
    );
  const mapping =
    chosen.given ??
    (chosen.remembered && fits(chosen.remembered) ? chosen.remembered : null) ??
    guessStatementMapping(sheet.header);
  for (const field of STATEMENT_FIELDS) {
    const column = mapping[field];
    if (column !== '' && !sheet.header.includes(column)) {
      throw invalidField(field, STATEMENT_MESSAGES.unknownColumn(column));
    }
  }
  const rows = sheet.rows.map(({ row, cells }) => {
    const byHeader: Record<string, ReadCell> = {};
    sheet.header.forEach((title, index) => {
      if (title !== '' && !(title in byHeader)) byHeader[title] = cells[index] ?? '';
    });
    return { row, read: readStatementRow(byHeader, mapping) };
  });
  return { header: sheet.header, mapping, rows };
}
