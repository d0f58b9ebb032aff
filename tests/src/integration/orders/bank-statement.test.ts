import { ADMIN_API } from '@campus/shared/domain/admin-api';
import {
  STATEMENT_FILE_MAX_ROWS,
  STATEMENT_MESSAGES,
  STATEMENT_PATHS,
  STATEMENT_SKIPS,
  type TStatementImportResponse,
  type TStatementPreviewResponse,
} from '@campus/shared/domain/bank-statement';
import { DELIVERY_CHARGE_PER_PERSON_PAISA } from '@campus/shared/domain/money';
import type { TOrderQueueResponse } from '@campus/shared/domain/order-api';
import { PAYMENT_EVIDENCE_MESSAGES } from '@campus/shared/domain/payment-evidence';
import { calendarDay } from '@campus/shared/domain/time-zone';
import { orders, statementCredits } from '@campus/shared/server/db/schema';
import { eq } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { type AdminTree, buildAdminTree } from '../../support/admin';
import {
  access,
  answerOf,
  as,
  type Call,
  campusQuery,
  db,
  query,
  setUpAdminAccess,
} from '../../support/admin-access/context';
import { buildOrder, buildUser } from '../../support/builders';
import { engine } from '../../support/database';
import { agreeingReceipt } from '../../support/payment-evidence';

// The campus's bank statement (decision 023): the admin uploads the receiving account's export,
// chooses its columns once (a preview shows how its rows read), and each credit is matched to an
// order by its payment reference, else by exact amount near the day it was placed; a second
// upload of the same period adds nothing twice. The Payments queue then says 'credit found' or
// 'no credit found', filters 'needs a look' and 'all clear', and verifies the all-clear ones at once.

setUpAdminAccess();

const MAPPING = { date: 'Date', amount: 'Credit', description: 'Description', transactionId: '' };
const HEADER = 'Date,Description,Debit,Credit';

function upload(path: string, tree: AdminTree, file: Blob, mapping?: object): Call {
  const form = new FormData();
  form.set('file', file, 'statement');
  if (mapping) form.set('mapping', JSON.stringify(mapping));
  return { method: 'POST', path: `${path}${campusQuery(tree)}`, body: form };
}

const csv = (...rows: string[]) => new Blob([`${[HEADER, ...rows].join('\r\n')}\r\n`]);

async function orderOf(tree: AdminTree, grandTotalPaisa: number, placedAt: Date) {
  const student = await buildUser(db(), {
    universityId: tree.university.id,
    campusId: tree.campus.id,
  });
  const itemTotalPaisa = grandTotalPaisa - DELIVERY_CHARGE_PER_PERSON_PAISA;
  return buildOrder(db(), tree, student, { grandTotalPaisa, itemTotalPaisa, placedAt });
}

async function queue(
  tree: AdminTree,
  filters: Record<string, string> = {},
  persona: 'ourAdmin' | 'superAdmin' = 'ourAdmin',
) {
  const response = await as(persona, {
    method: 'GET',
    path: `${ADMIN_API.orders}${query({ universityId: tree.university.id, campusId: tree.campus.id, ...filters })}`,
  });
  return (await answerOf(response)) as TOrderQueueResponse;
}

async function refusal(call: Call, persona: 'ourAdmin' | 'superAdmin' = 'ourAdmin') {
  const response = await as(persona, call);
  return { status: response.status, answer: (await answerOf(response)) as { error?: object } };
}

