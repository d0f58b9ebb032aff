// @vitest-environment node
// Rendered as the api renders it: in Node, with no window, document or browser storage.
import { CATALOGUE_MESSAGES } from '@campus/shared/domain/storefront-messages';
import { describe, expect, it } from 'vitest';
import { type ApiAnswer, renderPage } from './entry-server';

const UNIVERSITY = { id: 'u-1', name: 'Northfield University' };
const CAMPUS = { id: 'c 1', universityId: 'u-1', name: 'Main Campus', location: 'Gate 2' };
const RESTAURANT = {
  id: 'r-1',
  universityId: 'u-1',
  campusId: 'c 1',
  name: 'Margalla Cafe',
  location: 'Library Lawn',
  cuisine: 'Cafe',
  openTime: null,
  closeTime: null,
  is24x7: true,
};
const COOKIE = 'theme=dark; campusSelection=u-1/c%201';

/** The api as the renderer sees it: these answers by path, 404 for anything else. */
function api(overrides: Record<string, ApiAnswer> = {}, restaurants: object[] = [RESTAURANT]) {
  const answers: Record<string, ApiAnswer> = {
    '/api/public-config': { status: 200, body: { ok: true, whatsappNumber: null } },
    '/api/account/session': { status: 200, body: { ok: true, user: null } },
    '/api/catalogue/universities': { status: 200, body: { ok: true, universities: [UNIVERSITY] } },
    '/api/catalogue/universities/u-1/campuses': {
      status: 200,
      body: { ok: true, campuses: [CAMPUS] },
    },
    '/api/catalogue/campuses/c%201/restaurants': { status: 200, body: { ok: true, restaurants } },
    ...overrides,
  };
  const asked: string[] = [];
  const get = async (path: string): Promise<ApiAnswer> => {
    asked.push(path);
    return answers[path] ?? { status: 404, body: { ok: false, error: 'NOT_FOUND' } };
  };
  return { get, asked };
}

/** The [query key, data] pairs a rendered page carries. */
function dataOf(page: { data: string }): [unknown[], unknown][] {
  return JSON.parse(page.data);
}

describe('renderPage', () => {
  it("renders the cookie's campus's restaurants, named as the catalogue names them now", async () => {
    const { get, asked } = api();
    const page = await renderPage('http://shop.example/restaurants?x=1', COOKIE, get);
    expect(page?.title).toBe('Restaurants · CampusBucket');
    expect(page?.markup).toContain(`>${CATALOGUE_MESSAGES.restaurants.title('Main Campus')}</h1>`);
    expect(page?.markup).toContain('>Margalla Cafe</h2>');
    expect(page?.markup).toContain('Northfield University - Main Campus');
    expect(asked).toContain('/api/catalogue/campuses/c%201/restaurants');
    // The app starts from exactly what the page shows.
    expect(dataOf(page ?? { data: '[]' })).toContainEqual([
      ['catalogue', 'restaurants', 'c 1'],
      { ok: true, restaurants: [RESTAURANT] },
    ]);
  });

  it('writes no "<" into the data, so no name can close the script element it travels in', async () => {
    const name = '</script><script>alert(1)</script><!--';
    const { get } = api({}, [{ ...RESTAURANT, name }]);
    const page = await renderPage('/restaurants', COOKIE, get);
    expect(page?.data).not.toContain('<');
    expect(JSON.stringify(dataOf(page ?? { data: '[]' }))).toContain(JSON.stringify(name));
    expect(page?.markup).not.toContain('<script');
    expect(page?.markup).toContain('&lt;/script&gt;');
  });

  it('renders a page asked for with a trailing slash as the page itself', async () => {
    const { get } = api();
    const page = await renderPage('/restaurants/', COOKIE, get);
    expect(page?.markup).toContain('>Margalla Cafe</h2>');
  });

  it('leaves every page but the storefront to the app, asking the api for nothing', async () => {
    for (const path of ['/login', '/cart', '/checkout', '/mart-items', '/admin', '/orders/1']) {
      const { get, asked } = api();
      expect(await renderPage(path, COOKIE, get), path).toBeNull();
      expect(asked, path).toEqual([]);
    }
  });

  it('asks a visitor without a selection to choose one, and asks for no campus list', async () => {
    const { get, asked } = api();
    const page = await renderPage('/restaurants', undefined, get);
    expect(page?.markup).toContain('Please select a university and campus to view restaurants');
    expect(asked.some((path) => path.includes('/campuses'))).toBe(false);
  });

  it('forgets a campus the catalogue no longer has, as the browser does', async () => {
    const { get } = api({
      '/api/catalogue/universities/u-1/campuses': { status: 200, body: { ok: true, campuses: [] } },
    });
    const page = await renderPage('/restaurants', COOKIE, get);
    expect(page?.markup).toContain('Please select a campus to view restaurants');
    expect(page?.markup).not.toContain('Margalla Cafe');
  });

  it('renders nothing when the catalogue cannot say what is selected', async () => {
    const failing = { status: 503, body: { ok: false, error: 'UNAVAILABLE' } };
    const { get } = api({ '/api/catalogue/universities': failing });
    expect(await renderPage('/restaurants', COOKIE, get)).toBeNull();
  });

  it('renders a menu the api did not find without it, for the app to say so', async () => {
    const { get, asked } = api();
    const page = await renderPage('/menu/gone', COOKIE, get);
    expect(asked).toContain('/api/catalogue/campuses/c%201/restaurants/gone');
    expect(page?.title).toBe('Menu · CampusBucket');
    expect(dataOf(page ?? { data: '[]' }).map(([key]) => key[1])).not.toContain('menu');
  });
});
