import { PLACE_MESSAGES, type TDeliveryPlace } from '@campus/shared/domain/delivery-places';
import { within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { buildBatch, buildCampusAdmin } from '@/test/builders';
import { type ApiHandler, json } from '@/test/fake-api';
import { openDashboardSection } from '@/test/render';

// The delivery places of the Batches tab (decision 026), signed in as the campus admin of
// /admin/uni-1/campus-1, over stubbed routes.

const iqbal: TDeliveryPlace = { id: 'p-iqbal', name: 'Iqbal Hall', code: 'IQH', note: '' };
const gate: TDeliveryPlace = {
  id: 'p-gate',
  name: 'Main Gate',
  code: 'GATE',
  note: 'By the guard post',
};

async function openPlaces(places: TDeliveryPlace[], put?: ApiHandler) {
  const opened = await openDashboardSection(
    '/admin/uni-1/campus-1',
    'Batches',
    { session: buildCampusAdmin() },
    {
      'GET /api/admin/delivery-slots': () =>
        json(200, { ok: true, slots: [], timeZone: 'Asia/Karachi', nextRound: null }),
      'GET /api/admin/batches': () => json(200, { ok: true, batches: [buildBatch()] }),
      'GET /api/admin/delivery-places': () => json(200, { ok: true, places }),
      'PUT /api/admin/delivery-places':
        put ??
        (({ body }) => {
          const sent = (body as { places: Omit<TDeliveryPlace, 'id'>[] }).places;
          return json(200, {
            ok: true,
            places: sent.map((place, index) => ({ id: `p-${index}`, ...place })),
          });
        }),
    },
  );
  await opened.user.click(within(opened.panel).getByText('Delivery places'));
  const editor = await within(opened.panel).findByRole('form', { name: 'Delivery places' });
  return { ...opened, editor };
}

const input = (scope: HTMLElement, name: string) =>
  within(scope).getByLabelText(name) as HTMLInputElement;

describe('the delivery places of a campus', () => {
  it('lists the places in order, moves one up, adds one and saves the whole list', async () => {
    const { editor, panel, user, callsOf } = await openPlaces([iqbal, gate]);
    expect(input(editor, 'Main Gate Note for students').value).toBe('By the guard post');
    await user.click(within(editor).getByRole('button', { name: 'Move Main Gate up' }));
    await user.click(within(editor).getByRole('button', { name: 'Add place' }));
    await user.type(input(editor, 'Place 3 Name'), 'Library');
    await user.type(input(editor, 'Library Code'), 'lib');
    await user.click(within(editor).getByRole('button', { name: 'Save delivery places' }));
    // The saved list starts the form afresh, with what the api kept.
    expect(await within(panel).findByText('Delivery places saved.')).toBeTruthy();
    expect(input(panel, 'Library Code').value).toBe('lib');
    const [, init] = callsOf('PUT', '/api/admin/delivery-places')[0] ?? [];
    expect(JSON.parse(String(init?.body))).toEqual({
      places: [
        { id: 'p-gate', name: 'Main Gate', code: 'GATE', note: 'By the guard post' },
        { id: 'p-iqbal', name: 'Iqbal Hall', code: 'IQH', note: '' },
        { name: 'Library', code: 'lib', note: '' },
      ],
    });
  });

  it('checks codes before sending, and shows a refusal of the api beside its field', async () => {
    const { editor, user, callsOf } = await openPlaces([iqbal], () =>
      json(400, {
        ok: false,
        error: {
          code: 'invalid-argument',
          message: PLACE_MESSAGES.removedMeanwhile,
          fields: { 'places.0.name': PLACE_MESSAGES.removedMeanwhile },
        },
      }),
    );
    await user.click(within(editor).getByRole('button', { name: 'Add place' }));
    await user.type(input(editor, 'Place 2 Name'), 'Gate');
    await user.type(input(editor, 'Gate Code'), 'iqh');
    await user.click(within(editor).getByRole('button', { name: 'Save delivery places' }));
    const code = input(editor, 'Gate Code');
    expect(code.getAttribute('aria-invalid')).toBe('true');
    expect(within(editor).getByText(PLACE_MESSAGES.sameCode)).toBeTruthy();
    expect(callsOf('PUT', '/api/admin/delivery-places')).toHaveLength(0);
    await user.click(within(editor).getByRole('button', { name: 'Remove Gate' }));
    await user.click(within(editor).getByRole('button', { name: 'Save delivery places' }));
    expect(await within(editor).findByText(PLACE_MESSAGES.removedMeanwhile)).toBeTruthy();
    expect(input(editor, 'Iqbal Hall Name').getAttribute('aria-invalid')).toBe('true');
  });

  it('says what a campus without places does', async () => {
    const { editor } = await openPlaces([]);
    expect(
      within(editor).getByText(/No delivery places: checkout asks for a hostel room/),
    ).toBeTruthy();
  });
});
