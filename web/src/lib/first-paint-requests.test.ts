import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  firstPaintRequests,
  readSelectionCookie,
  SELECTED_CAMPUS_KEY,
  SELECTED_UNIVERSITY_KEY,
  selectionCookie,
} from './first-paint-requests';

const FRAME = ['/api/public-config', '/api/account/session', '/api/catalogue/universities'];
const UNIVERSITY = { id: 'u 1', name: 'Northfield' };
const CAMPUS = { id: 'c/1', name: 'Main', universityId: 'u 1' };

/** Storage holding these raw values, as the browser's localStorage would. */
function storage(values: Record<string, string>) {
  return { getItem: (key: string) => values[key] ?? null };
}

/** Storage holding the university and this campus, as the selector keeps them. */
function selection(campus: object) {
  return storage({
    [SELECTED_UNIVERSITY_KEY]: JSON.stringify(UNIVERSITY),
    [SELECTED_CAMPUS_KEY]: JSON.stringify(campus),
  });
}

const selected = selection(CAMPUS);
const CAMPUSES = '/api/catalogue/universities/u%201/campuses';

describe('firstPaintRequests', () => {
  it('asks for the frame, and a menu at any campus, when nothing is selected', () => {
    expect(firstPaintRequests('/restaurants', storage({}))).toEqual(FRAME);
    expect(firstPaintRequests('/', storage({}))).toEqual(FRAME);
    expect(firstPaintRequests('/menu/r1', storage({}))).toEqual([
      ...FRAME,
      '/api/catalogue/restaurants/r1',
    ]);
  });

  it("adds the chosen university's campuses and the storefront page's own list", () => {
    expect(firstPaintRequests('/', selected)).toEqual([...FRAME, CAMPUSES]);
    expect(firstPaintRequests('/restaurants', selected)).toEqual([
      ...FRAME,
      CAMPUSES,
      '/api/catalogue/campuses/c%2F1/restaurants',
    ]);
    expect(firstPaintRequests('/mart-items', selected)).toEqual([
      ...FRAME,
      CAMPUSES,
      '/api/catalogue/campuses/c%2F1/mart-items',
    ]);
    expect(firstPaintRequests('/menu/r%201', selected)).toEqual([
      ...FRAME,
      CAMPUSES,
      '/api/catalogue/campuses/c%2F1/restaurants/r%201',
    ]);
    expect(firstPaintRequests('/checkout', selected)).toEqual([...FRAME, CAMPUSES]);
  });

  it("asks for a menu at any campus when the stored campus is not the university's", () => {
    const otherCampus = selection({ ...CAMPUS, universityId: 'u 2' });
    expect(firstPaintRequests('/menu/r1', otherCampus)).toEqual([
      ...FRAME,
      CAMPUSES,
      '/api/catalogue/restaurants/r1',
    ]);
    expect(firstPaintRequests('/restaurants', otherCampus)).toEqual([...FRAME, CAMPUSES]);
  });

  it('asks for the frame alone when storage holds something unreadable, and skips a malformed menu address', () => {
    for (const raw of ['not json', '{"id":7}', '{"id":""}', '[]', 'null']) {
      expect(
        firstPaintRequests('/restaurants', storage({ [SELECTED_UNIVERSITY_KEY]: raw })),
      ).toEqual(FRAME);
    }
    expect(firstPaintRequests('/menu/%E0%A4%A', selected)).toEqual([...FRAME, CAMPUSES]);
  });
});

describe('the selection cookie', () => {
  /** What a browser sends back of a cookie document.cookie was given: its name=value. */
  const sent = (cookie: string) => cookie.split(';')[0] ?? '';

  it('carries any ids back as they were, among other cookies', () => {
    const id = fc.string({ minLength: 1 });
    fc.assert(
      fc.property(id, fc.option(id), (universityId, campusId) => {
        const header = `a=1; ${sent(selectionCookie({ universityId, campusId }))}; b=2`;
        expect(readSelectionCookie(header)).toEqual({ universityId, campusId });
      }),
    );
  });

  it('is removed when nothing is selected, and kept a year otherwise', () => {
    expect(selectionCookie(null)).toBe('campusSelection=; Path=/; Max-Age=0; SameSite=Lax');
    expect(selectionCookie({ universityId: 'u', campusId: null })).toContain('Max-Age=31536000');
  });

  it('reads as no selection when absent, empty or malformed', () => {
    for (const header of [
      undefined,
      '',
      'other=u/c',
      'campusSelection=',
      'campusSelection=/c',
      'campusSelection=u/c/d',
      'campusSelection=%E0%A4%A/c',
    ]) {
      expect(readSelectionCookie(header), String(header)).toBeNull();
    }
  });
});
