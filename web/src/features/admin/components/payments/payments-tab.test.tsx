import type { TOrderDetail } from '@campus/shared/domain/order-api';
import {
  ORDER_STATE_LABELS,
  ORDER_STATUS_MESSAGES,
  REJECT_REASONS,
} from '@campus/shared/domain/order-status';
import type { TReceiptCheck } from '@campus/shared/domain/receipt-check';
import { fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { buildCampusAdmin, buildOrder, buildSuperAdmin, buildUniversity } from '@/test/builders';
import { fakeOrdersApi, type QueueChecks } from '@/test/fake-orders';
import { openDashboardSection, openSuperAdminSection } from '@/test/render';

// The Payments tab of the campus dashboard /admin/uni-1/campus-1, signed in as its campus admin
// Bilal Raza, over the order routes of the fake api (the web's api client in between).

const ayesha = buildOrder({ id: 'o-ayesha', placedAt: '2026-11-24T08:00:00.000Z' });
const bilal = buildOrder({
  id: 'o-hamza',
  paymentReference: 'CB-HAMZA',
  firstName: 'Hamza',
  lastName: 'Ali',
  phone: '0321-7654321',
  accountTitle: 'Hamza Ali',
  bankName: 'HBL',
  grandTotalPaisa: 21_000,
  placedAt: '2026-11-24T09:00:00.000Z',
});
const sana = buildOrder({
  id: 'o-sana',
  firstName: 'Sana',
  lastName: 'Iqbal',
  placedAt: '2026-11-24T10:00:00.000Z',
});
const delivered = buildOrder({ id: 'o-done', firstName: 'Omar', status: 'delivered' });

/** The Payments tab over these orders, with what the check of each screenshot found (by id). */
async function openPayments(
  orders: TOrderDetail[] = [sana, ayesha, bilal, delivered],
  checks: Record<string, QueueChecks> = {},
) {
  const fake = fakeOrdersApi(orders);
  for (const [id, found] of Object.entries(checks)) fake.check(id, found);
  const opened = await openDashboardSection(
    '/admin/uni-1/campus-1',
    'Payments',
    { session: buildCampusAdmin() },
    fake.routes,
  );
  const list = await within(opened.panel).findByRole('list', { name: 'Orders to check' });
  return { ...opened, fake, list };
}

const cards = (list: HTMLElement) => within(list).queryAllByRole('listitem');
const names = (list: HTMLElement) =>
  cards(list).map((card) => within(card).getByRole('heading', { level: 3 }).textContent);
const card = (list: HTMLElement, name: string) => within(list).getByRole('listitem', { name });
const selectedName = (list: HTMLElement) =>
  cards(list)
    .filter((item) => item.getAttribute('aria-current') === 'true')
    .map((item) => within(item).getByRole('heading', { level: 3 }).textContent);
/** The query strings the queue was asked with, in order. */
const queueQueries = (callsOf: (method: string, path: string) => unknown[][]) =>
  callsOf('GET', '/api/admin/orders').map(([url]) =>
    Object.fromEntries(new URL(String(url), 'http://campus.test').searchParams),
  );
const statusBody = (callsOf: (method: string, path: string) => unknown[][], id: string) =>
  callsOf('POST', `/api/admin/orders/${id}/status`).map(([, init]) =>
    JSON.parse(String((init as RequestInit).body)),
  );

describe('the Payments queue', () => {
  it("lists the campus's payments to check oldest first, each screenshot beside what it must match", async () => {
    const { list, callsOf } = await openPayments();
    expect(names(list)).toEqual(['Ayesha Khan', 'Hamza Ali', 'Sana Iqbal']);
    expect(queueQueries(callsOf)[0]).toEqual({
      universityId: 'uni-1',
      campusId: 'campus-1',
      status: 'placed',
      page: '1',
    });
    const hamza = card(list, 'Hamza Ali');
    await within(hamza).findByText('HBL');
    expect(within(hamza).getByTestId('payment-total').textContent).toBe('Rs 210.00');
    for (const text of ['Hamza Ali', '0321-7654321', 'Nov 24, 2026, 2:00 PM', 'CB-HAMZA']) {
      expect(within(hamza).getAllByText(text).length).toBeGreaterThan(0);
    }
    expect(hamza.textContent).toContain('Doodh Patti x 2 = Rs 160.00');
    expect(within(hamza).getByText(ORDER_STATE_LABELS.placed)).toBeTruthy();
    expect(within(hamza).getByRole('button', { name: 'Verify' })).toBeTruthy();
    expect(within(hamza).getByRole('button', { name: 'Reject' })).toBeTruthy();
  });

  it('shows a screenshot full size on click and closes it with Escape', async () => {
    const { list, user } = await openPayments();
    const ayeshaCard = card(list, 'Ayesha Khan');
    await user.click(
      await within(ayeshaCard).findByRole('button', {
        name: 'Payment screenshot of Ayesha Khan: view full size',
      }),
    );
    const lightbox = screen.getByRole('dialog', { name: 'Payment screenshot of Ayesha Khan' });
    expect(within(lightbox).getByRole('img').getAttribute('src')).toBe('/uploads/order-1.png');
    // Keys of the queue do nothing while it is open.
    await user.keyboard('v');
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(names(list)).toHaveLength(3);
  });
});

describe('a screenshot used before', () => {
  it('is flagged in red with the earlier order’s screenshot beside it, another campus’s by date alone; an unchecked one says so', async () => {
    const earlier = {
      seen: 'whole' as const,
      id: 'o-earlier',
      status: 'verified' as const,
      placedAt: '2026-11-20T09:00:00.000Z',
      campusName: 'City Campus',
      screenshotUrl: '/uploads/earlier.webp',
    };
    const { list } = await openPayments([ayesha, bilal], {
      'o-ayesha': {
        screenshotCheck: 'duplicate',
        duplicates: [earlier, { seen: 'anotherCampus', placedAt: '2026-11-21T09:00:00.000Z' }],
      },
      'o-hamza': { screenshotCheck: 'not_checked', duplicates: [] },
    });
    expect(cards(list)).toHaveLength(2);
    const flag = within(card(list, 'Ayesha Khan')).getByRole('note');
    expect(flag.textContent).toContain('Screenshot used before');
    expect(flag.textContent).toContain('o-earlier');
    expect(flag.textContent).toContain('Verified, City Campus');
    expect(
      within(flag).getByRole('button', { name: /Earlier screenshot, order o-earlier/ }),
    ).toBeTruthy();
    // Another campus's order: only that it was, and when.
    expect(flag.textContent).toContain('Used on an order at another campus on Nov 21, 2026,');
    expect(within(flag).getAllByRole('button')).toHaveLength(1);
    expect(within(card(list, 'Hamza Ali')).queryByRole('note')).toBeNull();
    expect(card(list, 'Hamza Ali').textContent).toContain(
      'This screenshot was not checked for earlier use.',
    );
  });

  it('shows what each receipt says beside the order, every difference named', async () => {
    const { list } = await openPayments([ayesha, bilal], {
      'o-ayesha': {
        receipt: {
          state: 'read',
          says: { amountPaisa: 68_000, transactionId: '405716237029', paidAt: '2026-11-24T14:02' },
          differences: [
            {
              kind: 'amount_short',
              text: 'Receipt says Rs 680.00; order is Rs 1,020.00 (Rs 340.00 short).',
            },
            {
              kind: 'reference_missing',
              text: 'The payment reference CB-7K3QM is not on the receipt.',
            },
          ],
        },
      },
    });
    const differs = within(card(list, 'Ayesha Khan')).getByRole('region', {
      name: 'What the receipt says',
    });
    expect(within(differs).getByText('The receipt differs')).toBeTruthy();
    for (const text of [
      'Rs 680.00',
      '405716237029',
      '2026-11-24 14:02',
      'Receipt says Rs 680.00; order is Rs 1,020.00 (Rs 340.00 short).',
      'The payment reference CB-7K3QM is not on the receipt.',
    ]) {
      expect(within(differs).getByText(text)).toBeTruthy();
    }
    // Hamza's is still being read.
    expect(card(list, 'Hamza Ali').textContent).toContain('Reading the receipt...');
    expect(within(card(list, 'Hamza Ali')).queryByRole('region')).toBeNull();
  });

  it('V on an order whose payment differs asks first, naming each difference; only Verify anyway verifies', async () => {
    const reused = 'This screenshot was already used on another order.';
    const short = 'Receipt says Rs 680.00; order is Rs 1,020.00 (Rs 340.00 short).';
    const { list, user, callsOf } = await openPayments([ayesha, bilal], {
      'o-ayesha': {
        screenshotCheck: 'duplicate',
        receipt: {
          state: 'read',
          says: { amountPaisa: 68_000, transactionId: null, paidAt: null },
          differences: [
            { kind: 'amount_short', text: short },
            { kind: 'unread', text: 'not a difference to confirm' },
          ],
        },
      },
    });
    await user.keyboard('jv');
    const dialog = await screen.findByRole('alertdialog', {
      name: 'Verify despite these differences?',
    });
    expect(
      within(dialog)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual([reused, short]);
    // Cancel has the focus: Enter or Escape leaves the order as it was.
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('alertdialog')).toBeNull();
    expect(names(list)).toEqual(['Ayesha Khan', 'Hamza Ali']);
    expect(statusBody(callsOf, 'o-ayesha')).toEqual([]);

    await user.keyboard('v');
    await user.click(
      within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Verify anyway' }),
    );
    await expect
      .poll(() => statusBody(callsOf, 'o-ayesha'))
      .toEqual([{ action: 'verify', reason: '', confirmed: [reused, short] }]);
    expect(await screen.findByText(`Ayesha Khan: ${ORDER_STATE_LABELS.verified}`)).toBeTruthy();
    // An order without differences verifies at once.
    await user.keyboard('v');
    await expect
      .poll(() => statusBody(callsOf, 'o-hamza'))
      .toEqual([{ action: 'verify', reason: '', confirmed: [] }]);
  });

  it("says whether the statement holds the order's credit, and verifies every all-clear order after one confirmation", async () => {
    const agreeing: TReceiptCheck = {
      state: 'read',
      says: { amountPaisa: 102_000, transactionId: '405716237029', paidAt: '2026-11-24T13:58' },
      differences: [],
    };
    const { list, user, panel, callsOf } = await openPayments([ayesha, bilal, sana], {
      'o-ayesha': {
        receipt: agreeing,
        statement: {
          state: 'found',
          on: '2026-11-24',
          at: '14:02',
          amountPaisa: 102_000,
          description: 'IBFT CB-7K3QM',
          by: 'reference',
        },
      },
      'o-hamza': { receipt: agreeing, statement: { state: 'not_found' } },
    });
    const statementOf = (name: string) =>
      within(card(list, name)).getByTestId('statement-check').textContent;
    expect(statementOf('Ayesha Khan')).toBe(
      'Credit found in the statement: 2026-11-24 14:02, Rs 1,020.00, "IBFT CB-7K3QM".',
    );
    expect(statementOf('Hamza Ali')).toBe('No credit found in the statement.');
    expect(statementOf('Sana Iqbal')).toBe('No statement imported covers this order yet.');

    await user.selectOptions(
      within(panel).getByRole('combobox', { name: 'Evidence' }),
      'needs_look',
    );
    await expect.poll(() => names(list)).toEqual(['Hamza Ali']);
    await user.selectOptions(
      within(panel).getByRole('combobox', { name: 'Evidence' }),
      'all_clear',
    );
    await expect.poll(() => names(list)).toEqual(['Ayesha Khan']);
    await user.click(await within(panel).findByRole('button', { name: 'Verify 1 order' }));
    const dialog = await screen.findByRole('alertdialog', {
      name: 'Verify the 1 order whose credit was found and nothing differs?',
    });
    await user.click(within(dialog).getByRole('button', { name: 'Verify 1 order' }));
    await expect
      .poll(() =>
        callsOf('POST', '/api/admin/orders/verify-all-clear').map(([, init]) =>
          JSON.parse(String((init as RequestInit).body)),
        ),
      )
      .toEqual([{ universityId: 'uni-1', campusId: 'campus-1', count: 1 }]);
    expect(
      await screen.findByText('1 order verified: credit found, nothing differs.'),
    ).toBeTruthy();
  });

  it('says a screenshot is being checked while the check has not run', async () => {
    const { list } = await openPayments([ayesha], {
      'o-ayesha': { screenshotCheck: 'checking', duplicates: [] },
    });
    expect(within(card(list, 'Ayesha Khan')).queryByRole('note')).toBeNull();
    expect(card(list, 'Ayesha Khan').textContent).toContain(
      'This screenshot is being checked for earlier use.',
    );
  });
});

describe('the keyboard', () => {
  it('J and K move the selection, which takes the focus', async () => {
    const { list, user } = await openPayments();
    expect(selectedName(list)).toEqual([]);
    await user.keyboard('j');
    expect(selectedName(list)).toEqual(['Ayesha Khan']);
    expect(document.activeElement).toBe(card(list, 'Ayesha Khan'));
    await user.keyboard('jj');
    expect(selectedName(list)).toEqual(['Sana Iqbal']);
    // At the end it stays.
    await user.keyboard('j');
    expect(selectedName(list)).toEqual(['Sana Iqbal']);
    await user.keyboard('k');
    expect(selectedName(list)).toEqual(['Hamza Ali']);
    expect(document.activeElement).toBe(card(list, 'Hamza Ali'));
  });

  it('V verifies the selected order: it leaves the list at once and the next is selected', async () => {
    const { list, user, callsOf } = await openPayments();
    await user.keyboard('jv');
    expect(names(list)).toEqual(['Hamza Ali', 'Sana Iqbal']);
    expect(selectedName(list)).toEqual(['Hamza Ali']);
    await expect
      .poll(() => statusBody(callsOf, 'o-ayesha'))
      .toEqual([{ action: 'verify', reason: '', confirmed: [] }]);
    expect(await screen.findByText(`Ayesha Khan: ${ORDER_STATE_LABELS.verified}`)).toBeTruthy();
    expect(document.activeElement).toBe(card(list, 'Hamza Ali'));
    await user.keyboard('v');
    expect(names(list)).toEqual(['Sana Iqbal']);
    await expect.poll(() => statusBody(callsOf, 'o-hamza')).toHaveLength(1);
    expect(names(list)).toEqual(['Sana Iqbal']);
  });

  it('verifies once while V is held down: its repeats verify nothing more', async () => {
    const { list, user, callsOf } = await openPayments();
    await user.keyboard('j');
    fireEvent.keyDown(document.activeElement ?? document, { key: 'v' });
    for (let i = 0; i < 3; i++) {
      fireEvent.keyDown(document.activeElement ?? document, { key: 'v', repeat: true });
    }
    await expect.poll(() => statusBody(callsOf, 'o-ayesha')).toHaveLength(1);
    expect(names(list)).toEqual(['Hamza Ali', 'Sana Iqbal']);
    expect(statusBody(callsOf, 'o-hamza')).toEqual([]);
  });

  it('ignores the keys while typing in the search', async () => {
    const { list, user, panel, callsOf } = await openPayments();
    await user.type(within(panel).getByRole('searchbox', { name: 'Search' }), 'jv');
    expect(selectedName(list)).toEqual([]);
    expect(callsOf('POST', '/api/admin/orders/o-ayesha/status')).toHaveLength(0);
  });

  it('Enter in the search applies it and gives the keys back to the queue', async () => {
    const { list, user, panel, callsOf } = await openPayments();
    const search = within(panel).getByRole('searchbox', { name: 'Search' });
    await user.clear(search);
    await user.type(search, 'o-hamza{Enter}');
    await expect.poll(() => queueQueries(callsOf).at(-1)?.q).toBe('o-hamza');
    await expect.poll(() => names(list)).toEqual(['Hamza Ali']);
    await user.keyboard('j');
    // The search's own pause ends after Enter applied it: nothing changes then.
    await new Promise((resolve) => setTimeout(resolve, 400));
    expect(selectedName(list)).toEqual(['Hamza Ali']);
    await user.keyboard('v');
    await expect
      .poll(() => statusBody(callsOf, 'o-hamza'))
      .toEqual([{ action: 'verify', reason: '', confirmed: [] }]);
    expect(await within(panel).findByText('No orders match the filters.')).toBeTruthy();
  });

  it('R asks for a reason; one of the four rejects at once with it', async () => {
    const { list, user, callsOf } = await openPayments();
    await user.keyboard('jr');
    const dialog = screen.getByRole('dialog', { name: 'Reject: the order of Ayesha Khan' });
    const choices = within(dialog)
      .getAllByRole('button')
      .map((button) => button.getAttribute('aria-label') ?? button.textContent);
    expect(choices.slice(0, 4)).toEqual([...REJECT_REASONS]);
    await user.click(within(dialog).getByRole('button', { name: REJECT_REASONS[1] }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(names(list)).toEqual(['Hamza Ali', 'Sana Iqbal']);
    expect(selectedName(list)).toEqual(['Hamza Ali']);
    await expect
      .poll(() => statusBody(callsOf, 'o-ayesha'))
      .toEqual([{ action: 'reject', reason: REJECT_REASONS[1], confirmed: [] }]);
    // The number of a reason picks it too.
    await user.keyboard('r4');
    await expect
      .poll(() => statusBody(callsOf, 'o-hamza'))
      .toEqual([{ action: 'reject', reason: REJECT_REASONS[3], confirmed: [] }]);
  });

  it('R takes a reason of their own, and refuses none', async () => {
    const { user, callsOf } = await openPayments();
    await user.keyboard('jr');
    const dialog = screen.getByRole('dialog');
    await user.click(within(dialog).getByRole('button', { name: 'Reject with this reason' }));
    expect(within(dialog).getByRole('alert').textContent).toBe(
      ORDER_STATUS_MESSAGES.reasonRequired,
    );
    await user.type(within(dialog).getByLabelText('Another reason'), 'Paid to the wrong account');
    await user.click(within(dialog).getByRole('button', { name: 'Reject with this reason' }));
    await expect
      .poll(() => statusBody(callsOf, 'o-ayesha'))
      .toEqual([{ action: 'reject', reason: 'Paid to the wrong account', confirmed: [] }]);
  });

  it('offers to ask only for the missing amount when the receipt shows a short payment', async () => {
    const short: TReceiptCheck = {
      state: 'read',
      says: { amountPaisa: 38_000, transactionId: null, paidAt: null },
      differences: [
        {
          kind: 'amount_short',
          text: 'Receipt says Rs 380.00; order is Rs 420.00 (Rs 40.00 short).',
        },
      ],
    };
    const { list, user, callsOf } = await openPayments([ayesha, bilal], {
      'o-ayesha': { receipt: short, statement: { state: 'no_statement' } },
    });
    await user.click(within(card(list, 'Ayesha Khan')).getByRole('button', { name: 'Reject' }));
    const dialog = screen.getByRole('dialog');
    const ask = within(dialog).getByRole('checkbox', {
      name: /Ask the student for the missing Rs 40\.00 only/,
    });
    expect((ask as HTMLInputElement).checked).toBe(true);
    await user.click(within(dialog).getByRole('button', { name: REJECT_REASONS[0] }));
    await expect
      .poll(() => statusBody(callsOf, 'o-ayesha'))
      .toEqual([
        { action: 'reject', reason: REJECT_REASONS[0], confirmed: [], askDifference: true },
      ]);
    // Where nothing shows a short payment, the dialog does not offer it.
    await user.click(within(card(list, 'Hamza Ali')).getByRole('button', { name: 'Reject' }));
    expect(within(screen.getByRole('dialog')).queryByRole('checkbox')).toBeNull();
  });

  it('Escape closes the reason dialog without rejecting', async () => {
    const { list, user, callsOf } = await openPayments();
    await user.keyboard('jr');
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(names(list)).toHaveLength(3);
    expect(callsOf('POST', '/api/admin/orders/o-ayesha/status')).toHaveLength(0);
  });
});

describe('another admin first', () => {
  it("shows the 409's message in an alert and loads the queue again", async () => {
    const { list, user, panel, fake, callsOf } = await openPayments();
    const before = callsOf('GET', '/api/admin/orders').length;
    const order = fake.orders.get('o-ayesha');
    if (order) order.status = 'verified';
    const message = ORDER_STATUS_MESSAGES.alreadyDone(
      'verified',
      'Ali Khan',
      new Date('2026-11-24T10:04:00Z'),
    );
    fake.refuse('o-ayesha', message);
    await user.keyboard('jv');
    const alert = await within(panel).findByRole('alert');
    expect(within(alert).getByRole('paragraph').textContent).toBe(
      'This order was already verified by Ali Khan at Nov 24, 2026, 3:04 PM.',
    );
    await expect.poll(() => callsOf('GET', '/api/admin/orders').length).toBeGreaterThan(before);
    expect(names(list)).toEqual(['Hamza Ali', 'Sana Iqbal']);
    // It stays, a few orders on, until the admin dismisses it.
    await user.keyboard('v');
    expect(within(panel).getByRole('alert')).toBeTruthy();
    await user.click(within(alert).getByRole('button', { name: 'Dismiss' }));
    expect(within(panel).queryByRole('alert')).toBeNull();
  });
});

describe('quick actions one after another', () => {
  it('still show a refusal of the first when the second has started', async () => {
    const { list, user, panel, fake, callsOf } = await openPayments();
    fake.refuse(
      'o-ayesha',
      'This order was already verified by Ali Khan at Nov 24, 2026, 3:04 PM.',
    );
    await user.keyboard('jvv');
    await expect.poll(() => statusBody(callsOf, 'o-hamza')).toHaveLength(1);
    const alert = await within(panel).findByRole('alert');
    expect(within(alert).getByRole('paragraph').textContent).toBe(
      'This order was already verified by Ali Khan at Nov 24, 2026, 3:04 PM.',
    );
    // The refused order is still waiting, so it comes back; the verified one does not.
    await expect.poll(() => names(list)).toEqual(['Ayesha Khan', 'Sana Iqbal']);
  });
});

describe('the filters', () => {
  it('send the state, the days and the search to the api', async () => {
    const { user, panel, callsOf } = await openPayments();
    await user.selectOptions(
      within(panel).getByRole('combobox', { name: 'State' }),
      ORDER_STATE_LABELS.delivered,
    );
    const list = await within(panel).findByRole('list', { name: 'Orders to check' });
    await expect.poll(() => names(list)).toEqual(['Omar Khan']);
    await user.type(within(panel).getByLabelText('Placed from'), '2026-11-20');
    await user.type(within(panel).getByLabelText('Placed until'), '2026-11-24');
    await user.type(within(panel).getByRole('searchbox', { name: 'Search' }), ' 0300 ');
    await expect
      .poll(() => queueQueries(callsOf).at(-1))
      .toEqual({
        universityId: 'uni-1',
        campusId: 'campus-1',
        status: 'delivered',
        from: '2026-11-20',
        to: '2026-11-24',
        q: '0300',
        page: '1',
      });
  });

  it("offers the actions the answer lists for another state: a verified order's", async () => {
    const verified = buildOrder({ id: 'o-v', status: 'verified' });
    const { user, panel, callsOf } = await openPayments([verified, ayesha]);
    await user.selectOptions(
      within(panel).getByRole('combobox', { name: 'State' }),
      ORDER_STATE_LABELS.verified,
    );
    const list = within(panel).getByRole('list', { name: 'Orders to check' });
    await expect.poll(() => list.textContent).toContain(ORDER_STATE_LABELS.verified);
    expect(list.getAttribute('aria-busy')).toBeNull();
    const ayeshaCard = await within(list).findByRole('listitem', { name: 'Ayesha Khan' });
    await within(ayeshaCard).findByText('Meezan Bank');
    expect(
      within(ayeshaCard)
        .getAllByRole('button')
        .map((b) => b.textContent),
    ).toEqual(['', 'Out for delivery', 'Reopen']);
    await user.click(within(ayeshaCard).getByRole('button', { name: 'Reopen' }));
    const dialog = screen.getByRole('dialog', { name: 'Reopen: the order of Ayesha Khan' });
    await user.type(within(dialog).getByLabelText('Reason'), 'Paid after all');
    await user.click(within(dialog).getByRole('button', { name: 'Reopen' }));
    await expect
      .poll(() => statusBody(callsOf, 'o-v'))
      .toEqual([{ action: 'reopen', reason: 'Paid after all', confirmed: [] }]);
    await expect.poll(() => within(panel).queryByRole('listitem')).toBeNull();
  });
});

describe('in the super admin dashboard', () => {
  it('filters by university and campus and says which campus each order is of', async () => {
    const fake = fakeOrdersApi([ayesha]);
    const { panel, user, callsOf } = await openSuperAdminSection(
      'Payments',
      { session: buildSuperAdmin(), universities: [buildUniversity()] },
      fake.routes,
    );
    const list = await within(panel).findByRole('list', { name: 'Orders to check' });
    expect(queueQueries(callsOf)[0]).toEqual({ status: 'placed', page: '1' });
    expect(within(list).getByText('Punjab University - Main Campus')).toBeTruthy();
    await user.selectOptions(
      within(panel).getByRole('combobox', { name: 'Filter by university' }),
      'Punjab University',
    );
    await user.selectOptions(
      within(panel).getByRole('combobox', { name: 'Filter by campus' }),
      'Main Campus',
    );
    await expect
      .poll(() => queueQueries(callsOf).at(-1))
      .toEqual({
        universityId: 'uni-1',
        campusId: 'campus-1',
        status: 'placed',
        page: '1',
      });
  });
});
