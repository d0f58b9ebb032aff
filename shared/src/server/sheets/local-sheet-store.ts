import { asc, eq } from 'drizzle-orm';
import { oversizedCell, SHEET_MAX_CELL_LENGTH, type SheetCell } from '../../domain/order';
import type { Db } from '../db/client';
import { sheetRows, sheetTabs } from '../db/schema';
import {
  type SheetCellUpdate,
  type SheetStore,
  SheetStoreError,
  type SheetTabInfo,
} from './sheet-store';

/** A whole tab as the app's spreadsheet page shows it. */
export interface SheetTabContents {
  tab: SheetTabInfo;
  header: string[];
  rows: SheetCell[][];
}

/** The address of a local tab's page in the app ('View Orders'). */
export function localSheetTabPath(name: string): string {
  return `/sheets/${encodeURIComponent(name)}`;
}

function toInfo(row: { sheetId: number; name: string }): SheetTabInfo {
  return { name: row.name, sheetId: row.sheetId, url: localSheetTabPath(row.name) };
}

/** A row with these cells set; the cells between its end and a new one are empty texts. */
function withCells<T extends SheetCell>(row: readonly T[], cells: readonly SheetCellUpdate[]) {
  const next: SheetCell[] = [...row];
  for (const { column, value } of cells) {
    while (next.length < column) next.push('');
    next[column] = value;
  }
  return next;
}

function withoutTrailingEmpties(row: readonly SheetCell[]): string[] {
  const texts = row.map(String);
  while (texts.length > 0 && texts[texts.length - 1] === '') texts.pop();
  return texts;
}

export type LocalSheetStore = SheetStore & {
  readonly kind: 'local';
  /** The tab with its header and every row in the order they were appended, or null. */
  readTab(name: string): Promise<SheetTabContents | null>;
};

/** The default SheetStore: tabs and rows in our own database (docs/architecture.md §2). */
export function createLocalSheetStore(db: Db): LocalSheetStore {
  const findTab = async (name: string) => {
    const [tab] = await db.select().from(sheetTabs).where(eq(sheetTabs.name, name));
    return tab ?? null;
  };
  const requireTab = async (name: string) => {
    const tab = await findTab(name);
    if (!tab) throw new SheetStoreError('not-found', `No sheet tab named ${name}`);
    return tab;
  };

  return {
    kind: 'local',
    // One database: a write that failed did not happen.
    settleMs: 0,
    async listTabs() {
      const tabs = await db.select().from(sheetTabs).orderBy(asc(sheetTabs.sheetId));
      return tabs.map(toInfo);
    },
    async ensureTab(name, header) {
      await db
        .insert(sheetTabs)
        .values({ name, header: [...header] })
        .onConflictDoNothing({ target: sheetTabs.name });
      return toInfo(await requireTab(name));
    },
    async deleteTab(name) {
      const deleted = await db
        .delete(sheetTabs)
        .where(eq(sheetTabs.name, name))
        .returning({ id: sheetTabs.sheetId });
      return deleted.length > 0;
    },
    async appendRows(name, rows) {
      if (rows.length === 0) return;
      // The same limit as Google's, so that a row behaves the same whichever store is configured.
      const oversized = rows.findIndex((row) => oversizedCell(row) !== null);
      if (oversized !== -1) {
        throw new SheetStoreError(
          'content-refused',
          `row ${oversized + 1} has a cell over ${SHEET_MAX_CELL_LENGTH} characters`,
        );
      }
      const tab = await requireTab(name);
      await db
        .insert(sheetRows)
        .values(rows.map((cells) => ({ sheetId: tab.sheetId, cells: [...cells] })));
    },
    async readColumn(name, column) {
      const tab = await requireTab(name);
      const rows = await db
        .select({ cells: sheetRows.cells })
        .from(sheetRows)
        .where(eq(sheetRows.sheetId, tab.sheetId))
        .orderBy(asc(sheetRows.id));
      return rows.map((row) => String(row.cells[column] ?? ''));
    },
    async readHeader(name) {
      return withoutTrailingEmpties((await requireTab(name)).header);
    },
    async updateCells(name, cells) {
      if (cells.length === 0) return;
      if (cells.some((cell) => oversizedCell([cell.value]) !== null)) {
        throw new SheetStoreError(
          'content-refused',
          `a cell over ${SHEET_MAX_CELL_LENGTH} characters`,
        );
      }
      await db.transaction(async (tx) => {
        const [tab] = await tx
          .select()
          .from(sheetTabs)
          .where(eq(sheetTabs.name, name))
          .for('update');
        if (!tab) throw new SheetStoreError('not-found', `No sheet tab named ${name}`);
        const headerCells = cells.filter((cell) => cell.row === 0);
        if (headerCells.length > 0) {
          await tx
            .update(sheetTabs)
            .set({ header: withCells(tab.header, headerCells).map(String) })
            .where(eq(sheetTabs.sheetId, tab.sheetId));
        }
        const byRow = new Map<number, SheetCellUpdate[]>();
        for (const cell of cells) {
          if (cell.row > 0) byRow.set(cell.row, [...(byRow.get(cell.row) ?? []), cell]);
        }
        if (byRow.size === 0) return;
        // Rows are numbered as the tab shows them: in the order they were appended.
        const rows = await tx
          .select({ id: sheetRows.id, cells: sheetRows.cells })
          .from(sheetRows)
          .where(eq(sheetRows.sheetId, tab.sheetId))
          .orderBy(asc(sheetRows.id));
        for (const [row, rowCells] of byRow) {
          const target = rows[row - 1];
          if (!target) {
            throw new SheetStoreError('permanent', `Tab ${name} has no row ${row + 1}`);
          }
          await tx
            .update(sheetRows)
            .set({ cells: withCells(target.cells, rowCells) })
            .where(eq(sheetRows.id, target.id));
        }
      });
    },
    async readTab(name) {
      const tab = await findTab(name);
      if (!tab) return null;
      const rows = await db
        .select({ cells: sheetRows.cells })
        .from(sheetRows)
        .where(eq(sheetRows.sheetId, tab.sheetId))
        .orderBy(asc(sheetRows.id));
      return { tab: toInfo(tab), header: tab.header, rows: rows.map((row) => row.cells) };
    },
  };
}