describe(`the bank statement on ${engine}`, () => {
  it('matches credits by reference, else by a single exact amount near the day, once each', async () => {
    const tree = access.ours;
    const yesterday = new Date(Date.now() - 86_400_000);
    const byReference = await orderOf(tree, 102_000, yesterday);
    const byAmount = await orderOf(tree, 57_300, yesterday);
    const twinA = await orderOf(tree, 29_000, yesterday);
    const twinB = await orderOf(tree, 29_000, yesterday);
    const unpaid = await orderOf(tree, 41_000, yesterday);
    const later = await orderOf(tree, 41_000, new Date(Date.now() + 3 * 86_400_000));
    const day = calendarDay(yesterday, tree.campus.timeZone);
    const [y, m, d] = day.split('-');
    const statement = csv(
      // The reference in any case, the day written day first, an amount with its currency.
      `${d}/${m}/${y} 14:05,IBFT from Ayesha ${byReference.paymentReference.toLowerCase()},,"Rs 1,020.00"`,
      `${day},Raast transfer,,573`,
      `${day},Transfer,,290.00`,
      `${day},Transfer,,290.00`,
      `${day},ATM withdrawal,"5,000.00",`,
      `${day},Refund to customer,,-150.00`,
      `${day},Remittance,,USD 20.00`,
      'yesterday,Transfer,,100.00',
    );

    const preview = await as('ourAdmin', upload(STATEMENT_PATHS.preview, tree, statement));
    expect(preview.status).toBe(200);
    const previewed = (await answerOf(preview)) as TStatementPreviewResponse;
    expect(previewed.mapping).toEqual(MAPPING);
    expect(previewed).toMatchObject({ credits: 4, skipped: 4 });
    expect(previewed.rows.map((row) => row.skipped)).toEqual([
      null,
      null,
      null,
      null,
      STATEMENT_SKIPS.notCredit,
      STATEMENT_SKIPS.notCredit,
      STATEMENT_SKIPS.otherCurrency,
      STATEMENT_SKIPS.noDate,
    ]);
    expect(previewed.rows[0]?.credit).toEqual({
      on: day,
      at: '14:05',
      amountPaisa: 102_000,
      description: `IBFT from Ayesha ${byReference.paymentReference.toLowerCase()}`,
      references: [byReference.paymentReference],
    });
    // A preview keeps nothing.
    expect(await db().$count(statementCredits, eq(statementCredits.campusId, tree.campus.id))).toBe(
      0,
    );

    const imported = await as('ourAdmin', upload(STATEMENT_PATHS.import, tree, statement, MAPPING));
    expect((await answerOf(imported)) as TStatementImportResponse).toEqual({
      ok: true,
      credits: 4,
      added: 4,
      alreadyImported: 0,
      skipped: 4,
      matched: 2,
    });
    const placed = await queue(tree);
    const checkOf = (id: string) => placed.orders.find((order) => order.id === id)?.statement;
    expect(checkOf(byReference.id)).toEqual({
      state: 'found',
      on: day,
      at: '14:05',
      amountPaisa: 102_000,
      description: `IBFT from Ayesha ${byReference.paymentReference.toLowerCase()}`,
      by: 'reference',
    });
    expect(checkOf(byAmount.id)).toMatchObject({ state: 'found', by: 'amount' });
    // Two orders of Rs 290 and two credits of Rs 290: a person's call, not the app's.
    expect(checkOf(twinA.id)).toEqual({ state: 'not_found' });
    expect(checkOf(twinB.id)).toEqual({ state: 'not_found' });
    expect(checkOf(unpaid.id)).toEqual({ state: 'not_found' });
    // Placed after the statement's last day: nothing to say yet.
    expect(checkOf(later.id)).toEqual({ state: 'no_statement' });

    // The same period again: nothing twice, and the columns are remembered for the campus.
    const again = await as('ourAdmin', upload(STATEMENT_PATHS.import, tree, statement, MAPPING));
    expect(await answerOf(again)).toMatchObject({ added: 0, alreadyImported: 4, matched: 0 });
    expect(await db().$count(statementCredits, eq(statementCredits.campusId, tree.campus.id))).toBe(
      4,
    );
    const renamed = { ...MAPPING, description: 'Debit' };
    await as('ourAdmin', upload(STATEMENT_PATHS.import, tree, statement, renamed));
    const remembered = (await answerOf(
      await as('ourAdmin', upload(STATEMENT_PATHS.preview, tree, statement)),
    )) as TStatementPreviewResponse;
    expect(remembered.mapping).toEqual(renamed);
  });

  it('reads an .xlsx export with date cells, and skips a formula', async () => {
    const tree = await buildAdminTree(db());
    const order = await orderOf(tree, 64_000, new Date('2026-11-20T09:00:00Z'));
    const workbook = new ExcelJS.Workbook();
    const sheet = workbook.addWorksheet('Statement');
    sheet.addRow(['Transaction Date', 'Narration', 'Credit Amount', 'Balance']);
    sheet.addRow([
      new Date('2026-11-20T00:00:00Z'),
      `Funds ${order.paymentReference}`,
      640,
      10_000,
    ]);
    sheet.addRow([new Date('2026-11-20T00:00:00Z'), 'Sum', { formula: '1+1' }, 10_640]);
    const bytes = Buffer.from(await workbook.xlsx.writeBuffer());
    const preview = (await answerOf(
      await as('superAdmin', upload(STATEMENT_PATHS.preview, tree, new Blob([bytes]))),
    )) as TStatementPreviewResponse;
    expect(preview.mapping).toEqual({
      date: 'Transaction Date',
      amount: 'Credit Amount',
      description: 'Narration',
      transactionId: '',
    });
    expect(preview.rows.map((row) => row.skipped)).toEqual([null, STATEMENT_SKIPS.formula]);
    const imported = await as(
      'superAdmin',
      upload(STATEMENT_PATHS.import, tree, new Blob([bytes]), preview.mapping),
    );
    expect(await answerOf(imported)).toMatchObject({ added: 1, matched: 1 });
    const [credit] = await db()
      .select()
      .from(statementCredits)
      .where(eq(statementCredits.orderId, order.id));
    expect(credit).toMatchObject({ creditedOn: '2026-11-20', amountPaisa: 64_000 });
  });

  it('refuses a wrong column, a statement without credits, one too long or too large, and no spreadsheet', async () => {
    const tree = access.ours;
    const wrong = await refusal(
      upload(STATEMENT_PATHS.import, tree, csv('2026-11-20,x,,10'), {
        ...MAPPING,
        amount: 'Amount',
      }),
    );
    expect(wrong).toMatchObject({
      status: 400,
      answer: { error: { message: STATEMENT_MESSAGES.unknownColumn('Amount') } },
    });
    const none = await refusal(
      upload(STATEMENT_PATHS.import, tree, csv('2026-11-20,ATM,500,'), MAPPING),
    );
    expect(none).toMatchObject({
      status: 400,
      answer: { error: { message: STATEMENT_MESSAGES.noCredits } },
    });
    const rows = Array.from(
      { length: STATEMENT_FILE_MAX_ROWS + 1 },
      (_, n) => `2026-11-20,n${n},,1`,
    );
    const long = await refusal(upload(STATEMENT_PATHS.preview, tree, csv(...rows)));
    expect(long).toMatchObject({
      status: 400,
      answer: { error: { message: STATEMENT_MESSAGES.tooManyRows } },
    });
    const huge = await refusal(
      upload(STATEMENT_PATHS.preview, tree, new Blob(['x'.repeat(2 * 1024 * 1024 + 1)])),
    );
    expect(huge).toMatchObject({
      status: 413,
      answer: { error: { message: STATEMENT_MESSAGES.tooLarge } },
    });
    const picture = await refusal(
      upload(
        STATEMENT_PATHS.preview,
        tree,
        new Blob([new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0, 1, 2])]),
      ),
    );
    expect(picture).toMatchObject({
      status: 400,
      answer: { error: { message: STATEMENT_MESSAGES.notSpreadsheet } },
    });
  });

  it("filters 'needs a look' and 'all clear', and verifies the all-clear orders as many as confirmed", async () => {
    const tree = await buildAdminTree(db());
    const placedAt = new Date(Date.now() - 3_600_000);
    const clear = await orderOf(tree, 88_000, placedAt);
    await agreeingReceipt(db(), clear, tree.campus.timeZone);
    const unpaid = await orderOf(tree, 91_000, placedAt);
    await agreeingReceipt(db(), unpaid, tree.campus.timeZone);
    const unread = await orderOf(tree, 93_000, placedAt);
    const day = calendarDay(placedAt, tree.campus.timeZone);
    await as(
      'superAdmin',
      upload(
        STATEMENT_PATHS.import,
        tree,
        csv(`${day},Transfer ${clear.paymentReference},,880`),
        MAPPING,
      ),
    );
    const ids = async (evidence: string) =>
      (await queue(tree, { evidence }, 'superAdmin')).orders.map((order) => order.id);
    expect(await ids('all_clear')).toEqual([clear.id]);
    // The statement reaches their day without their credit, read or not.
    expect(new Set(await ids('needs_look'))).toEqual(new Set([unpaid.id, unread.id]));
    expect((await queue(tree, { evidence: 'all_clear' }, 'superAdmin')).matching).toBe(1);
    const every = await queue(tree, {}, 'superAdmin');
    expect(every.matching).toBeNull();
    expect(new Set(every.orders.map((order) => order.id))).toEqual(
      new Set([clear.id, unpaid.id, unread.id]),
    );

    const verifyAll = (count: number): Call => ({
      method: 'POST',
      path: `${ADMIN_API.orders}/verify-all-clear`,
      body: { universityId: tree.university.id, campusId: tree.campus.id, count },
    });
    const changed = await refusal(verifyAll(2), 'superAdmin');
    expect(changed).toMatchObject({
      status: 409,
      answer: { error: { message: PAYMENT_EVIDENCE_MESSAGES.allClearChanged(1) } },
    });
    const done = await as('ourAdmin', verifyAll(1));
    // Not this admin's campus: refused, nothing verified.
    expect(done.status).toBe(403);
    const verified = await as('superAdmin', verifyAll(1));
    expect(await answerOf(verified)).toEqual({ ok: true, verified: 1 });
    const states = await db().select({ id: orders.id, status: orders.status }).from(orders);
    const stateOf = (id: string) => states.find((order) => order.id === id)?.status;
    expect([stateOf(clear.id), stateOf(unpaid.id), stateOf(unread.id)]).toEqual([
      'verified',
      'placed',
      'placed',
    ]);
  });
});
