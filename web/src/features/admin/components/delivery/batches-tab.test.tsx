import type { TDeliverySlot } from '@campus/shared/domain/delivery-rounds';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import {
  buildBatch,
  buildBatchDetail,
  buildCampusAdmin,
  buildSuperAdmin,
  buildUniversity,
} from '@/test/builders';
import { type ApiHandler, json, stubAdminApi } from '@/test/fake-api';
import { openDashboardSection, openPage } from '@/test/render';

// The Batches tab of the campus dashboard /admin/uni-1/campus-1, signed in as its campus admin,
// over stubbed delivery-slot and batch routes (the web's api client in between).

// The tab is opened on Thursday, Nov 26 at 10:00 AM in Karachi: the round of buildBatch (cut-off
// 12:30 PM that day) is still open, whatever day the tests run (the setup restores the clock).
beforeEach(() => {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(new Date('2026-11-26T05:00:00.000Z'));
});

const lunch: TDeliverySlot = { weekday: 'mon', cutoff: '12:30 PM', delivery: '1:30 PM' };
const dinner: TDeliverySlot = { weekday: 'mon', cutoff: '7:00 PM', delivery: '8:00 PM' };

const slotsAnswer = (slots: TDeliverySlot[]) =>
  json(200, { ok: true, slots, timeZone: 'Asia/Karachi', nextRound: null });

function deliveryRoutes(slots: TDeliverySlot[], extra: Record<string, ApiHandler> = {}) {
  return {
    'GET /api/admin/delivery-slots': () => slotsAnswer(slots),
    'PUT /api/admin/delivery-slots': ({ body }) =>
      slotsAnswer((body as { slots: TDeliverySlot[] }).slots),
    'GET /api/admin/batches': () => json(200, { ok: true, batches: [buildBatch()] }),
    'GET /api/admin/batches/:id': () => json(200, buildBatchDetail()),
    ...extra,
  } satisfies Record<string, ApiHandler>;
}

/** The folded week of rounds: its summary and whether it is open. */
const weekEditor = (panel: HTMLElement) => {
  const summary = within(panel).getByText('Weekly delivery rounds');
  return { summary, details: summary.closest('details') as HTMLDetailsElement };
};

/** Opens the Batches tab and unfolds the week of rounds; returns its form. */
async function openBatches(slots: TDeliverySlot[], extra: Record<string, ApiHandler> = {}) {
  const opened = await openDashboardSection(
    '/admin/uni-1/campus-1',
    'Batches',
    { session: buildCampusAdmin() },
    deliveryRoutes(slots, extra),
  );
  await opened.user.click(weekEditor(opened.panel).summary);
  expect(weekEditor(opened.panel).details.open).toBe(true);
  const editor = await within(opened.panel).findByRole('form', { name: 'Delivery rounds' });
  return { ...opened, editor };
}

const time = (scope: HTMLElement, name: string) =>
  within(scope).getByLabelText(name) as HTMLInputElement;

/** The text that describes a field (its error, shown beside it). */
const descriptionOf = (input: HTMLElement) =>
  (input.getAttribute('aria-describedby') ?? '')
    .split(' ')
    .map((id) => document.getElementById(id)?.textContent ?? '')
    .join(' ');

/** Friday's lunch round, the day after the tab is opened; no order has joined it yet. */
const fridayLunch = buildBatch({
  id: null,
  cutoffAt: '2026-11-27T07:30:00.000Z',
  deliveryAt: '2026-11-27T08:30:00.000Z',
  orderCount: 0,
  verifiedCount: 0,
  waitingCount: 0,
  outForDeliveryCount: 0,
  totalPaisa: 0,
  verifiedTotalPaisa: 0,
});

/** Last night's round, still listed (the list starts a day back). */
const wednesdayNight = buildBatch({
  id: 'batch-0',
  cutoffAt: '2026-11-25T17:30:00.000Z',
  deliveryAt: '2026-11-25T18:15:00.000Z',
  closedAt: '2026-11-25T17:30:00.000Z',
});

const roundNames = (table: HTMLElement) =>
  within(table)
    .getAllByRole('rowheader')
    .map((cell) => cell.textContent);

