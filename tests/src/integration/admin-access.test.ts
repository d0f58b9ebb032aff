import type { AuditEntry } from '@campus/api/admin/audit';
import {
  ADMIN_API,
  type TCampusResponse,
  type TDeletedResponse,
  type TDomainResponse,
  type TDomainsResponse,
  type TMartItemResponse,
  type TMartItemsResponse,
  type TMenuItemResponse,
  type TMenuItemsResponse,
  type TOverviewResponse,
  type TRestaurantResponse,
  type TRestaurantsResponse,
  type TUniversitiesResponse,
  type TUniversityDeleteResponse,
  type TUniversityResponse,
  type TUserResponse,
  type TUsersResponse,
} from '@campus/shared/domain/admin-api';
import { CODE_MESSAGES } from '@campus/shared/domain/error-catalogue';
import { ORDER_SHEET_HEADER } from '@campus/shared/domain/order';
import { ROLE_MESSAGES } from '@campus/shared/domain/roles';
import { MASTER_TAB_NAME, SHEET_TAB_MESSAGES, sheetTabName } from '@campus/shared/domain/sheet-tab';
import type { Database } from '@campus/shared/server/db/client';
import { newId } from '@campus/shared/server/db/ids';
import {
  allowedDomains,
  auditLog,
  campuses,
  martItems,
  menuItems,
  outbox,
  restaurants,
  sheetRows,
  sheetTabs,
  universities,
  users,
} from '@campus/shared/server/db/schema';
import type { Producer } from '@campus/shared/server/queue';
import { openCheckedRedis } from '@campus/shared/server/redis';
import { and, eq, gt, inArray, isNull } from 'drizzle-orm';
import type { Redis } from 'ioredis';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type AdminTree,
  addDomain,
  addMartItem,
  addMenuItem,
  addRestaurant,
  addUser,
  buildAdminTree,
  campusForm,
  changesBetween,
  createUserForm,
  domainForm,
  hex,
  martItemForm,
  menuItemForm,
  restaurantForm,
  type Snapshot,
  snapshot,
  universityForm,
} from '../support/admin';
import { createTestApp, TEST_PUBLIC_URL } from '../support/app';
import { buildOrder, buildUser } from '../support/builders';
import { engine, openTestDatabase } from '../support/database';
import { testLog } from '../support/logger';
import { createPerson } from '../support/people';
import { testRedisUrl } from '../support/redis';
import { signInCookie } from '../support/session';

// Issue #7, "Done when": every admin route (docs/decisions/006-admin-scope.md), and every sheet
// call of SPEC §7, against every kind of caller, with the database unchanged wherever the request
// is refused. The routes come from the app itself, so a new one without a row fails the run.

type TestApp = ReturnType<typeof createTestApp>;
type Method = 'GET' | 'POST' | 'PATCH' | 'DELETE';
type Persona = 'signedOut' | 'user' | 'ourAdmin' | 'theirAdmin' | 'superAdmin';
type Person = { id: string; email: string; password: string; cookie: string };

const PERSONAS: readonly Persona[] = ['signedOut', 'user', 'ourAdmin', 'theirAdmin', 'superAdmin'];
const SIGNED_OUT = 'Authentication required. Please log in.';

let database: Database;
let redis: Redis;
let test: TestApp;
/** The campus of `user` and `ourAdmin`; `theirAdmin` runs the campus of `theirs`. */
let ours: AdminTree;
let theirs: AdminTree;
const people = {} as Record<Exclude<Persona, 'signedOut'>, Person>;

const db = () => database.db;

beforeAll(async () => {
  database = await openTestDatabase();
  redis = await openCheckedRedis(testRedisUrl(), 'producer', testLog);
  test = createTestApp({ database, redis });
  ours = await buildAdminTree(database.db);
  theirs = await buildAdminTree(database.db);
  const roles = {
    user: ['user', ours.campus],
    ourAdmin: ['campusAdmin', ours.campus],
    theirAdmin: ['campusAdmin', theirs.campus],
    superAdmin: ['superAdmin', null],
  } as const;
  for (const [persona, [role, campus]] of Object.entries(roles)) {
    const person = await createPerson(database.db, role, campus);
    const cookie = await signInCookie(test.app, person.email, person.password);
    people[persona as keyof typeof roles] = { ...person, cookie };
  }
});

afterAll(async () => {
  await test?.close();
  redis?.disconnect();
  await database?.close();
});

// ---- Requests ------------------------------------------------------------------------------

/** A request of the admin api: what to send, and what its success must have done. */
interface Call {
  method: Method;
  path: string;
  body?: unknown;
  /** The row the audit entry of a success names (creates: read from the answer). */
  entityId?: string;
  /** The content type of a success that is a download rather than `{ ok: true, ... }`. */
  file?: string;
  /** Reads back what a success did. */
  done?: (answer: unknown, response: Response) => Promise<void>;
}

/** Sends a call as a browser on our site would: JSON, Origin on writes, the person's cookie. */
function send(
  call: Call,
  cookie?: string,
  origin: string = TEST_PUBLIC_URL,
  app: TestApp['app'] = test.app,
) {
  const headers: Record<string, string> = { 'x-forwarded-for': '203.0.113.30' };
  if (call.method !== 'GET') headers.origin = origin;
  if (cookie) headers.cookie = cookie;
  if (call.body !== undefined) headers['content-type'] = 'application/json';
  return app.request(call.path, {
    method: call.method,
    headers,
    body: call.body === undefined ? undefined : JSON.stringify(call.body),
  });
}

const as = (persona: Persona, call: Call) =>
  send(call, persona === 'signedOut' ? undefined : people[persona].cookie);

type ErrorBody = { error: { code: string; message: string; fields?: Record<string, string> } };

