import {
  OPERATIONS_API,
  ORDERS_EXPORT_MAX_ROWS,
  ORDERS_EXPORT_MESSAGES,
} from '@campus/shared/domain/operations-api';
import { ORDER_SHEET_HEADER, ORDER_SHEET_STATUS_COLUMNS } from '@campus/shared/domain/order';
import { orders, refunds } from '@campus/shared/server/db/schema';
import { getTableColumns, sql } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { type AdminTree, buildAdminTree } from '../../support/admin';
import {
  access,
  answerOf,
  as,
  db,
  query,
  setUpAdminAccess,
} from '../../support/admin-access/context';
import { buildOrder, buildUser } from '../../support/builders';
import { engine } from '../../support/database';

// The orders export for the accounts (docs/product.md §10): the Payments queue's filters, the order
// sheet's columns with the Status ones, formula cells defused, and a bound on one file.

setUpAdminAccess();

const HEADER = [...ORDER_SHEET_HEADER, ...ORDER_SHEET_STATUS_COLUMNS, 'Refund'];

async function orderAt(tree: AdminTree, placedAt: string, overrides = {}) {
  const student = await buildUser(db(), {
    universityId: tree.university.id,
    campusId: tree.campus.id,
  });
  return buildOrder(db(), tree, student, { placedAt: new Date(placedAt), ...overrides });
}

const exportPath = (path: string, tree: AdminTree, filters: Record<string, string>) =>
  `${path}${query({ universityId: tree.university.id, campusId: tree.campus.id, ...filters })}`;

/** The campus's orders placed 1–2 May 2026 in Karachi, and one just before and after. */
async function mayOrders(tree: AdminTree) {
  return {
    // 1 May 00:00 and 2 May 23:59:59 in Karachi (UTC+5): both in.
    first: await orderAt(tree, '2026-04-30T19:00:00Z', {
      specialInstruction: '=HYPERLINK("http://evil.test","open")',
    }),
    last: await orderAt(tree, '2026-05-02T18:59:59Z', {
      status: 'verified',
      statusChangedAt: new Date('2026-05-02T19:30:00Z'),
    }),
    before: await orderAt(tree, '2026-04-30T18:59:59Z'),
    after: await orderAt(tree, '2026-05-02T19:00:00Z'),
  };
}

describe(`the orders export on ${engine}`, () => {
  it("downloads the campus's orders of the chosen days as CSV, formula cells defused", async () => {
    const ours = await buildAdminTree(db());
    const made = await mayOrders(ours);
    const other = await buildAdminTree(db());
    await orderAt(other, '2026-05-01T10:00:00Z');
    const response = await as('superAdmin', {
      method: 'GET',
      path: exportPath(OPERATIONS_API.ordersExportCsv, ours, {
        from: '2026-05-01',
        to: '2026-05-02',
      }),
    });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(response.headers.get('content-disposition')).toContain(
      'attachment; filename="orders_2026-05-01_to_2026-05-02.csv"',
    );
    const csv = await response.text();
    const [header, ...rest] = csv.replace(/^\uFEFF/, '').split('\r\n');
    expect(header).toBe(HEADER.join(','));
    // Oldest first, only the two of the range and of this campus (the ids sit before the Status).
    expect(rest.join('\n').match(/,[0-9a-f-]{36},(placed|verified),/g)).toEqual([
      `,${made.first.id},placed,`,
      `,${made.last.id},verified,`,
    ]);
    expect(csv).not.toContain(made.before.id);
    expect(csv).not.toContain(made.after.id);
    // The student's formula is text with a leading quote, never run by a spreadsheet program.
    expect(csv).toContain(`"'=HYPERLINK(""http://evil.test"",""open"")"`);
    // Status Time: when it was verified, in the campus's zone.
    expect(csv).toContain(`,${made.last.id},verified,"Sunday, May 3, 2026 at 12:30:00 AM GMT+5",`);
  });

  it('downloads one state as XLSX with the sheet columns, numbers as numbers', async () => {
    const ours = await buildAdminTree(db());
    const made = await mayOrders(ours);
    // An admin recorded a refund of Rs 50 the student paid over.
    await db().insert(refunds).values({
      id: crypto.randomUUID(),
      orderId: made.last.id,
      campusId: ours.campus.id,
      amountPaisa: 5_000,
      reason: 'Paid Rs 50 more than the total.',
    });
    const response = await as('superAdmin', {
      method: 'GET',
      path: exportPath(OPERATIONS_API.ordersExportXlsx, ours, {
        from: '2026-05-01',
        to: '2026-05-02',
        status: 'verified',
      }),
    });
    expect(response.status).toBe(200);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(await response.arrayBuffer());
    const sheet = workbook.worksheets[0];
    if (!sheet) throw new Error('no worksheet');
    expect(sheet.getRow(1).values).toEqual([undefined, ...HEADER]);
    expect(sheet.rowCount).toBe(2);
    const row = sheet.getRow(2);
    const cell = (name: string) => row.getCell(HEADER.indexOf(name as never) + 1).value;
    expect(cell('Order ID')).toBe(made.last.id);
    expect(cell('Campus')).toBe(ours.campus.name);
    expect(cell('Grand Total')).toBe(made.last.grandTotalPaisa / 100);
    expect(cell('Status')).toBe('verified');
    expect(cell('Batch')).toBe('');
    expect(cell('Payment Reference')).toBe(made.last.paymentReference);
    expect(cell('Refund')).toBe('Refund of Rs 50.00: due');
  });

  it("refuses a campus admin another campus's orders", async () => {
    const response = await as('theirAdmin', {
      method: 'GET',
      path: exportPath(OPERATIONS_API.ordersExportCsv, access.ours, {}),
    });
    expect(response.status).toBe(403);
  });

  it(`refuses more than ${ORDERS_EXPORT_MAX_ROWS} orders in one file`, async () => {
    const big = await buildAdminTree(db());
    const template = await orderAt(big, '2026-06-01T10:00:00Z');
    const columns = Object.values(getTableColumns(orders))
      .map((column) => column.name)
      .filter((name) => name !== 'id' && name !== 'idempotency_key');
    await db().execute(
      sql.raw(
        `insert into orders (id, idempotency_key, ${columns.join(', ')})
         select o.id || '-' || g, o.idempotency_key || '-' || g, ${columns.map((c) => `o.${c}`).join(', ')}
         from orders o cross join generate_series(1, ${ORDERS_EXPORT_MAX_ROWS}) g
         where o.id = '${template.id}'`,
      ),
    );
    const response = await as('superAdmin', {
      method: 'GET',
      path: exportPath(OPERATIONS_API.ordersExportCsv, big, {}),
    });
    expect(response.status).toBe(400);
    expect(await answerOf(response)).toMatchObject({
      error: { message: ORDERS_EXPORT_MESSAGES.tooMany },
    });
    // A shorter range of the same campus is one file again.
    const shorter = await as('superAdmin', {
      method: 'GET',
      path: exportPath(OPERATIONS_API.ordersExportCsv, big, { from: '2026-06-02' }),
    });
    expect(shorter.status).toBe(200);
  });
});
