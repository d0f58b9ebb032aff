import {
  ADMIN_API,
  type TCampusResponse,
  type TUniversityDeleteResponse,
} from '@campus/shared/domain/admin-api';
import { CODE_MESSAGES } from '@campus/shared/domain/error-catalogue';
import { SHEET_TAB_MESSAGES, sheetTabName } from '@campus/shared/domain/sheet-tab';
import { newId } from '@campus/shared/server/db/ids';
import { allowedDomains, campuses, outbox, restaurants } from '@campus/shared/server/db/schema';
import type { Producer } from '@campus/shared/server/queue';
import { eq, inArray, isNull } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import {
  addDomain,
  addMartItem,
  addMenuItem,
  addRestaurant,
  addUser,
  buildAdminTree,
  campusForm,
  domainForm,
  hex,
  martItemForm,
  menuItemForm,
  restaurantForm,
  universityForm,
} from '../../support/admin';
import {
  access,
  as,
  type Call,
  campusRow,
  db,
  domainRow,
  expectTabJob,
  expectUnchanged,
  martItemRow,
  menuItemRow,
  query,
  restaurantRow,
  send,
  setUpAdminAccess,
  universityRow,
  userRow,
} from '../../support/admin-access/context';
import { createTestApp, TEST_PUBLIC_URL } from '../../support/app';
import { buildOrder, buildUser } from '../../support/builders';
import { engine } from '../../support/database';
import { createPerson } from '../../support/people';
import { signInCookie } from '../../support/session';

// The super admin's edge cases: unknown ids, oneself, renamed and deleted campuses and their
// order sheet tabs, clearing a campus, deleting a university.

setUpAdminAccess();

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
        body: campusForm(access.ours, { id: missing }),
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
        body: domainForm(access.ours, { id: missing }),
      }),
    ],
    ['DELETE domain', () => ({ method: 'DELETE', path: `${ADMIN_API.domains}/${missing}` })],
    [
      'PATCH restaurant',
      () => ({
        method: 'PATCH',
        path: `${ADMIN_API.restaurants}/${missing}`,
        body: restaurantForm(access.ours, { id: missing }),
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
        body: menuItemForm(access.ours, access.ours.restaurant.id, { id: missing }),
      }),
    ],
    ['DELETE menu item', () => ({ method: 'DELETE', path: `${ADMIN_API.menuItems}/${missing}` })],
    [
      'PATCH mart item',
      () => ({
        method: 'PATCH',
        path: `${ADMIN_API.martItems}/${missing}`,
        body: martItemForm(access.ours, { id: missing }),
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
      ...access.testApp.producer,
      enqueue: (name, payload, options) =>
        (payload as { tabName?: string }).tabName === earlierTab
          ? Promise.reject(new Error('Redis refused the job'))
          : access.testApp.producer.enqueue(name, payload, options),
    };
    const refusing = createTestApp({
      database: access.database,
      redis: access.redis,
      producer,
      prefix: access.testApp.prefix,
    });

    const response = await send(
      { method: 'DELETE', path: `${ADMIN_API.campuses}/${tree.campus.id}` },
      access.people.superAdmin.cookie,
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
    const self = access.people.superAdmin;
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
    const cookie = await signInCookie(access.testApp.app, resident.email, resident.password);
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
    const bystander = await addRestaurant(db(), access.ours);

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
