import type { TOrderResponse } from '@campus/shared/domain/order-api';
import { wallTime } from '@campus/shared/domain/time-zone';
import { buildBankReceipts, drawBankReceipt } from '../support/bank-receipts';
import { expectNoSevereViolations } from './support/a11y';
import { DEMO, signIn } from './support/auth';
import { checkoutWithTea, submitCheckout } from './support/orders';
import { expect, test } from './support/test';

// Verify with evidence (decisions 022 and 023) against the all-in-one server: the student pays
// Rs 150 of a Rs 210 order and leaves the reference out of the note; the worker reads the receipt
// (the real OCR) and the campus admin's card names what differs. The admin imports the receiving
// account's statement, whose credit names the order: the card says the credit was found. V then
// asks first, naming the differences; 'Verify anyway' verifies, and the order's transition keeps
// what the admin confirmed.

const KARACHI = 'Asia/Karachi';

test('the card names what the receipt says, the statement finds the credit, and V asks before verifying', async ({
  page,
  browserErrors,
  baseURL,
}) => {
  test.setTimeout(180_000);
  await checkoutWithTea(page);
  const [template] = buildBankReceipts(1, 11);
  if (!template) throw new Error('no receipt');
  // A transfer of five minutes ago, as the bank prints it in Karachi's time, without a note.
  const printed = wallTime(new Date(Date.now() - 5 * 60_000), KARACHI);
  const receipt = await drawBankReceipt({
    ...template,
    amountPaisa: 15_000,
    at: new Date(`${printed}:00Z`),
    note: undefined,
  });
  const placed = await submitCheckout(page, receipt);

  const adminContext = await browserErrors.newContext({ baseURL });
  try {
    const admin = await adminContext.newPage();
    await signIn(admin, DEMO.campusAdmin.email, DEMO.campusAdmin.password);
    await admin.getByRole('tab', { name: 'Payments' }).click();
    const search = admin
      .getByRole('search', { name: 'Filter payments' })
      .getByRole('searchbox', { name: 'Search' });
    await search.fill(placed.reference);
    await search.press('Enter');
    const order = admin.getByRole('list', { name: 'Orders to check' }).getByRole('listitem');
    await expect(order).toHaveCount(1);
    const said = order.getByRole('region', { name: 'What the receipt says' });
    await expect(said).toContainText('The receipt differs', { timeout: 60_000 });
    await expect(said).toContainText('Rs 150.00');
    await expect(said).toContainText(
      'Receipt says Rs 150.00; order is Rs 210.00 (Rs 60.00 short).',
    );
    await expect(said).toContainText(
      `The payment reference ${placed.reference} is not on the receipt.`,
    );
    await expect(order.getByTestId('statement-check')).toHaveText(
      'No statement imported covers this order yet.',
    );

    // The statement as the bank exports it: the credit names the order in its note.
    await admin.getByText('Match the bank statement').click();
    const day = printed.slice(0, 10);
    const statement = [
      'Transaction Date,Narration,Debit,Credit,Balance',
      `${day},IBFT from Ayesha Student ${placed.reference},,150.00,"12,150.00"`,
      `${day},ATM withdrawal,"2,000.00",,"10,150.00"`,
    ].join('\r\n');
    await admin.getByLabel('Statement file (.xlsx or .csv, up to 2 MB)').setInputFiles({
      name: 'statement.csv',
      mimeType: 'text/csv',
      buffer: Buffer.from(statement),
    });
    await expect(admin.getByText('1 credit, 1 row skipped.')).toBeVisible();
    await expect(admin.getByLabel('Credit amount')).toHaveValue('Credit');
    await expect(admin.getByLabel('Description or note')).toHaveValue('Narration');
    const rows = admin.getByRole('table', { name: "How the statement's rows read" });
    await expect(rows).toContainText(`Credit (${placed.reference})`);
    await expect(rows).toContainText('Skipped: Not a credit');
    await expectNoSevereViolations(admin, 'statement preview: ');
    await admin.getByRole('button', { name: 'Import 1 credit' }).click();
    await expect(
      admin.getByText(
        'Imported 1 credit (0 already imported, 1 row skipped); 1 matched to orders.',
      ),
    ).toBeVisible();
    await expect(order.getByTestId('statement-check')).toHaveText(
      `Credit found in the statement: ${day}, Rs 150.00, "IBFT from Ayesha Student ${placed.reference}".`,
    );

    // V asks first, naming what differs; Escape leaves the order as it was.
    await order.click();
    await admin.keyboard.press('v');
    const dialog = admin.getByRole('alertdialog', { name: 'Verify despite these differences?' });
    await expect(dialog).toContainText('(Rs 60.00 short)');
    await expect(dialog).toContainText(
      `The payment reference ${placed.reference} is not on the receipt.`,
    );
    await expectNoSevereViolations(admin, 'verify confirmation: ');
    await admin.keyboard.press('Escape');
    await expect(dialog).toHaveCount(0);
    await expect(order).toHaveCount(1);
    await admin.keyboard.press('v');
    await dialog.getByRole('button', { name: 'Verify anyway' }).click();
    await expect(admin.getByText('Ayesha Student: Verified')).toBeVisible();

    // The order's transition keeps what the admin confirmed (the admins' view of the order).
    const answer = await admin.request.get(`/api/admin/orders/${placed.id}`);
    const { order: detail } = (await answer.json()) as TOrderResponse;
    expect(detail.transitions.map((t) => t.action)).toEqual(['verify']);
    expect(detail.transitions[0]?.confirmedDifferences).toEqual(
      expect.arrayContaining([expect.stringContaining('(Rs 60.00 short)')]),
    );
  } finally {
    await adminContext.close();
  }
});