async function answerOf(response: Response): Promise<unknown> {
  const text = await response.text();
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

const query = (params: Record<string, string>) => `?${new URLSearchParams(params)}`;
const campusQuery = (tree: AdminTree) =>
  query({ universityId: tree.university.id, campusId: tree.campus.id });

async function one<T>(rows: Promise<T[]>): Promise<T | undefined> {
  return (await rows)[0];
}

const restaurantRow = (id: string) =>
  one(db().select().from(restaurants).where(eq(restaurants.id, id)));
const menuItemRow = (id: string) => one(db().select().from(menuItems).where(eq(menuItems.id, id)));
const martItemRow = (id: string) => one(db().select().from(martItems).where(eq(martItems.id, id)));
const userRow = (id: string) => one(db().select().from(users).where(eq(users.id, id)));
const campusRow = (id: string) => one(db().select().from(campuses).where(eq(campuses.id, id)));
const universityRow = (id: string) =>
  one(db().select().from(universities).where(eq(universities.id, id)));
const domainRow = (id: string) =>
  one(db().select().from(allowedDomains).where(eq(allowedDomains.id, id)));

/** The jobs of the test app's sheets queue that are not done yet. */
async function sheetJobs() {
  const jobs = await test.producer
    .queue('sheets')
    .getJobs(['waiting', 'delayed', 'prioritized', 'active']);
  return jobs.map((job) => ({ name: job.name, data: job.data as { tabName?: string } }));
}

async function expectTabJob(name: 'create-sheet-tab' | 'delete-sheet-tab', tabName: string) {
  expect(await sheetJobs()).toContainEqual({ name, data: { tabName } });
}

/** The job a sheet call answered with, as it waits in the sheets queue. */
async function expectQueued(answer: unknown, name: string, data: Record<string, string>) {
  const job = await test.producer.queue('sheets').getJob((answer as { jobId: string }).jobId);
  expect([job?.name, job?.data]).toEqual([name, data]);
}

/** The order tab of a campus, made as the worker's create job would make it. */
async function tabOf(tree: AdminTree): Promise<string> {
  const name = sheetTabName(tree.university.name, tree.campus.name);
  await test.sheets.ensureTab(name, ORDER_SHEET_HEADER);
  return name;
}

const tabPath = (name: string) => `/api/sheets/tabs/${encodeURIComponent(name)}`;

/** What a request may change: the admin tables (with audit log and outbox) and the local sheet. */
async function everything(): Promise<Snapshot> {
  const [tabs, rows] = await Promise.all([
    db().select().from(sheetTabs),
    db().select().from(sheetRows),
  ]);
  const byKey = <T>(list: T[], key: (row: T) => string | number) =>
    new Map(list.map((row) => [String(key(row)), JSON.stringify(row)]));
  return {
    ...(await snapshot(db())),
    sheet_tabs: byKey(tabs, (tab) => tab.sheetId),
    sheet_rows: byKey(rows, (row) => row.id),
  };
}

// ---- The routes ------------------------------------------------------------------------------

/**
 * Who succeeds: S a super admin only; C also the campus admin of the campus the request is about;
 * A any admin, a campus admin getting only their own campus's share.
 */
type Who = 'S' | 'C' | 'A';

interface Route {
  /** 'METHOD /path' as the app registers it, then the query a row may add to tell it apart. */
  label: string;
  who: Who;
  /** The status of a success, when it is not the method's usual one. */
  success?: number;
  /** The audit entry a success leaves (writes only). */
  audit?: Pick<AuditEntry, 'action' | 'entity'>;
  /** A fresh, valid request about the given campus, with the rows it needs made for it. */
  make: (tree: AdminTree, persona: Persona) => Promise<Call>;
}

const ROUTES: Route[] = [
  // -- S: system overview, universities, campuses ------------------------------------------
  {
    label: 'GET /api/admin/overview',
    who: 'S',
    make: async () => ({
      method: 'GET',
      path: ADMIN_API.overview,
      done: async (answer) => {
        const { counts, usersByRole } = answer as TOverviewResponse;
        const [restaurantCount, userCount] = await Promise.all([
          db().$count(restaurants),
          db().$count(users),
        ]);
        expect(counts.restaurants).toBe(restaurantCount);
        expect(counts.users).toBe(userCount);
        expect(usersByRole.user + usersByRole.campusAdmin + usersByRole.superAdmin).toBe(userCount);
      },
    }),
  },
  {
    label: 'GET /api/admin/mail',
    who: 'S',
    make: async () => ({
      method: 'GET',
      path: '/api/admin/mail',
      done: async (answer) => {
        // The test app's mailer writes .eml files: the super admin reads them here.
        expect(answer).toMatchObject({ transport: 'outbox', messages: expect.any(Array) });
      },
    }),
  },
  {
    label: 'GET /api/admin/universities',
    who: 'S',
    make: async (tree) => ({
      method: 'GET',
      path: ADMIN_API.universities,
      done: async (answer) => {
        const listed = (answer as TUniversitiesResponse).universities.find(
          (u) => u.id === tree.university.id,
        );
        expect(listed?.campuses).toEqual([
          expect.objectContaining({
            id: tree.campus.id,
            payToAccountTitle: null,
            payToBankName: null,
            payToAccountNumber: null,
          }),
        ]);
      },
    }),
  },
  {
    label: 'POST /api/admin/universities',
    who: 'S',
    audit: { action: 'create', entity: 'university' },
    make: async () => {
      const body = universityForm();
      return {
        method: 'POST',
        path: ADMIN_API.universities,
        body,
        done: async (answer) => {
          const { university } = answer as TUniversityResponse;
          expect(university.name).toBe(body.name);
          expect((await universityRow(university.id))?.name).toBe(body.name);
        },
      };
    },
  },
  {
    label: 'PATCH /api/admin/universities/:id',
    who: 'S',
    audit: { action: 'update', entity: 'university' },
    make: async (tree) => {
      const body = { ...universityForm(), id: tree.university.id };
      return {
        method: 'PATCH',
        path: `${ADMIN_API.universities}/${tree.university.id}`,
        body,
        entityId: tree.university.id,
        done: async (answer) => {
          expect((answer as TUniversityResponse).university.name).toBe(body.name);
          expect((await universityRow(tree.university.id))?.name).toBe(body.name);
          // Its campus's orders now go to a tab of the new name.
          const tabName = sheetTabName(body.name, tree.campus.name);
          expect((answer as TUniversityResponse).sheetTabs).toEqual([{ queued: true, tabName }]);
          await expectTabJob('create-sheet-tab', tabName);
        },
      };
    },
  },
  {
    label: 'DELETE /api/admin/universities/:id',
    who: 'S',
    audit: { action: 'delete', entity: 'university' },
    make: async (tree) => ({
      method: 'DELETE',
      path: `${ADMIN_API.universities}/${tree.university.id}`,
      entityId: tree.university.id,
      done: async (answer) => {
        expect((answer as TUniversityDeleteResponse).sheetTabs).toHaveLength(1);
        expect(await universityRow(tree.university.id)).toBeUndefined();
      },
    }),
  },
  {
    label: 'POST /api/admin/campuses',
    who: 'S',
    audit: { action: 'create', entity: 'campus' },
    make: async (tree) => {
      const body = campusForm(tree);
      return {
        method: 'POST',
        path: ADMIN_API.campuses,
        body,
        done: async (answer) => {
          const { campus, sheetTab } = answer as TCampusResponse;
          expect(campus).toMatchObject({ universityId: tree.university.id, name: body.name });
          expect((await campusRow(campus.id))?.name).toBe(body.name);
          expect(sheetTab).toEqual({
            queued: true,
            tabName: sheetTabName(tree.university.name, body.name),
          });
        },
      };
    },
  },
  {
    label: 'PATCH /api/admin/campuses/:id',
    who: 'S',
    audit: { action: 'update', entity: 'campus' },
    make: async (tree) => {
      const body = campusForm(tree, {
        id: tree.campus.id,
        payToAccountTitle: 'Campus Canteen',
        payToBankName: 'Meezan Bank',
        payToAccountNumber: 'PK36 MEZN 0001 2345 6789',
      });
      return {
        method: 'PATCH',
        path: `${ADMIN_API.campuses}/${tree.campus.id}`,
        body,
        entityId: tree.campus.id,
        done: async (answer) => {
          expect((answer as TCampusResponse).campus).toMatchObject({
            id: tree.campus.id,
            name: body.name,
            payToBankName: 'Meezan Bank',
          });
          expect(await campusRow(tree.campus.id)).toMatchObject({
            name: body.name,
            location: 'Canal Road',
            payToAccountTitle: 'Campus Canteen',
            payToAccountNumber: 'PK36 MEZN 0001 2345 6789',
          });
        },
      };
    },
  },
  {
    label: 'DELETE /api/admin/campuses/:id',
    who: 'S',
    audit: { action: 'delete', entity: 'campus' },
    make: async (tree) => ({
      method: 'DELETE',
      path: `${ADMIN_API.campuses}/${tree.campus.id}`,
      entityId: tree.campus.id,
      done: async (answer) => {
        const tabName = sheetTabName(tree.university.name, tree.campus.name);
        expect((answer as TCampusResponse).sheetTab).toEqual({ queued: true, tabName });
        expect(await campusRow(tree.campus.id)).toBeUndefined();
        expect(await restaurantRow(tree.restaurant.id)).toBeUndefined();
        await expectTabJob('delete-sheet-tab', tabName);
      },
    }),
  },
  // -- S: users --------------------------------------------------------------------------------
  {
    label: 'GET /api/admin/users',
    who: 'S',
    make: async (tree) => {
      const student = await addUser(db(), tree);
      return {
        method: 'GET',
        path: `${ADMIN_API.users}${query({ universityId: tree.university.id, campusId: tree.campus.id, role: 'user' })}`,
        done: async (answer) => {
          const listed = (answer as TUsersResponse).users;
          expect(listed.map((u) => u.uid)).toContain(student.id);
          for (const u of listed) expect([u.campusId, u.role]).toEqual([tree.campus.id, 'user']);
        },
      };
    },
  },
  {
    label: 'POST /api/admin/users',
    who: 'S',
    audit: { action: 'create', entity: 'user' },
    make: async (tree) => {
      const body = createUserForm(tree);
      return {
        method: 'POST',
        path: ADMIN_API.users,
        body,
        done: async (answer) => {
          const { user } = answer as TUserResponse;
          expect(user).toMatchObject({ email: body.email, role: 'campusAdmin' });
          expect(await userRow(user.uid)).toMatchObject({
            email: body.email,
            role: 'campusAdmin',
            emailVerified: true,
            universityId: tree.university.id,
            campusId: tree.campus.id,
          });
        },
      };
    },
  },
  {
    label: 'PATCH /api/admin/users/:id/role',
    who: 'S',
    audit: { action: 'change-role', entity: 'user' },
    make: async (tree) => {
      const student = await addUser(db(), tree);
      return {
        method: 'PATCH',
        path: `${ADMIN_API.users}/${student.id}/role`,
        body: { role: 'campusAdmin' },
        entityId: student.id,
        done: async (answer) => {
          expect((answer as TUserResponse).user).toMatchObject({
            uid: student.id,
            role: 'campusAdmin',
          });
          expect((await userRow(student.id))?.role).toBe('campusAdmin');
        },
      };
    },
  },
  {
    label: 'DELETE /api/admin/users/:id',
    who: 'S',
    audit: { action: 'delete', entity: 'user' },
    make: async (tree) => {
      const student = await addUser(db(), tree);
      return {
        method: 'DELETE',
        path: `${ADMIN_API.users}/${student.id}`,
        entityId: student.id,
        done: async (answer) => {
          expect((answer as TDeletedResponse).deleted).toBe(1);
          expect(await userRow(student.id)).toBeUndefined();
        },
      };
    },
  },
  {
    label: 'DELETE /api/admin/users?campusId=X',
    who: 'S',
    audit: { action: 'clear', entity: 'user' },
    make: async (tree) => {
      await addUser(db(), tree);
      await addUser(db(), tree);
      return {
        method: 'DELETE',
        path: `${ADMIN_API.users}${query({ campusId: tree.campus.id })}`,
        done: async (answer) => {
          expect((answer as TDeletedResponse).deleted).toBe(2);
          expect(await db().$count(users, eq(users.campusId, tree.campus.id))).toBe(0);
        },
      };
    },
  },
  // -- S: allowed domains ----------------------------------------------------------------------
  {
    label: 'GET /api/admin/domains',
    who: 'S',
    make: async (tree) => ({
      method: 'GET',
      path: ADMIN_API.domains,
      done: async (answer) => {
        expect((answer as TDomainsResponse).domains).toContainEqual(
          expect.objectContaining({ id: tree.domain.id, domain: '@uni.edu.pk' }),
        );
      },
    }),
  },
  {
    label: 'POST /api/admin/domains',
    who: 'S',
    audit: { action: 'create', entity: 'domain' },
    make: async (tree) => {
      const body = domainForm(tree);
      const stored = `@${body.domain.toLowerCase()}`;
      return {
        method: 'POST',
        path: ADMIN_API.domains,
        body,
        done: async (answer) => {
          const { domain } = answer as TDomainResponse;
          expect(domain).toMatchObject({ domain: stored, campusId: tree.campus.id });
          expect((await domainRow(domain.id))?.domain).toBe(stored);
        },
      };
    },
  },
  {
    label: 'PATCH /api/admin/domains/:id',
    who: 'S',
    audit: { action: 'update', entity: 'domain' },
    make: async (tree) => {
      const domain = await addDomain(db(), tree);
      const body = domainForm(tree, { id: domain.id, name: 'Alumni', domain: '@alumni.edu.pk' });
      return {
        method: 'PATCH',
        path: `${ADMIN_API.domains}/${domain.id}`,
        body,
        entityId: domain.id,
        done: async () => {
          expect(await domainRow(domain.id)).toMatchObject({
            name: 'Alumni',
            domain: '@alumni.edu.pk',
          });
        },
      };
    },
  },
  {
    label: 'DELETE /api/admin/domains/:id',
    who: 'S',
    audit: { action: 'delete', entity: 'domain' },
    make: async (tree) => {
      const domain = await addDomain(db(), tree);
      return {
        method: 'DELETE',
        path: `${ADMIN_API.domains}/${domain.id}`,
        entityId: domain.id,
        done: async () => {
          expect(await domainRow(domain.id)).toBeUndefined();
        },
      };
    },
  },
  // -- C: restaurants ---------------------------------------------------------------------------
  {
    label: 'GET /api/admin/restaurants',
    who: 'C',
    make: async (tree) => ({
      method: 'GET',
      path: `${ADMIN_API.restaurants}${campusQuery(tree)}`,
      done: async (answer) => {
        const listed = (answer as TRestaurantsResponse).restaurants;
        expect(listed.map((r) => r.id)).toContain(tree.restaurant.id);
        for (const r of listed) expect(r.campusId).toBe(tree.campus.id);
      },
    }),
  },
  {
    label: 'POST /api/admin/restaurants',
    who: 'C',
    audit: { action: 'create', entity: 'restaurant' },
    make: async (tree) => {
      const body = restaurantForm(tree);
      return {
        method: 'POST',
        path: ADMIN_API.restaurants,
        body,
        done: async (answer) => {
          const { restaurant } = answer as TRestaurantResponse;
          expect(restaurant).toMatchObject({ name: body.name, campusId: tree.campus.id });
          expect(await restaurantRow(restaurant.id)).toMatchObject({
            campusId: tree.campus.id,
            name: body.name,
            cuisine: 'BBQ',
          });
        },
      };
    },
  },
  {
    label: 'PATCH /api/admin/restaurants/:id',
    who: 'C',
    audit: { action: 'update', entity: 'restaurant' },
    make: async (tree) => {
      const row = await addRestaurant(db(), tree);
      const body = restaurantForm(tree, { id: row.id });
      return {
        method: 'PATCH',
        path: `${ADMIN_API.restaurants}/${row.id}`,
        body,
        entityId: row.id,
        done: async () => {
          expect(await restaurantRow(row.id)).toMatchObject({
            name: body.name,
            campusId: tree.campus.id,
          });
        },
      };
    },
  },
  {
    label: 'DELETE /api/admin/restaurants/:id',
    who: 'C',
    audit: { action: 'delete', entity: 'restaurant' },
    make: async (tree) => {
      const row = await addRestaurant(db(), tree);
      const item = await addMenuItem(db(), tree, row.id);
      return {
        method: 'DELETE',
        path: `${ADMIN_API.restaurants}/${row.id}`,
        entityId: row.id,
        done: async (answer) => {
          expect((answer as TDeletedResponse).deleted).toBe(1);
          expect(await restaurantRow(row.id)).toBeUndefined();
          expect(await menuItemRow(item.id)).toBeUndefined();
        },
      };
    },
  },
  {
    label: 'DELETE /api/admin/restaurants?campusId=X',
    who: 'S',
    audit: { action: 'clear', entity: 'restaurant' },
    make: async (tree) => ({
      method: 'DELETE',
      path: `${ADMIN_API.restaurants}${query({ campusId: tree.campus.id })}`,
      done: async () => {
        expect(await db().$count(restaurants, eq(restaurants.campusId, tree.campus.id))).toBe(0);
        expect(await campusRow(tree.campus.id)).toBeDefined();
      },
    }),
  },
  // -- C: menu items ----------------------------------------------------------------------------
  {
    label: 'GET /api/admin/menu-items',
    who: 'C',
    make: async (tree) => ({
      method: 'GET',
      path: `${ADMIN_API.menuItems}${query({ universityId: tree.university.id, campusId: tree.campus.id, restaurantId: tree.restaurant.id })}`,
      done: async (answer) => {
        const listed = (answer as TMenuItemsResponse).menuItems;
        expect(listed).toContainEqual(
          expect.objectContaining({
            id: tree.menuItem.id,
            universityId: tree.university.id,
            campusId: tree.campus.id,
          }),
        );
        for (const item of listed) expect(item.restaurantId).toBe(tree.restaurant.id);
      },
    }),
  },
  {
    label: 'POST /api/admin/menu-items',
    who: 'C',
    audit: { action: 'create', entity: 'menu-item' },
    make: async (tree) => {
      const body = menuItemForm(tree);
      return {
        method: 'POST',
        path: ADMIN_API.menuItems,
        body,
        done: async (answer) => {
          const { menuItem } = answer as TMenuItemResponse;
          expect(menuItem).toMatchObject({
            name: body.name,
            price: 25_050,
            restaurantId: tree.restaurant.id,
          });
          expect(await menuItemRow(menuItem.id)).toMatchObject({
            restaurantId: tree.restaurant.id,
            pricePaisa: 25_050,
          });
        },
      };
    },
  },
  {
    label: 'PATCH /api/admin/menu-items/:id',
    who: 'C',
    audit: { action: 'update', entity: 'menu-item' },
    make: async (tree) => {
      const item = await addMenuItem(db(), tree);
      const body = menuItemForm(tree, tree.restaurant.id, { id: item.id, price: '250' });
      return {
        method: 'PATCH',
        path: `${ADMIN_API.menuItems}/${item.id}`,
        body,
        entityId: item.id,
        done: async () => {
          expect(await menuItemRow(item.id)).toMatchObject({
            name: body.name,
            pricePaisa: 25_000,
            restaurantId: tree.restaurant.id,
          });
        },
      };
    },
  },
  {
    label: 'DELETE /api/admin/menu-items/:id',
    who: 'C',
    audit: { action: 'delete', entity: 'menu-item' },
    make: async (tree) => {
      const item = await addMenuItem(db(), tree);
      return {
        method: 'DELETE',
        path: `${ADMIN_API.menuItems}/${item.id}`,
        entityId: item.id,
        done: async () => {
          expect(await menuItemRow(item.id)).toBeUndefined();
          expect(await restaurantRow(tree.restaurant.id)).toBeDefined();
        },
      };
    },
  },
  {
    label: 'DELETE /api/admin/menu-items?restaurantId=X',
    who: 'S',
    audit: { action: 'clear', entity: 'menu-item' },
    make: async (tree) => {
      await addMenuItem(db(), tree);
      return {
        method: 'DELETE',
        path: `${ADMIN_API.menuItems}${query({ restaurantId: tree.restaurant.id })}`,
        done: async (answer) => {
          expect((answer as TDeletedResponse).deleted).toBe(2);
          expect(await db().$count(menuItems, eq(menuItems.restaurantId, tree.restaurant.id))).toBe(
            0,
          );
          expect(await restaurantRow(tree.restaurant.id)).toBeDefined();
        },
      };
    },
  },
  // -- C: mart items ----------------------------------------------------------------------------
  {
    label: 'GET /api/admin/restaurants?restaurantId=X',
    who: 'C',
    make: async (tree) => ({
      method: 'GET',
      path: `${ADMIN_API.restaurants}${query({ restaurantId: tree.restaurant.id })}`,
      done: async (answer) => {
        const listed = (answer as TRestaurantsResponse).restaurants;
        expect(listed.map((r) => r.id)).toEqual([tree.restaurant.id]);
      },
    }),
  },
  {
    label: 'GET /api/admin/mart-items?restaurantId=X',
    who: 'C',
    make: async (tree) => ({
      method: 'GET',
      path: `${ADMIN_API.martItems}${query({ restaurantId: tree.restaurant.id })}`,
      done: async (answer) => {
        const listed = (answer as TMartItemsResponse).martItems;
        expect(listed.map((item) => item.id)).toContain(tree.martItem.id);
        for (const item of listed) expect(item.campusId).toBe(tree.campus.id);
      },
    }),
  },
  {
    label: 'GET /api/admin/mart-items',
    who: 'C',
    make: async (tree) => ({
      method: 'GET',
      path: `${ADMIN_API.martItems}${campusQuery(tree)}`,
      done: async (answer) => {
        const listed = (answer as TMartItemsResponse).martItems;
        expect(listed.map((item) => item.id)).toContain(tree.martItem.id);
        for (const item of listed) expect(item.campusId).toBe(tree.campus.id);
      },
    }),
  },
  {
    label: 'POST /api/admin/mart-items',
    who: 'C',
    audit: { action: 'create', entity: 'mart-item' },
    make: async (tree) => {
      const body = martItemForm(tree);
      return {
        method: 'POST',
        path: ADMIN_API.martItems,
        body,
        done: async (answer) => {
          const { martItem } = answer as TMartItemResponse;
          expect(martItem).toMatchObject({ name: body.name, price: 9_990, stock: 12 });
          expect(await martItemRow(martItem.id)).toMatchObject({
            campusId: tree.campus.id,
            pricePaisa: 9_990,
            stock: 12,
            category: 'Drinks',
          });
        },
      };
    },
  },
  {
    label: 'PATCH /api/admin/mart-items/:id',
    who: 'C',
    audit: { action: 'update', entity: 'mart-item' },
    make: async (tree) => {
      const item = await addMartItem(db(), tree);
      const body = martItemForm(tree, { id: item.id, price: '250.50', stock: 0 });
      return {
        method: 'PATCH',
        path: `${ADMIN_API.martItems}/${item.id}`,
        body,
        entityId: item.id,
        done: async () => {
          expect(await martItemRow(item.id)).toMatchObject({
            name: body.name,
            pricePaisa: 25_050,
            stock: 0,
            campusId: tree.campus.id,
          });
        },
      };
    },
  },
  {
    label: 'DELETE /api/admin/mart-items/:id',
    who: 'C',
    audit: { action: 'delete', entity: 'mart-item' },
    make: async (tree) => {
      const item = await addMartItem(db(), tree);
      return {
        method: 'DELETE',
        path: `${ADMIN_API.martItems}/${item.id}`,
        entityId: item.id,
        done: async () => {
          expect(await martItemRow(item.id)).toBeUndefined();
        },
      };
    },
  },
  {
    label: 'DELETE /api/admin/mart-items?campusId=X',
    who: 'S',
    audit: { action: 'clear', entity: 'mart-item' },
    make: async (tree) => {
      await addMartItem(db(), tree);
      return {
        method: 'DELETE',
        path: `${ADMIN_API.martItems}${query({ campusId: tree.campus.id })}`,
        done: async (answer) => {
          expect((answer as TDeletedResponse).deleted).toBe(2);
          expect(await db().$count(martItems, eq(martItems.campusId, tree.campus.id))).toBe(0);
        },
      };
    },
  },
  // -- The operators' sheet calls (SPEC §7) and the local spreadsheet's views ------------------
  {
    label: 'POST /api/sheets/create',
    who: 'S',
    success: 202,
    audit: { action: 'create', entity: 'sheet-tab' },
    make: async (tree) => {
      const body = { universityName: tree.university.name, campusName: `New ${hex(2)}` };
      const tabName = sheetTabName(body.universityName, body.campusName);
      return {
        method: 'POST',
        path: '/api/sheets/create',
        body,
        entityId: tabName,
        done: (answer) => expectQueued(answer, 'create-sheet-tab', { tabName }),
      };
    },
  },
  {
    label: 'DELETE /api/sheets/delete',
    who: 'S',
    success: 202,
    audit: { action: 'delete', entity: 'sheet-tab' },
    make: async (tree) => {
      const tabName = await tabOf(tree);
      return {
        method: 'DELETE',
        path: '/api/sheets/delete',
        body: { universityName: tree.university.name, campusName: tree.campus.name },
        entityId: tabName,
        done: (answer) => expectQueued(answer, 'delete-sheet-tab', { tabName }),
      };
    },
  },
  {
    label: 'POST /api/sheets/master',
    who: 'S',
    success: 202,
    make: async () => ({
      method: 'POST',
      path: '/api/sheets/master',
      body: {},
      entityId: MASTER_TAB_NAME,
      done: (answer) => expectQueued(answer, 'ensure-master-tab', {}),
    }),
  },
  {
    label: 'POST /api/sheets/orders/:tabName',
    who: 'S',
    success: 200,
    audit: { action: 'append', entity: 'sheet-tab' },
    make: async (tree) => {
      const tabName = await tabOf(tree);
      const cell = `Typed by hand ${hex()}`;
      return {
        method: 'POST',
        path: `/api/sheets/orders/${encodeURIComponent(tabName)}`,
        body: { values: [[cell, 2]] },
        entityId: tabName,
        done: async (answer) => {
          expect(answer).toEqual({ ok: true, updatedRows: 1 });
          expect(await test.sheets.readColumn(tabName, 0)).toContain(cell);
        },
      };
    },
  },
  {
    label: 'GET /api/sheets/tabs',
    who: 'A',
    make: async (tree, persona) => {
      const [tabName, theirTab] = await Promise.all([tabOf(tree), tabOf(theirs)]);
      return {
        method: 'GET',
        path: '/api/sheets/tabs',
        done: async (answer) => {
          const names = (answer as { tabs: { name: string }[] }).tabs.map((tab) => tab.name);
          if (persona === 'superAdmin') {
            expect(names).toEqual(expect.arrayContaining([tabName, theirTab]));
          }
          // A campus admin sees their own campus's tab, and no other.
          if (persona === 'ourAdmin') expect(names).toEqual([tabName]);
          if (persona === 'theirAdmin') expect(names).toEqual([theirTab]);
        },
      };
    },
  },
  {
    label: 'GET /api/sheets/tabs/:name/rows',
    who: 'C',
    make: async (tree) => {
      const tabName = await tabOf(tree);
      return {
        method: 'GET',
        path: `${tabPath(tabName)}/rows`,
        done: async (answer) => {
          expect(answer).toMatchObject({
            tab: { name: tabName },
            header: [...ORDER_SHEET_HEADER],
            rows: expect.any(Array),
          });
        },
      };
    },
  },
  {
    label: 'GET /api/sheets/tabs/:name/set-aside',
    who: 'C',
    make: async (tree) => {
      const tabName = await tabOf(tree);
      return {
        method: 'GET',
        path: `${tabPath(tabName)}/set-aside`,
        done: async (answer) => {
          expect(answer).toEqual({ ok: true, rows: [] });
        },
      };
    },
  },
  {
    label: 'GET /api/sheets/tabs/:name/export.xlsx',
    who: 'C',
    make: async (tree) => {
      const tabName = await tabOf(tree);
      return {
        method: 'GET',
        path: `${tabPath(tabName)}/export.xlsx`,
        file: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
        done: async (answer, response) => {
          expect(response.headers.get('content-disposition')).toContain(`"${tabName}.xlsx"`);
          // An .xlsx file is a zip archive.
          expect(String(answer).startsWith('PK')).toBe(true);
        },
      };
    },
  },
  {
    label: 'GET /api/sheets/tabs/:name/export.csv',
    who: 'C',
    make: async (tree) => {
      const tabName = await tabOf(tree);
      return {
        method: 'GET',
        path: `${tabPath(tabName)}/export.csv`,
        file: 'text/csv; charset=utf-8',
        done: async (answer, response) => {
          expect(response.headers.get('content-disposition')).toContain(`"${tabName}.csv"`);
          expect(String(answer).startsWith(ORDER_SHEET_HEADER.join(','))).toBe(true);
        },
      };
    },
  },
];

// ---- Running a call: the status, and either what it did or that it did nothing --------------

const SUCCESS: Record<Method, number> = { GET: 200, POST: 201, PATCH: 200, DELETE: 200 };

/** A row's route as the app registers it: its label without the query ('GET /api/admin/users'). */
const routeOf = (route: Route) => route.label.split('?')[0] ?? route.label;

/** Whether a call is a request of its row's route: the method, and the path with :params filled. */
function isCallOf(route: Route, call: Call): boolean {
  const [method, path = ''] = routeOf(route).split(' ');
  const pattern = path.replaceAll('.', '\\.').replace(/:[^/]+/g, '[^/]+');
  return call.method === method && new RegExp(`^${pattern}$`).test(call.path.split('?')[0] ?? '');
}

/** Every route the app registers under /api/admin and /api/sheets, as 'METHOD /path'. */
function registeredRoutes(): string[] {
  const routes = test.app.routes
    // use() registers its middleware (the body limits) for every method on a wildcard path.
    .filter((route) => !(route.method === 'ALL' && route.path.endsWith('*')))
    .filter((route) => /^\/api\/(admin|sheets)(\/|$)/.test(route.path))
    .map((route) => `${route.method} ${route.path}`);
  return [...new Set(routes)].sort();
}

function expectedStatus(route: Route, persona: Persona): number {
  const method = route.label.split(' ')[0] as Method;
  const success = route.success ?? SUCCESS[method];
  switch (persona) {
    case 'signedOut':
      return 401;
    case 'user':
      return 403;
    case 'theirAdmin':
      return route.who === 'A' ? success : 403;
    case 'ourAdmin':
      return route.who === 'S' ? 403 : success;
    case 'superAdmin':
      return success;
  }
}

const refusalMessage = (status: number, who: Who) =>
  status === 401
    ? SIGNED_OUT
    : who === 'S'
      ? ROLE_MESSAGES.superAdminRequired
      : ROLE_MESSAGES.campusAdminRequired;

/**
 * Sends a call that must change nothing (a refusal, or a clear of what is already empty); the
 * database and the local sheet must be exactly as they were, and no job queued.
 */
async function expectUnchanged(
  persona: Persona,
  call: Call,
  status: number | readonly number[],
  message?: string,
) {
  const before = await everything();
  const jobsBefore = (await sheetJobs()).length;
  const response = await as(persona, call);
  const answer = await answerOf(response);
  const allowed = typeof status === 'number' ? [status] : status;
  expect(allowed, `${call.method} ${call.path}: ${JSON.stringify(answer)}`).toContain(
    response.status,
  );
  if (message !== undefined) expect((answer as ErrorBody).error?.message).toBe(message);
  expect(changesBetween(before, await everything())).toEqual([]);
  expect((await sheetJobs()).length).toBe(jobsBefore);
  return answer;
}

const lastAuditId = async () =>
  (await db().select({ id: auditLog.id }).from(auditLog)).reduce(
    (max, r) => Math.max(max, r.id),
    0,
  );

/** The id of what a create made, from its answer. */
function createdId(answer: unknown): string | undefined {
  const body = answer as Record<string, { id?: string; uid?: string } | undefined>;
  for (const key of ['university', 'campus', 'domain', 'restaurant', 'menuItem', 'martItem']) {
    if (body[key]?.id) return body[key]?.id;
  }
  return body.user?.uid;
}

const MATRIX = ROUTES.flatMap((route) =>
  PERSONAS.map((persona) => {
    const status = expectedStatus(route, persona);
    return { name: `${route.label} as ${persona} → ${status}`, route, persona, status };
  }),
);

describe(`admin api access on ${engine}`, () => {
  it('covers every route the app registers with every kind of caller', () => {
    const registered = registeredRoutes();
    // A route without a row, or a row naming no route, fails here.
    expect([...new Set(ROUTES.map(routeOf))].sort()).toEqual(registered);
    // Every route once, and two lists asked by restaurant (its campus must bound them too).
    expect(ROUTES).toHaveLength(registered.length + 2);
    expect(new Set(ROUTES.map((r) => r.label)).size).toBe(ROUTES.length);
    expect(MATRIX).toHaveLength(ROUTES.length * PERSONAS.length);
  });

  it.each(MATRIX)('$name', async ({ route, persona, status }) => {
    // A super admin's success may delete what it names: they get a campus of their own.
    const tree = persona === 'superAdmin' ? await buildAdminTree(db()) : ours;
    const call = await route.make(tree, persona);
    expect(isCallOf(route, call), `${call.method} ${call.path}`).toBe(true);
    if (status >= 400) {
      await expectUnchanged(persona, call, status, refusalMessage(status, route.who));
      return;
    }
    const auditedAfter = await lastAuditId();
    const response = await as(persona, call);
    const answer = await answerOf(response);
    expect(response.status, JSON.stringify(answer)).toBe(status);
    if (call.file) expect(response.headers.get('content-type')).toBe(call.file);
    else expect(answer).toMatchObject({ ok: true });
    await call.done?.(answer, response);
    const entries = await db().select().from(auditLog).where(gt(auditLog.id, auditedAfter));
    if (!route.audit) {
      expect(entries).toEqual([]);
      return;
    }
    const entityId = call.entityId ?? (call.method === 'POST' ? createdId(answer) : undefined);
    expect(entries).toContainEqual(
      expect.objectContaining({
        actorId: people[persona as 'ourAdmin' | 'superAdmin'].id,
        action: route.audit.action,
        entity: route.audit.entity,
        ...(entityId ? { entityId } : {}),
      }),
    );
  });
});

// ---- Campus admins and rows, or bodies, of another campus -------------------------------------

interface CrossCase {
  name: string;
  persona: Persona;
  status: number | readonly number[];
  make: () => Promise<Call>;
}

const CAMPUS_ONLY = ROLE_MESSAGES.campusAdminRequired;

const CROSS_CAMPUS: CrossCase[] = [
  {
    name: 'our admin moves our restaurant to their campus',
    persona: 'ourAdmin',
    status: 403,
    make: async () => {
      const row = await addRestaurant(db(), ours);
      return {
        method: 'PATCH',
        path: `${ADMIN_API.restaurants}/${row.id}`,
        body: restaurantForm(theirs, { id: row.id }),
      };
    },
  },
  {
    name: 'their admin edits our restaurant, naming their own campus in the body',
    persona: 'theirAdmin',
    status: 403,
    make: async () => {
      const row = await addRestaurant(db(), ours);
      return {
        method: 'PATCH',
        path: `${ADMIN_API.restaurants}/${row.id}`,
        body: restaurantForm(theirs, { id: row.id }),
      };
    },
  },
  {
    name: 'our admin moves our menu item to their restaurant',
    persona: 'ourAdmin',
    status: 403,
    make: async () => {
      const item = await addMenuItem(db(), ours);
      return {
        method: 'PATCH',
        path: `${ADMIN_API.menuItems}/${item.id}`,
        body: menuItemForm(theirs, theirs.restaurant.id, { id: item.id }),
      };
    },
  },
  {
    name: 'our admin moves our menu item to their restaurant, naming our campus in the body',
    persona: 'ourAdmin',
    status: 403,
    make: async () => {
      const item = await addMenuItem(db(), ours);
      return {
        method: 'PATCH',
        path: `${ADMIN_API.menuItems}/${item.id}`,
        body: menuItemForm(ours, theirs.restaurant.id, { id: item.id }),
      };
    },
  },
  {
    name: 'our admin adds a menu item to their restaurant, naming our campus in the body',
    persona: 'ourAdmin',
    status: 403,
    make: async () => ({
      method: 'POST',
      path: ADMIN_API.menuItems,
      body: menuItemForm(ours, theirs.restaurant.id),
    }),
  },
  {
    name: 'their admin adds a menu item to our restaurant, naming their campus in the body',
    persona: 'theirAdmin',
    status: 403,
    make: async () => ({
      method: 'POST',
      path: ADMIN_API.menuItems,
      body: menuItemForm(theirs, ours.restaurant.id),
    }),
  },
  {
    name: 'their admin edits our menu item, keeping it in our restaurant',
    persona: 'theirAdmin',
    status: 403,
    make: async () => {
      const item = await addMenuItem(db(), ours);
      return {
        method: 'PATCH',
        path: `${ADMIN_API.menuItems}/${item.id}`,
        body: menuItemForm(ours, ours.restaurant.id, { id: item.id }),
      };
    },
  },
  {
    name: 'our admin moves our mart item to their campus',
    persona: 'ourAdmin',
    status: 403,
    make: async () => {
      const item = await addMartItem(db(), ours);
      return {
        method: 'PATCH',
        path: `${ADMIN_API.martItems}/${item.id}`,
        body: martItemForm(theirs, { id: item.id }),
      };
    },
  },
  {
    name: 'their admin edits our mart item, naming their own campus in the body',
    persona: 'theirAdmin',
    status: 403,
    make: async () => {
      const item = await addMartItem(db(), ours);
      return {
        method: 'PATCH',
        path: `${ADMIN_API.martItems}/${item.id}`,
        body: martItemForm(theirs, { id: item.id }),
      };
    },
  },
  {
    name: 'our admin adds a restaurant naming our university and their campus',
    persona: 'ourAdmin',
    status: 403,
    make: async () => ({
      method: 'POST',
      path: ADMIN_API.restaurants,
      body: restaurantForm(ours, { campusId: theirs.campus.id }),
    }),
  },
  {
    name: 'our admin adds a mart item naming their university and our campus',
    persona: 'ourAdmin',
    status: 403,
    make: async () => ({
      method: 'POST',
      path: ADMIN_API.martItems,
      body: martItemForm(ours, { universityId: theirs.university.id }),
    }),
  },
  {
    name: 'our admin lists the restaurants of their campus',
    persona: 'ourAdmin',
    status: 403,
    make: async () => ({ method: 'GET', path: `${ADMIN_API.restaurants}${campusQuery(theirs)}` }),
  },
  {
    name: 'our admin lists the menu of their restaurant',
    persona: 'ourAdmin',
    status: 403,
    make: async () => ({
      method: 'GET',
      path: `${ADMIN_API.menuItems}${query({ universityId: theirs.university.id, campusId: theirs.campus.id, restaurantId: theirs.restaurant.id })}`,
    }),
  },
  {
    name: 'our admin lists the mart items of their campus',
    persona: 'ourAdmin',
    status: 403,
    make: async () => ({ method: 'GET', path: `${ADMIN_API.martItems}${campusQuery(theirs)}` }),
  },
];

describe(`campus admins and other campuses on ${engine}`, () => {
  it.each(CROSS_CAMPUS)('refuses: $name', async ({ persona, status, make }) => {
    await expectUnchanged(persona, await make(), status, CAMPUS_ONLY);
  });

  it('makes a campus admin name their own campus to list (no campus means no list)', async () => {
    for (const path of [ADMIN_API.restaurants, ADMIN_API.menuItems, ADMIN_API.martItems]) {
      await expectUnchanged('ourAdmin', { method: 'GET', path }, [400, 403]);
    }
  });

  it('shows a campus admin none of their menu items when naming our campus with their restaurant', async () => {
    const response = await as('ourAdmin', {
      method: 'GET',
      path: `${ADMIN_API.menuItems}${query({ universityId: ours.university.id, campusId: ours.campus.id, restaurantId: theirs.restaurant.id })}`,
    });
    if (response.status === 200) {
      const { menuItems: listed } = (await response.json()) as TMenuItemsResponse;
      expect(listed.filter((item) => item.restaurantId === theirs.restaurant.id)).toEqual([]);
    } else {
      expect(response.status).toBe(403);
    }
  });

  it('refuses a write from another site even to a super admin', async () => {
    const row = await addRestaurant(db(), ours);
    const before = await everything();
    const response = await send(
      { method: 'DELETE', path: `${ADMIN_API.restaurants}/${row.id}` },
      people.superAdmin.cookie,
      'http://evil.test',
    );
    expect(response.status).toBe(403);
    expect(changesBetween(before, await everything())).toEqual([]);
  });
});

// ---- Super admin: unknown ids, oneself ------------------------------------------------------

describe(`super admin edge cases on ${engine}`, () => {
  const missing = newId();
  const UNKNOWN: [string, () => Call][] = [
    [
      'PATCH university',
      () => ({
        method: 'PATCH',
        path: `${ADMIN_API.universities}/${missing}`,
        body: universityForm(),
      }),
    ],
    [
      'DELETE university',
      () => ({ method: 'DELETE', path: `${ADMIN_API.universities}/${missing}` }),
    ],
    [
      'PATCH campus',
      () => ({
        method: 'PATCH',
        path: `${ADMIN_API.campuses}/${missing}`,
        body: campusForm(ours, { id: missing }),
      }),
    ],
    ['DELETE campus', () => ({ method: 'DELETE', path: `${ADMIN_API.campuses}/${missing}` })],
    [
      'PATCH user role',
      () => ({
        method: 'PATCH',
        path: `${ADMIN_API.users}/${missing}/role`,
        body: { role: 'user' },
      }),
    ],
    ['DELETE user', () => ({ method: 'DELETE', path: `${ADMIN_API.users}/${missing}` })],
    [
      'PATCH domain',
      () => ({
        method: 'PATCH',
        path: `${ADMIN_API.domains}/${missing}`,
        body: domainForm(ours, { id: missing }),
      }),
    ],
    ['DELETE domain', () => ({ method: 'DELETE', path: `${ADMIN_API.domains}/${missing}` })],
    [
      'PATCH restaurant',
      () => ({
        method: 'PATCH',
        path: `${ADMIN_API.restaurants}/${missing}`,
        body: restaurantForm(ours, { id: missing }),
      }),
    ],
    [
      'DELETE restaurant',
      () => ({ method: 'DELETE', path: `${ADMIN_API.restaurants}/${missing}` }),
    ],
    [
      'PATCH menu item',
      () => ({
        method: 'PATCH',
        path: `${ADMIN_API.menuItems}/${missing}`,
        body: menuItemForm(ours, ours.restaurant.id, { id: missing }),
      }),
    ],
    ['DELETE menu item', () => ({ method: 'DELETE', path: `${ADMIN_API.menuItems}/${missing}` })],
    [
      'PATCH mart item',
      () => ({
        method: 'PATCH',
        path: `${ADMIN_API.martItems}/${missing}`,
        body: martItemForm(ours, { id: missing }),
      }),
    ],
    ['DELETE mart item', () => ({ method: 'DELETE', path: `${ADMIN_API.martItems}/${missing}` })],
  ];

  it.each(UNKNOWN)('answers 404 to %s of an unknown id', async (_, make) => {
    await expectUnchanged('superAdmin', make(), 404);
  });

  it("keeps a renamed campus's earlier tab its own: no other campus may take that name, and deleting the campus deletes both tabs", async () => {
    const tree = await buildAdminTree(db());
    const buyer = await buildUser(db());
    const earlierTab = sheetTabName(tree.university.name, tree.campus.name);
    await buildOrder(db(), tree, buyer, { sheetTabName: earlierTab });
    const renamed = await as('superAdmin', {
      method: 'PATCH',
      path: `${ADMIN_API.campuses}/${tree.campus.id}`,
      body: campusForm(tree, { id: tree.campus.id, name: `Renamed ${hex(2)}` }),
    });
    expect(renamed.status).toBe(200);
    const { campus } = (await renamed.json()) as TCampusResponse;
    const currentTab = sheetTabName(tree.university.name, campus.name);
    await expectTabJob('create-sheet-tab', currentTab);

    // The earlier name would put a new campus in the tab that holds this campus's orders.
    await expectUnchanged(
      'superAdmin',
      {
        method: 'POST',
        path: ADMIN_API.campuses,
        body: campusForm(tree, { name: tree.campus.name }),
      },
      400,
      SHEET_TAB_MESSAGES.collision(earlierTab),
    );

    const deleted = await as('superAdmin', {
      method: 'DELETE',
      path: `${ADMIN_API.campuses}/${tree.campus.id}`,
    });
    expect(deleted.status).toBe(200);
    await expectTabJob('delete-sheet-tab', currentTab);
    await expectTabJob('delete-sheet-tab', earlierTab);
  });

  it("says a campus was deleted but a tab was not, when the tab of an earlier name's job is not queued", async () => {
    const tree = await buildAdminTree(db());
    const currentTab = sheetTabName(tree.university.name, tree.campus.name);
    // Named to sort after the tab now, whose job is queued first.
    const earlierTab = `Zz_Earlier_${hex()}`;
    await buildOrder(db(), tree, await buildUser(db()), { sheetTabName: earlierTab });
    // Redis takes the job of the campus's tab now and refuses the one of its earlier name.
    const producer: Producer = {
      ...test.producer,
      enqueue: (name, payload, options) =>
        (payload as { tabName?: string }).tabName === earlierTab
          ? Promise.reject(new Error('Redis refused the job'))
          : test.producer.enqueue(name, payload, options),
    };
    const refusing = createTestApp({ database, redis, producer, prefix: test.prefix });

    const response = await send(
      { method: 'DELETE', path: `${ADMIN_API.campuses}/${tree.campus.id}` },
      people.superAdmin.cookie,
      TEST_PUBLIC_URL,
      refusing.app,
    );
    expect(response.status).toBe(200);
    // The web shows 'Campus deleted but failed to delete spreadsheet tab: {message}' for it.
    expect(((await response.json()) as TCampusResponse).sheetTab).toEqual({
      queued: false,
      message: CODE_MESSAGES.unavailable,
    });
    expect(await campusRow(tree.campus.id)).toBeUndefined();
    await expectTabJob('delete-sheet-tab', currentTab);
    // The refused job waits in the outbox for the relay.
    const waiting = await db().select().from(outbox).where(isNull(outbox.enqueuedAt));
    expect(
      waiting
        .filter((row) => (row.payload as { tabName?: string }).tabName === earlierTab)
        .map((row) => row.jobName),
    ).toEqual(['delete-sheet-tab']);
  });

  it('never deletes oneself: 400, and the super admin is still there', async () => {
    const self = people.superAdmin;
    await expectUnchanged(
      'superAdmin',
      { method: 'DELETE', path: `${ADMIN_API.users}/${self.id}` },
      400,
    );
    expect(await userRow(self.id)).toMatchObject({ role: 'superAdmin' });
    const still = await as('superAdmin', { method: 'GET', path: ADMIN_API.overview });
    expect(still.status).toBe(200);
  });

  it("clears a campus's users but never the super admin who asks", async () => {
    const tree = await buildAdminTree(db());
    const resident = await createPerson(db(), 'superAdmin', tree.campus);
    const cookie = await signInCookie(test.app, resident.email, resident.password);
    const student = await addUser(db(), tree);
    const response = await send(
      { method: 'DELETE', path: `${ADMIN_API.users}${query({ campusId: tree.campus.id })}` },
      cookie,
    );
    expect(response.status).toBe(200);
    expect(await userRow(student.id)).toBeUndefined();
    expect(await userRow(resident.id)).toMatchObject({ campusId: tree.campus.id });
  });

  it("clears a campus's users and campus admins, and every super admin whose profile names it stays", async () => {
    const tree = await buildAdminTree(db());
    const resident = await createPerson(db(), 'superAdmin', tree.campus);
    const admin = await createPerson(db(), 'campusAdmin', tree.campus);
    const student = await addUser(db(), tree);
    const response = await as('superAdmin', {
      method: 'DELETE',
      path: `${ADMIN_API.users}${query({ campusId: tree.campus.id })}`,
    });
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ ok: true, deleted: 2 });
    expect(await userRow(student.id)).toBeUndefined();
    expect(await userRow(admin.id)).toBeUndefined();
    expect(await userRow(resident.id)).toMatchObject({
      role: 'superAdmin',
      campusId: tree.campus.id,
    });
  });

  it('clears what is already empty with no audit row: nothing changed', async () => {
    const tree = await buildAdminTree(db());
    const [bare] = await db()
      .insert(campuses)
      .values({ id: newId(), universityId: tree.university.id, name: `Bare ${hex(2)}` })
      .returning();
    if (!bare) throw new Error('no bare campus');
    const menuless = await addRestaurant(db(), tree);
    for (const path of [
      `${ADMIN_API.users}${query({ campusId: bare.id })}`,
      `${ADMIN_API.restaurants}${query({ campusId: bare.id })}`,
      `${ADMIN_API.martItems}${query({ campusId: bare.id })}`,
      `${ADMIN_API.menuItems}${query({ restaurantId: menuless.id })}`,
    ]) {
      const answer = await expectUnchanged('superAdmin', { method: 'DELETE', path }, 200);
      expect(answer).toEqual({ ok: true, deleted: 0 });
    }
  });

  it('deletes a university with its campuses, catalogue and domains; its people stay, campus-less', async () => {
    const tree = await buildAdminTree(db());
    const [second] = await db()
      .insert(campuses)
      .values({ id: newId(), universityId: tree.university.id, name: `North ${hex(2)}` })
      .returning();
    if (!second) throw new Error('no second campus');
    const secondTree = { ...tree, campus: second };
    const kiosk = await addRestaurant(db(), secondTree);
    const samosa = await addMenuItem(db(), secondTree, kiosk.id);
    const chips = await addMartItem(db(), secondTree);
    const staff = await addDomain(db(), secondTree);
    const student = await addUser(db(), tree);
    const admin = await createPerson(db(), 'campusAdmin', second);
    const bystander = await addRestaurant(db(), ours);

    const response = await as('superAdmin', {
      method: 'DELETE',
      path: `${ADMIN_API.universities}/${tree.university.id}`,
    });
    expect(response.status).toBe(200);
    const { sheetTabs } = (await response.json()) as TUniversityDeleteResponse;
    const tabs = [
      sheetTabName(tree.university.name, tree.campus.name),
      sheetTabName(tree.university.name, second.name),
    ];
    expect(sheetTabs).toEqual(
      expect.arrayContaining(tabs.map((tabName) => ({ queued: true, tabName }))),
    );
    expect(sheetTabs).toHaveLength(2);
    for (const tabName of tabs) await expectTabJob('delete-sheet-tab', tabName);

    const campusIds = [tree.campus.id, second.id];
    expect(await universityRow(tree.university.id)).toBeUndefined();
    expect(await db().$count(campuses, eq(campuses.universityId, tree.university.id))).toBe(0);
    expect(await db().$count(restaurants, inArray(restaurants.campusId, campusIds))).toBe(0);
    for (const id of [tree.menuItem.id, samosa.id]) expect(await menuItemRow(id)).toBeUndefined();
    for (const id of [tree.martItem.id, chips.id]) expect(await martItemRow(id)).toBeUndefined();
    expect(
      await db().$count(allowedDomains, eq(allowedDomains.universityId, tree.university.id)),
    ).toBe(0);
    expect(await domainRow(staff.id)).toBeUndefined();
    for (const id of [student.id, admin.id]) {
      expect(await userRow(id)).toMatchObject({ universityId: null, campusId: null });
    }
    expect(await restaurantRow(bystander.id)).toBeDefined();
  });
});