describe('the Batches tab', () => {
  it("shows today's rounds first, then the coming and the earlier ones, and the week of rounds folded last", async () => {
    const { panel } = await openDashboardSection(
      '/admin/uni-1/campus-1',
      'Batches',
      { session: buildCampusAdmin() },
      deliveryRoutes([lunch], {
        'GET /api/admin/batches': () =>
          json(200, { ok: true, batches: [wednesdayNight, buildBatch(), fridayLunch] }),
      }),
    );
    const today = await within(panel).findByRole('table', { name: "Today's delivery rounds" });
    expect(roundNames(today)).toEqual(['Thursday, Nov 26, 1:30 PM round']);
    const coming = within(panel).getByRole('table', { name: 'Coming delivery rounds' });
    expect(roundNames(coming)).toEqual(['Friday, Nov 27, 1:30 PM round']);
    const earlier = within(panel).getByRole('table', { name: 'Earlier delivery rounds' });
    expect(roundNames(earlier)).toEqual(['Wednesday, Nov 25, 11:15 PM round']);
    expect(
      within(panel)
        .getAllByRole('heading', { level: 3 })
        .map((heading) => heading.textContent),
    ).toEqual(["Today's rounds", 'Coming rounds', 'Earlier rounds']);
    const { details } = weekEditor(panel);
    expect(details.open).toBe(false);
    expect(
      earlier.compareDocumentPosition(details) & Node.DOCUMENT_POSITION_FOLLOWING,
    ).toBeTruthy();
  });

  it('says so when no round is left today', async () => {
    const { panel } = await openDashboardSection(
      '/admin/uni-1/campus-1',
      'Batches',
      { session: buildCampusAdmin() },
      deliveryRoutes([lunch], {
        'GET /api/admin/batches': () => json(200, { ok: true, batches: [fridayLunch] }),
      }),
    );
    expect(await within(panel).findByText('No rounds today.')).toBeTruthy();
    expect(within(panel).getByRole('table', { name: 'Coming delivery rounds' })).toBeTruthy();
  });
});

describe('the delivery rounds editor', () => {
  it('shows a campus without rounds as delivering outside batches', async () => {
    const { editor } = await openBatches([]);
    expect(
      within(editor).getByText('No delivery rounds: orders are delivered outside batches.'),
    ).toBeTruthy();
  });

  it('shows each round of a day with its times as <input type="time">', async () => {
    const { editor } = await openBatches([lunch, dinner]);
    const cutoff = time(editor, 'Monday round 1 Cut-off time');
    expect(cutoff.type).toBe('time');
    expect(cutoff.value).toBe('12:30');
    expect(time(editor, 'Monday round 1 Delivery time').value).toBe('13:30');
    expect(time(editor, 'Monday round 2 Cut-off time').value).toBe('19:00');
    expect(within(editor).queryByLabelText('Tuesday round 1 Cut-off time')).toBeNull();
  });

  it("shows the api's refusal of a field beside that field", async () => {
    const message = "This round's cut-off comes before the previous round is delivered (1:30 PM).";
    const { editor, user } = await openBatches([lunch, dinner], {
      'PUT /api/admin/delivery-slots': () =>
        json(400, {
          error: {
            code: 'validation',
            message: 'Please check the rounds.',
            fields: { 'slots.1.cutoff': message },
          },
        }),
    });
    await user.click(within(editor).getByRole('button', { name: 'Save delivery rounds' }));
    const refused = time(editor, 'Monday round 2 Cut-off time');
    await waitFor(() => expect(refused.getAttribute('aria-invalid')).toBe('true'));
    expect(descriptionOf(refused)).toBe(message);
    // Only that field: the other times are not marked.
    expect(time(editor, 'Monday round 1 Cut-off time').getAttribute('aria-invalid')).toBeNull();
    expect(descriptionOf(time(editor, 'Monday round 2 Delivery time'))).toBe('');
  });

  it('checks the rounds with the shared rules before sending them', async () => {
    const { editor, user, callsOf } = await openBatches([lunch]);
    fireEvent.change(time(editor, 'Monday round 1 Delivery time'), { target: { value: '12:00' } });
    await user.click(within(editor).getByRole('button', { name: 'Save delivery rounds' }));
    const delivery = time(editor, 'Monday round 1 Delivery time');
    await waitFor(() =>
      expect(descriptionOf(delivery)).toBe('The delivery time must be after the cut-off time.'),
    );
    expect(callsOf('PUT', '/api/admin/delivery-slots')).toHaveLength(0);
  });

  it("copies Monday's rounds to Tuesday to Friday and saves the week in 12-hour times", async () => {
    const { editor, user, callsOf } = await openBatches([lunch, dinner]);
    await user.click(within(editor).getByRole('button', { name: 'Copy Monday to weekdays' }));
    for (const day of ['Tuesday', 'Wednesday', 'Thursday', 'Friday']) {
      expect(time(editor, `${day} round 1 Cut-off time`).value).toBe('12:30');
      expect(time(editor, `${day} round 2 Delivery time`).value).toBe('20:00');
    }
    expect(within(editor).queryByLabelText('Saturday round 1 Cut-off time')).toBeNull();
    await user.click(within(editor).getByRole('button', { name: 'Save delivery rounds' }));
    expect(await within(editor).findByText('Delivery rounds saved.')).toBeTruthy();
    const [, init] = callsOf('PUT', '/api/admin/delivery-slots')[0] ?? [];
    const sent = JSON.parse(String(init?.body)) as { slots: TDeliverySlot[] };
    expect(sent.slots).toHaveLength(10);
    expect(sent.slots.filter((slot) => slot.weekday === 'thu')).toEqual([
      { weekday: 'thu', cutoff: '12:30 PM', delivery: '1:30 PM' },
      { weekday: 'thu', cutoff: '7:00 PM', delivery: '8:00 PM' },
    ]);
  });

  it('adds and removes a round of a day', async () => {
    const { editor, user } = await openBatches([lunch]);
    await user.click(within(editor).getByRole('button', { name: 'Add a round on Saturday' }));
    expect(time(editor, 'Saturday round 1 Cut-off time').value).toBe('');
    await user.click(within(editor).getByRole('button', { name: 'Remove Monday round 1' }));
    expect(within(editor).queryByLabelText('Monday round 1 Cut-off time')).toBeNull();
  });
});

