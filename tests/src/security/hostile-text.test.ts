import {
  allowedDomains,
  campuses,
  martItems,
  menuItems,
  orders,
  restaurants,
  universities,
  users,
} from '@campus/shared/server/db/schema';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { attacked, rows, setUpAttackedApp } from '../support/attacked-app';
import { solvedCaptcha } from '../support/captcha';
import { engine } from '../support/database';
import { checkoutBody, postOrder } from '../support/orders';
import { createPerson } from '../support/people';
import { signInCookie } from '../support/session';

// Hostile text through the real api: SQL and HTML that a student or an admin types are stored and
// sent back as the plain text they are (the fuzzing of the same is hostile-text-fuzz.test.ts).

setUpAttackedApp();

describe(`hostile text on ${engine}`, () => {
  const hostile = [
    "Robert'); DROP TABLE orders; --",
    '<img src=x onerror="alert(document.cookie)">',
    '"><script>alert(1)</script>',
    "' OR '1'='1",
  ];

  it('stores SQL and HTML in every checkout text field as the plain text it is', async () => {
    for (const text of hostile) {
      const body = await checkoutBody(
        attacked.testApp.app,
        attacked.tree,
        attacked.buyer.screenshot,
        {
          firstName: text,
          lastName: text,
          room: text,
          specialInstruction: text,
          accountTitle: text,
          bankName: text,
        },
      );
      const response = await postOrder(attacked.testApp.app, attacked.buyer.cookie, body);
      expect(response.status, text).toBe(201);
      const { orderId } = (await response.json()) as { orderId: string };
      const [order] = await attacked.database.db
        .select()
        .from(orders)
        .where(eq(orders.id, orderId));
      expect(order).toMatchObject({
        firstName: text,
        lastName: text,
        room: text,
        specialInstruction: text,
        accountTitle: text,
        bankName: text,
      });
    }
    // The tables are all still there.
    expect(await rows(orders)).toBeGreaterThan(0);
  });

  it("keeps an admin's SQL and HTML as text, and the catalogue sends it as JSON text", async () => {
    const admin = await createPerson(attacked.database.db, 'campusAdmin', attacked.tree.campus);
    const cookie = await signInCookie(attacked.testApp.app, admin.email, admin.password);
    const name = hostile[1] as string;
    const response = await attacked.testApp.app.request('/api/admin/restaurants', {
      method: 'POST',
      headers: { 'content-type': 'application/json', cookie },
      body: JSON.stringify({
        universityId: attacked.tree.university.id,
        campusId: attacked.tree.campus.id,
        name,
        location: hostile[0],
        cuisine: hostile[3],
      }),
    });
    expect(response.status).toBe(201);
    const [stored] = await attacked.database.db
      .select()
      .from(restaurants)
      .where(eq(restaurants.name, name));
    expect(stored).toMatchObject({ name, location: hostile[0], cuisine: hostile[3] });
    const list = await attacked.testApp.app.request(
      `/api/catalogue/campuses/${attacked.tree.campus.id}/restaurants`,
    );
    expect(list.headers.get('content-type')).toMatch(/^application\/json/);
    const { restaurants: listed } = (await list.json()) as { restaurants: { name: string }[] };
    expect(listed.map((restaurant) => restaurant.name)).toContain(name);
  });

  /** A JSON answer of the status: never HTML a browser would render or sniff. */
  async function jsonAnswer<T>(response: Response, status: number, label: string): Promise<T> {
    const text = await response.text();
    expect(response.status, `${label}: ${text}`).toBe(status);
    expect(response.headers.get('content-type'), label).toMatch(/^application\/json/);
    expect(response.headers.get('x-content-type-options'), label).toBe('nosniff');
    return JSON.parse(text) as T;
  }

  it('stores every admin text field with SQL and HTML verbatim, and every list sends it back as JSON text', async () => {
    const admin = await createPerson(attacked.database.db, 'superAdmin');
    const cookie = await signInCookie(attacked.testApp.app, admin.email, admin.password);
    const call = async <T>(path: string, status: number, body?: unknown): Promise<T> =>
      jsonAnswer<T>(
        await attacked.testApp.app.request(path, {
          method: body === undefined ? 'GET' : 'POST',
          headers: { 'content-type': 'application/json', cookie },
          ...(body === undefined ? {} : { body: JSON.stringify(body) }),
        }),
        status,
        path,
      );
    type Named = { id: string; [field: string]: unknown };
    const find = (list: Named[], id: string) => list.find((row) => row.id === id);

    for (const [n, text] of hostile.entries()) {
      // A university and campus of their own, so names that must be unique stay unique.
      const { university } = await call<{ university: Named }>('/api/admin/universities', 201, {
        id: '',
        name: text,
      });
      const { campus } = await call<{ campus: Named }>('/api/admin/campuses', 201, {
        id: '',
        universityId: university.id,
        name: text,
        location: text,
      });
      const place = { universityId: university.id, campusId: campus.id };
      const { restaurant } = await call<{ restaurant: Named }>('/api/admin/restaurants', 201, {
        id: '',
        ...place,
        name: text,
        location: text,
        cuisine: text,
        is24x7: true,
      });
      const { menuItem } = await call<{ menuItem: Named }>('/api/admin/menu-items', 201, {
        id: '',
        ...place,
        restaurantId: restaurant.id,
        name: text,
        price: '120',
        description: text,
      });
      const { martItem } = await call<{ martItem: Named }>('/api/admin/mart-items', 201, {
        id: '',
        ...place,
        name: text,
        price: '45',
        description: text,
        category: text,
        stock: '7',
      });
      const { domain } = await call<{ domain: Named }>('/api/admin/domains', 201, {
        id: '',
        ...place,
        name: text,
        domain: `hostile${n}.edu.pk`,
      });
      const { user } = await call<{ user: Named & { uid: string } }>('/api/admin/users', 201, {
        firstName: text,
        lastName: text,
        email: `hostile${n}@hostile${n}.edu.pk`,
        password: 'secret-1',
        role: 'user',
        ...place,
      });

      // The answers to the writes carry the text as it was sent.
      expect(university.name, text).toBe(text);
      expect(campus, text).toMatchObject({ name: text, location: text });
      expect(restaurant, text).toMatchObject({ name: text, location: text, cuisine: text });
      expect(menuItem, text).toMatchObject({ name: text, description: text });
      expect(martItem, text).toMatchObject({ name: text, description: text, category: text });
      expect(domain, text).toMatchObject({ name: text, domain: `@hostile${n}.edu.pk` });
      expect(user, text).toMatchObject({ firstName: text, lastName: text });

      // The database holds the text, not something escaped, cut or run.
      const db = attacked.database.db;
      const [storedUniversity] = await db
        .select()
        .from(universities)
        .where(eq(universities.id, university.id));
      const [storedCampus] = await db.select().from(campuses).where(eq(campuses.id, campus.id));
      const [storedRestaurant] = await db
        .select()
        .from(restaurants)
        .where(eq(restaurants.id, restaurant.id));
      const [storedMenuItem] = await db
        .select()
        .from(menuItems)
        .where(eq(menuItems.id, menuItem.id));
      const [storedMartItem] = await db
        .select()
        .from(martItems)
        .where(eq(martItems.id, martItem.id));
      const [storedDomain] = await db
        .select()
        .from(allowedDomains)
        .where(eq(allowedDomains.id, domain.id));
      const [storedUser] = await db.select().from(users).where(eq(users.id, user.uid));
      expect(storedUniversity?.name, text).toBe(text);
      expect(storedCampus, text).toMatchObject({ name: text, location: text });
      expect(storedRestaurant, text).toMatchObject({ name: text, location: text, cuisine: text });
      expect(storedMenuItem, text).toMatchObject({ name: text, description: text });
      expect(storedMartItem, text).toMatchObject({ name: text, description: text, category: text });
      expect(storedDomain?.name, text).toBe(text);
      expect(storedUser, text).toMatchObject({ firstName: text, lastName: text, campusName: text });

      // Every list that shows them, admin and public, sends the text back as JSON text.
      const admins = await call<{ universities: (Named & { campuses: Named[] })[] }>(
        '/api/admin/universities',
        200,
      );
      const listedUniversity = find(admins.universities, university.id) as
        | (Named & { campuses: Named[] })
        | undefined;
      expect(listedUniversity?.name, text).toBe(text);
      expect(find(listedUniversity?.campuses ?? [], campus.id), text).toMatchObject({
        name: text,
        location: text,
      });
      const scope = `universityId=${university.id}&campusId=${campus.id}`;
      const adminRestaurants = await call<{ restaurants: Named[] }>(
        `/api/admin/restaurants?${scope}`,
        200,
      );
      expect(find(adminRestaurants.restaurants, restaurant.id), text).toMatchObject({
        name: text,
        location: text,
        cuisine: text,
      });
      const adminMenu = await call<{ menuItems: Named[] }>(
        `/api/admin/menu-items?${scope}&restaurantId=${restaurant.id}`,
        200,
      );
      expect(find(adminMenu.menuItems, menuItem.id), text).toMatchObject({
        name: text,
        description: text,
      });
      const adminMart = await call<{ martItems: Named[] }>(`/api/admin/mart-items?${scope}`, 200);
      expect(find(adminMart.martItems, martItem.id), text).toMatchObject({
        name: text,
        description: text,
        category: text,
      });
      const adminDomains = await call<{ domains: Named[] }>('/api/admin/domains', 200);
      expect(find(adminDomains.domains, domain.id)?.name, text).toBe(text);
      const adminUsers = await call<{ users: (Named & { uid: string })[] }>(
        `/api/admin/users?campusId=${campus.id}`,
        200,
      );
      expect(
        adminUsers.users.find((listed) => listed.uid === user.uid),
        text,
      ).toMatchObject({ firstName: text, lastName: text, universityName: text, campusName: text });

      const publicUniversities = await call<{ universities: Named[] }>(
        '/api/catalogue/universities',
        200,
      );
      expect(find(publicUniversities.universities, university.id)?.name, text).toBe(text);
      const publicCampuses = await call<{ campuses: Named[] }>(
        `/api/catalogue/universities/${university.id}/campuses`,
        200,
      );
      expect(find(publicCampuses.campuses, campus.id), text).toMatchObject({
        name: text,
        location: text,
      });
      const publicRestaurants = await call<{ restaurants: Named[] }>(
        `/api/catalogue/campuses/${campus.id}/restaurants`,
        200,
      );
      expect(find(publicRestaurants.restaurants, restaurant.id), text).toMatchObject({
        name: text,
        location: text,
        cuisine: text,
      });
      const publicMenu = await call<{ restaurant: Named; menuItems: Named[] }>(
        `/api/catalogue/campuses/${campus.id}/restaurants/${restaurant.id}`,
        200,
      );
      expect(publicMenu.restaurant.name, text).toBe(text);
      expect(find(publicMenu.menuItems, menuItem.id), text).toMatchObject({
        name: text,
        description: text,
      });
      const publicMart = await call<{ martItems: Named[] }>(
        `/api/catalogue/campuses/${campus.id}/mart-items`,
        200,
      );
      expect(find(publicMart.martItems, martItem.id), text).toMatchObject({
        name: text,
        description: text,
        category: text,
      });
    }
  });

  it('keeps SQL and HTML in the names of a sign-up as text', async () => {
    const admin = await createPerson(attacked.database.db, 'superAdmin');
    const cookie = await signInCookie(attacked.testApp.app, admin.email, admin.password);
    for (const [n, text] of hostile.entries()) {
      const email = `signup${n}${Date.now()}@uni.edu.pk`;
      const response = await attacked.testApp.app.request('/api/account/sign-up', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({
          firstName: text,
          lastName: text,
          universityId: attacked.tree.university.id,
          campusId: attacked.tree.campus.id,
          email,
          password: 'secret-1',
          confirmPassword: 'secret-1',
          captcha: await solvedCaptcha(attacked.testApp.app),
        }),
      });
      await jsonAnswer(response, 201, text);
      const [stored] = await attacked.database.db
        .select()
        .from(users)
        .where(eq(users.email, email));
      expect(stored, text).toMatchObject({ firstName: text, lastName: text, role: 'user' });
      const listed = await jsonAnswer<{ users: { email: string }[] }>(
        await attacked.testApp.app.request(`/api/admin/users?campusId=${attacked.tree.campus.id}`, {
          headers: { cookie },
        }),
        200,
        text,
      );
      expect(
        listed.users.find((user) => user.email === email),
        text,
      ).toMatchObject({ firstName: text, lastName: text });
    }
  });
});
