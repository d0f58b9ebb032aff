import { describe, expect, it } from 'vitest';
import {
  deliveryAddress,
  MAX_DELIVERY_PLACES,
  PLACE_MESSAGES,
  placeProblem,
  ZDeliveryPlacesRequest,
} from './delivery-places';

const places = [{ id: 'place-iqbal' }, { id: 'place-gate' }];

describe('the place of an order', () => {
  it('is one of the campus places where the campus keeps a list', () => {
    expect(placeProblem('place-gate', places)).toBeNull();
    expect(placeProblem(undefined, places)).toBe(PLACE_MESSAGES.choose);
    expect(placeProblem('place-of-another-campus', places)).toBe(PLACE_MESSAGES.notOfCampus);
  });

  it('is none where the campus keeps no list', () => {
    expect(placeProblem(undefined, [])).toBeNull();
    expect(placeProblem('place-iqbal', [])).toBe(PLACE_MESSAGES.notOfCampus);
  });

  it.each([
    [{ placeName: 'Iqbal Hall', room: 'Room 214' }, 'Iqbal Hall, Room 214'],
    [{ placeName: 'Main Gate', room: '' }, 'Main Gate'],
    [{ placeName: '', room: 'Hall 3, Room 12' }, 'Hall 3, Room 12'],
    [{ placeName: '', room: '' }, ''],
  ])('%j is delivered to %j', (order, address) => {
    expect(deliveryAddress(order)).toBe(address);
  });
});

describe('a campus list of places', () => {
  const place = (name: string, code: string, note = '') => ({ name, code, note });

  it('keeps names, upper-cases codes and trims', () => {
    const parsed = ZDeliveryPlacesRequest.parse({
      places: [place(' Iqbal Hall ', 'iqh'), place('Main Gate', 'gate-2', 'By the guard post')],
    });
    expect(parsed.places).toEqual([
      { name: 'Iqbal Hall', code: 'IQH', note: '' },
      { name: 'Main Gate', code: 'GATE-2', note: 'By the guard post' },
    ]);
  });

  it('refuses a repeated name or code at its row, letter case aside', () => {
    const result = ZDeliveryPlacesRequest.safeParse({
      places: [place('Iqbal Hall', 'IQH'), place('iqbal hall', 'iqh')],
    });
    expect(result.success).toBe(false);
    expect(result.error?.issues.map((issue) => [issue.path.join('.'), issue.message])).toEqual([
      ['places.1.name', PLACE_MESSAGES.sameName],
      ['places.1.code', PLACE_MESSAGES.sameCode],
    ]);
  });

  it.each([
    [place('', 'IQH'), 'places.0.name', PLACE_MESSAGES.nameRequired],
    [place('Iqbal Hall', ''), 'places.0.code', PLACE_MESSAGES.codeRequired],
    [place('Iqbal Hall', 'IQ H'), 'places.0.code', PLACE_MESSAGES.codeFormat],
    [place('Iqbal Hall', 'IQH-'), 'places.0.code', PLACE_MESSAGES.codeFormat],
    [
      place('Iqbal Hall', 'IQHALLNUMBER1'),
      'places.0.code',
      'Please keep this field to at most 12 characters.',
    ],
  ])('refuses %j at %s', (bad, path, message) => {
    const result = ZDeliveryPlacesRequest.safeParse({ places: [bad] });
    expect(result.error?.issues.map((issue) => [issue.path.join('.'), issue.message])).toEqual([
      [path, message],
    ]);
  });

  it(`keeps at most ${MAX_DELIVERY_PLACES} places`, () => {
    const many = Array.from({ length: MAX_DELIVERY_PLACES + 1 }, (_, i) =>
      place(`Hall ${i}`, `H${i}`),
    );
    const result = ZDeliveryPlacesRequest.safeParse({ places: many });
    expect(result.error?.issues[0]?.message).toBe(PLACE_MESSAGES.tooMany);
  });
});
