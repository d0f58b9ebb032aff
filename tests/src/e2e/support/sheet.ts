import { ORDER_SHEET_HEADER } from '@campus/shared/domain/order';
import { sheetTabName } from '@campus/shared/domain/sheet-tab';
import type { Locator, Page } from '@playwright/test';
import { expect } from './test';

// The local spreadsheet's view (/sheets/:tab) as a campus admin reads it. Columns are found by
// their header, as the worker finds them: the Status columns come after 'Order ID' once an order
// of the tab changed state.

/**
 * The header titles of the /sheets/:tab table, without the row-number corner and column letters.
 */
async function sheetHeader(page: Page): Promise<string[]> {
  return page
    .locator('thead th')
    .evaluateAll((cells) => cells.slice(1).map((cell) => cell.lastElementChild?.textContent ?? ''));
}

/** The /sheets/:tab row of the order: the one with a cell that is its id. */
export const sheetRow = (page: Page, orderId: string): Locator =>
  page.locator('tbody tr').filter({ has: page.getByRole('cell', { name: orderId, exact: true }) });

/** The texts of a sheet row's cells (after its row number), as the page shows them. */
async function sheetCells(row: Locator): Promise<string[]> {
  return row.locator('td').evaluateAll((cells) => cells.map((cell) => cell.textContent ?? ''));
}

/** Opens the campus's tab and waits, refreshing, until `ready` holds for the order's row. */
export async function openSheetRow(
  page: Page,
  campus: { university: string; campus: string },
  orderId: string,
  ready: (cells: Record<string, string>) => void = () => {},
): Promise<Record<string, string>> {
  const tab = sheetTabName(campus.university, campus.campus);
  await page.goto(`/sheets/${encodeURIComponent(tab)}`);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(tab);
  let byHeader: Record<string, string> = {};
  // The worker writes asynchronously: refresh until the row is as expected.
  await expect(async () => {
    const refresh = page.getByRole('button', { name: 'Refresh', exact: true });
    if (await refresh.isVisible()) await refresh.click();
    else await page.reload();
    const row = sheetRow(page, orderId);
    await expect(row).toHaveCount(1, { timeout: 2_000 });
    const header = await sheetHeader(page);
    expect(header.slice(0, ORDER_SHEET_HEADER.length)).toEqual(ORDER_SHEET_HEADER);
    const cells = await sheetCells(row);
    byHeader = Object.fromEntries(header.map((title, i) => [title, cells[i] ?? '']));
    ready(byHeader);
  }).toPass({ timeout: 20_000 });
  return byHeader;
}