test('a cancelled order whose credit is in the statement shows its refund due, then sent with its reference', async ({
  page,
  browserErrors,
  baseURL,
}) => {
  test.setTimeout(120_000);
  await page.setViewportSize({ width: 390, height: 844 });
  await checkoutWithTea(page);
  const placed = await submitCheckout(page);
  const adminContext = await browserErrors.newContext({ baseURL });
  try {
    const admin = await adminContext.newPage();
    await signIn(admin, DEMO.campusAdmin.email, DEMO.campusAdmin.password);
    await admin.getByRole('tab', { name: 'Payments' }).click();
    // The money arrived: the statement holds the order's credit.
    await admin.getByText('Match the bank statement').click();
    const day = wallTime(new Date(), KARACHI).slice(0, 10);
    const statement = [
      'Transaction Date,Narration,Debit,Credit',
      `${day},IBFT from Ayesha Student ${placed.reference},,210.00`,
    ].join('\r\n');
    await admin.getByLabel('Statement file (.xlsx or .csv, up to 2 MB)').setInputFiles({
      name: 'statement.csv',
      mimeType: 'text/csv',
      buffer: Buffer.from(statement),
    });
    await admin.getByRole('button', { name: 'Import 1 credit' }).click();
    await expect(admin.getByText(/^Imported 1 credit .*; 1 matched to orders\.$/)).toBeVisible();

    // The student cancels it after all: the campus owes them the money.
    await page.getByRole('button', { name: 'Cancel order' }).click();
    await page
      .getByRole('alertdialog', { name: 'Cancel this order?' })
      .getByRole('button', { name: 'Cancel order' })
      .click();
    await expect(page.getByTestId('refund')).toHaveText('Refund of Rs 210.00: due');

    await admin.getByRole('tab', { name: 'Refunds' }).click();
    const due = admin.getByTestId('refund-due').filter({ hasText: placed.reference });
    await expect(due).toContainText('Rs 210.00');
    await expect(due).toContainText('The order was cancelled after its payment arrived.');
    await expectNoSevereViolations(admin, 'refunds tab: ');
    await due.getByRole('button', { name: 'Mark sent' }).click();
    await due.getByLabel('Reference of the transfer that sent it back').fill('FT25340REF77');
    await due.getByRole('button', { name: 'Save' }).click();
    await expect(
      admin.getByTestId('refund-sent').filter({ hasText: placed.reference }),
    ).toContainText('ref FT25340REF77');

    await page.reload();
    await expect(page.getByTestId('refund')).toHaveText(
      /^Refund of Rs 210\.00: sent on .+, ref FT25340REF77$/,
    );
  } finally {
    await adminContext.close();
  }
});