// ---- What admins see at once, and what they may send -----------------------------------------

/** A catalogue photo uploaded as the dashboards do, before the item form is sent. */
async function uploadPhoto(cookie: string, purpose: 'menu-photo' | 'mart-photo' | 'screenshot') {
  const jpeg = await sharp({ create: { width: 64, height: 48, channels: 3, background: '#3a7' } })
    .jpeg()
    .toBuffer();
  const form = new FormData();
  form.set('file', new File([new Uint8Array(jpeg)], 'photo.jpg', { type: 'image/jpeg' }));
  form.set('purpose', purpose);
  const response = await test.app.request('/api/uploads', {
    method: 'POST',
    headers: { cookie, origin: TEST_PUBLIC_URL, 'x-forwarded-for': '203.0.113.30' },
    body: form,
  });
  expect(response.status).toBe(201);
  const answer = (await response.json()) as { url?: string; upload?: { url: string } };
  const url = answer.upload?.url ?? answer.url;
  if (!url) throw new Error('the upload answered no url');
  return url;
}

async function catalogue<T>(path: string): Promise<T> {
  const response = await test.app.request(`/api/catalogue${path}`);
  expect(response.status).toBe(200);
  return (await response.json()) as T;
}

describe(`admin writes on ${engine}`, () => {
  it('shows a campus admin’s catalogue changes in the public catalogue at once', async () => {
    const tree = await buildAdminTree(db());
    const admin = await createPerson(db(), 'campusAdmin', tree.campus);
    const cookie = await signInCookie(test.app, admin.email, admin.password);
    const write = async (call: Call, status: number) => {
      const response = await send(call, cookie);
      const answer = await answerOf(response);
      expect(response.status, JSON.stringify(answer)).toBe(status);
      return answer;
    };
    type Restaurants = { restaurants: { id: string; name: string }[] };
    type Menu = { menuItems: { id: string; name: string; price: number }[] };
    type Mart = { martItems: { id: string; name: string }[] };
    const restaurantsPath = `/campuses/${tree.campus.id}/restaurants`;

    // Warm the cache first: a stale copy is what invalidation must drop.
    expect((await catalogue<Restaurants>(restaurantsPath)).restaurants).toHaveLength(1);
    const body = restaurantForm(tree, { is24x7: true });
    const { restaurant } = (await write(
      { method: 'POST', path: ADMIN_API.restaurants, body },
      201,
    )) as TRestaurantResponse;
    expect((await catalogue<Restaurants>(restaurantsPath)).restaurants).toContainEqual(
      expect.objectContaining({ id: restaurant.id, name: body.name }),
    );

    const menuPath = `${restaurantsPath}/${restaurant.id}`;
    expect((await catalogue<Menu>(menuPath)).menuItems).toEqual([]);
    const itemBody = menuItemForm(tree, restaurant.id);
    const { menuItem } = (await write(
      { method: 'POST', path: ADMIN_API.menuItems, body: itemBody },
      201,
    )) as TMenuItemResponse;
    expect((await catalogue<Menu>(menuPath)).menuItems).toEqual([
      expect.objectContaining({ id: menuItem.id, price: 25_050 }),
    ]);
    await write(
      {
        method: 'PATCH',
        path: `${ADMIN_API.menuItems}/${menuItem.id}`,
        body: { ...itemBody, id: menuItem.id, price: '300' },
      },
      200,
    );
    expect((await catalogue<Menu>(menuPath)).menuItems).toEqual([
      expect.objectContaining({ id: menuItem.id, price: 30_000 }),
    ]);

    const martPath = `/campuses/${tree.campus.id}/mart-items`;
    expect((await catalogue<Mart>(martPath)).martItems).toHaveLength(1);
    const martBody = martItemForm(tree);
    await write({ method: 'POST', path: ADMIN_API.martItems, body: martBody }, 201);
    expect((await catalogue<Mart>(martPath)).martItems.map((item) => item.name)).toContain(
      martBody.name,
    );

    await write({ method: 'DELETE', path: `${ADMIN_API.restaurants}/${restaurant.id}` }, 200);
    expect((await catalogue<Restaurants>(restaurantsPath)).restaurants).toHaveLength(1);
    expect((await test.app.request(`/api/catalogue${menuPath}`)).status).toBe(404);
  });

  it('shows a new campus in the catalogue at once and queues its order sheet tab', async () => {
    const tree = await buildAdminTree(db());
    type Campuses = { campuses: { id: string; name: string }[] };
    const campusesPath = `/universities/${tree.university.id}/campuses`;
    expect((await catalogue<Campuses>(campusesPath)).campuses).toHaveLength(1);
    const body = campusForm(tree);
    const response = await as('superAdmin', { method: 'POST', path: ADMIN_API.campuses, body });
    expect(response.status).toBe(201);
    const { campus, sheetTab } = (await response.json()) as TCampusResponse;
    const tabName = sheetTabName(tree.university.name, body.name);
    expect(sheetTab).toEqual({ queued: true, tabName });
    await expectTabJob('create-sheet-tab', tabName);
    expect((await catalogue<Campuses>(campusesPath)).campuses.map((c) => c.id)).toContain(
      campus.id,
    );
  });

  it('stores typed rupees as paisa: "250.50" is 25050', async () => {
    const menu = await as('ourAdmin', {
      method: 'POST',
      path: ADMIN_API.menuItems,
      body: menuItemForm(ours, ours.restaurant.id, { price: '250.50' }),
    });
    expect(menu.status).toBe(201);
    const { menuItem } = (await menu.json()) as TMenuItemResponse;
    expect(menuItem.price).toBe(25_050);
    expect((await menuItemRow(menuItem.id))?.pricePaisa).toBe(25_050);

    const mart = await as('ourAdmin', {
      method: 'POST',
      path: ADMIN_API.martItems,
      body: martItemForm(ours, { price: '250.50', stock: '7' }),
    });
    expect(mart.status).toBe(201);
    const { martItem } = (await mart.json()) as TMartItemResponse;
    expect((await martItemRow(martItem.id))?.pricePaisa).toBe(25_050);
    expect((await martItemRow(martItem.id))?.stock).toBe(7);
  });

  it('keeps the stock checkouts took while an admin edited other fields, and sets stock the admin changed', async () => {
    const item = await addMartItem(db(), ours); // stock 3, as the admin's form shows it
    const path = `${ADMIN_API.martItems}/${item.id}`;
    // A checkout takes one while the form is open.
    await db().update(martItems).set({ stock: 2 }).where(eq(martItems.id, item.id));

    const priceOnly = await as('ourAdmin', {
      method: 'PATCH',
      path,
      body: martItemForm(ours, { id: item.id, price: '80', stock: '3', stockWas: '3' }),
    });
    expect(priceOnly.status).toBe(200);
    expect(((await priceOnly.json()) as TMartItemResponse).martItem.stock).toBe(2);
    expect(await martItemRow(item.id)).toMatchObject({ pricePaisa: 8_000, stock: 2 });

    const restocked = await as('ourAdmin', {
      method: 'PATCH',
      path,
      body: martItemForm(ours, { id: item.id, price: '80', stock: '20', stockWas: '2' }),
    });
    expect(restocked.status).toBe(200);
    expect(((await restocked.json()) as TMartItemResponse).martItem.stock).toBe(20);
    expect((await martItemRow(item.id))?.stock).toBe(20);
  });

  it('refuses with 400 a photo URL that is not one of our uploads, and takes one that is', async () => {
    const cookie = people.ourAdmin.cookie;
    const screenshot = await uploadPhoto(cookie, 'screenshot');
    for (const photoURL of [
      'https://evil.test/pixel.png',
      'javascript:alert(1)',
      `${TEST_PUBLIC_URL}/uploads/not-ours.jpg`,
      screenshot,
    ]) {
      const answer = await expectUnchanged(
        'ourAdmin',
        {
          method: 'POST',
          path: ADMIN_API.menuItems,
          body: menuItemForm(ours, ours.restaurant.id, { photoURL }),
        },
        400,
      );
      expect((answer as ErrorBody).error.fields).toHaveProperty('photoURL');
      const martItem = await addMartItem(db(), ours);
      await expectUnchanged(
        'ourAdmin',
        {
          method: 'PATCH',
          path: `${ADMIN_API.martItems}/${martItem.id}`,
          body: martItemForm(ours, { id: martItem.id, photoURL }),
        },
        400,
      );
    }

    const menuPhoto = await uploadPhoto(cookie, 'menu-photo');
    const menu = await as('ourAdmin', {
      method: 'POST',
      path: ADMIN_API.menuItems,
      body: menuItemForm(ours, ours.restaurant.id, { photoURL: menuPhoto }),
    });
    expect(menu.status).toBe(201);
    const { menuItem } = (await menu.json()) as TMenuItemResponse;
    expect((await menuItemRow(menuItem.id))?.photoUrl).toBe(menuPhoto);

    const martPhoto = await uploadPhoto(cookie, 'mart-photo');
    const mart = await as('ourAdmin', {
      method: 'POST',
      path: ADMIN_API.martItems,
      body: martItemForm(ours, { photoURL: martPhoto }),
    });
    expect(mart.status).toBe(201);
    const { martItem } = (await mart.json()) as TMartItemResponse;
    expect((await martItemRow(martItem.id))?.photoUrl).toBe(martPhoto);
  });

  it('creates a verified user who can sign in at once', async () => {
    const body = createUserForm(ours, { role: 'user' });
    const response = await as('superAdmin', { method: 'POST', path: ADMIN_API.users, body });
    expect(response.status).toBe(201);
    const cookie = await signInCookie(test.app, body.email, body.password);
    expect(cookie).toContain('=');
    const { user } = (await response.json()) as TUserResponse;
    const [entry] = await db()
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entity, 'user'), eq(auditLog.entityId, user.uid)));
    expect(entry).toMatchObject({ actorId: people.superAdmin.id, action: 'create' });
  });
});