describe('a batch', () => {
  async function openBatch() {
    const opened = await openBatches([lunch]);
    const rounds = await within(opened.panel).findByRole('table', {
      name: "Today's delivery rounds",
    });
    const row = within(rounds).getByRole('row', { name: /Thursday, Nov 26, 1:30 PM round/ });
    expect(within(row).getByText('12:30 PM')).toBeTruthy();
    expect(within(row).getByText('Rs 1,234.00')).toBeTruthy();
    await opened.user.click(
      within(row).getByRole('button', { name: 'Open the Thursday, Nov 26, 1:30 PM round' }),
    );
    const batch = await within(opened.panel).findByRole('region', {
      name: 'Thursday, Nov 26, 1:30 PM round',
    });
    return { ...opened, batch };
  }

  it('puts the open round in the address, and a link to it opens it', async () => {
    const { router } = await openBatch();
    expect(new URLSearchParams(router.state.location.search).get('round')).toBe('batch-1');
    expect(new URLSearchParams(router.state.location.search).get('tab')).toBe('batches');

    stubAdminApi({ session: buildCampusAdmin() }, deliveryRoutes([lunch]));
    openPage(`/admin/uni-1/campus-1${router.state.location.search}`);
    const panel = await screen.findByRole('tabpanel', { name: 'Batches' });
    expect(
      await within(panel).findByRole('region', { name: 'Thursday, Nov 26, 1:30 PM round' }),
    ).toBeTruthy();
  });

  it('lists what each restaurant prepares, the waiting orders apart and the mart last', async () => {
    const { batch } = await openBatch();
    const lists = within(batch).getAllByRole('region', { name: /^Pick list: / });
    expect(lists.map((list) => list.getAttribute('aria-label'))).toEqual([
      'Pick list: Chai Dhaba',
      'Pick list: Burger Lab',
      'Pick list: Mart',
    ]);
    const chai = within(batch).getByRole('region', { name: 'Pick list: Chai Dhaba' });
    const rows = within(chai)
      .getAllByRole('row')
      .slice(1)
      .map((row) => row.textContent);
    // What an order verified after the list went out added is marked.
    expect(rows).toEqual([
      'Doodh Patti5CB-4KX7 × 2, CB-9PQ2 × 3',
      'Samosa1 added after the pick list3CB-9PQ2 × 3',
    ]);
    expect(within(chai).getByText('2 orders still wait for their payment check')).toBeTruthy();
    expect(within(batch).getAllByText('2 orders still wait for their payment check')).toHaveLength(
      2,
    );
    const burger = within(batch).getByRole('region', { name: 'Pick list: Burger Lab' });
    expect(within(burger).queryByText(/wait/)).toBeNull();
  });

  it('groups the drop list by place, then room, with a Delivered button for orders on their way', async () => {
    const { batch, user, callsOf } = await openBatch();
    const places = within(batch).getAllByRole('region', { name: /^Drop list: / });
    expect(places.map((place) => place.getAttribute('aria-label'))).toEqual([
      'Drop list: Hall 3',
      'Drop list: Iqbal Hall',
    ]);
    const hall3 = places[0] as HTMLElement;
    const rows = within(hall3)
      .getAllByRole('row')
      .slice(1)
      .map((row) =>
        within(row)
          .getAllByRole('cell')
          .map((cell) => cell.textContent),
      );
    expect(rows.map((cells) => cells.slice(0, 3))).toEqual([
      ['Room 12', 'CB-4KX7', 'Ayesha Khan'],
      ['Room 20', 'CB-9PQ2', 'Hamza Ali'],
    ]);
    // The student's instruction reaches whoever hands the order over.
    expect(rows[0]).toContain('Call on arrival');
    expect(within(hall3).getByText('Rs 1,234.00')).toBeTruthy();
    // Only the order out for delivery can be handed over.
    expect(within(batch).getAllByRole('button', { name: /^Delivered: / })).toHaveLength(1);
    await user.click(
      within(hall3).getByRole('button', { name: 'Delivered: Ayesha Khan, Hall 3, Room 12' }),
    );
    await waitFor(() =>
      expect(callsOf('POST', '/api/admin/orders/o-ayesha/status')).toHaveLength(1),
    );
    const [, init] = callsOf('POST', '/api/admin/orders/o-ayesha/status')[0] ?? [];
    expect(JSON.parse(String(init?.body))).toEqual({ action: 'deliver', reason: '' });
  });

  it('offers downloads of both lists and a print view of the pick lists', async () => {
    const { batch } = await openBatch();
    const downloads = within(batch).getByRole('navigation', { name: 'Downloads' });
    expect(
      within(downloads)
        .getAllByRole('link')
        .map((link) => link.getAttribute('href')),
    ).toEqual([
      '/api/admin/batches/batch-1/pick-list.xlsx',
      '/api/admin/batches/batch-1/pick-list.csv',
      '/api/admin/batches/batch-1/drop-list.xlsx',
      '/api/admin/batches/batch-1/drop-list.csv',
    ]);
    expect(within(batch).getByRole('link', { name: 'Print pick lists' }).getAttribute('href')).toBe(
      '/admin/batches/batch-1/print',
    );
  });

  it('closes the round early after a confirmation and shows a refusal as the api says it', async () => {
    const { batch, user, callsOf } = await openBatches([lunch], {
      'POST /api/admin/batches/:id/close': () =>
        json(409, { error: { code: 'conflict', message: 'This round is already closed.' } }),
    }).then(async (opened) => {
      const rounds = await within(opened.panel).findByRole('table', {
        name: "Today's delivery rounds",
      });
      await opened.user.click(within(rounds).getByRole('button', { name: /^Open the / }));
      const found = await within(opened.panel).findByRole('region', {
        name: 'Thursday, Nov 26, 1:30 PM round',
      });
      return { ...opened, batch: found };
    });
    await user.click(within(batch).getByRole('button', { name: 'Close now' }));
    const dialog = screen.getByRole('alertdialog', { name: 'Close this round now?' });
    expect(callsOf('POST', '/api/admin/batches/batch-1/close')).toHaveLength(0);
    await user.click(within(dialog).getByRole('button', { name: 'Close now' }));
    expect(await within(batch).findByText('This round is already closed.')).toBeTruthy();
    expect(callsOf('POST', '/api/admin/batches/batch-1/close')).toHaveLength(1);
  });
});

describe('the super admin Batches tab', () => {
  it('lists every campus and asks for one campus before editing rounds', async () => {
    const opened = await openDashboardSection(
      '/super-admin',
      'Batches',
      { session: buildSuperAdmin(), universities: [buildUniversity()] },
      deliveryRoutes([lunch]),
    );
    expect(
      await within(opened.panel).findByText('Choose a campus to edit its delivery rounds.'),
    ).toBeTruthy();
    const rounds = await within(opened.panel).findByRole('table', {
      name: "Today's delivery rounds",
    });
    expect(within(rounds).getByText('Punjab University - Main Campus')).toBeTruthy();
    expect(opened.callsOf('GET', '/api/admin/delivery-slots')).toHaveLength(0);
    await opened.user.selectOptions(
      within(opened.panel).getByLabelText('Filter by university'),
      'uni-1',
    );
    await opened.user.selectOptions(
      within(opened.panel).getByLabelText('Filter by campus'),
      'campus-1',
    );
    expect(await within(opened.panel).findByRole('form', { name: 'Delivery rounds' })).toBeTruthy();
    const [url] = opened.callsOf('GET', '/api/admin/batches').at(-1) ?? [];
    expect(new URL(String(url), 'http://campus.test').searchParams.get('campusId')).toBe(
      'campus-1',
    );
  });
});
