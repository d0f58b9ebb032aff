import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { hashPassword, verifyPassword } from '@campus/api/auth/password';
import { demoPhotoSaver } from '@campus/api/uploads/demo-photo';
import { createLocalImageStore } from '@campus/api/uploads/local-image-store';
import { isRestaurantOpen } from '@campus/shared/domain/restaurant-hours';
import type { Database } from '@campus/shared/server/db/client';
import { newId } from '@campus/shared/server/db/ids';
import {
  accounts,
  allowedDomains,
  auditLog,
  campuses,
  martItems,
  menuItems,
  orders,
  restaurants,
  universities,
  uploads,
  users,
} from '@campus/shared/server/db/schema';
import { DEMO_PEOPLE, newDemoAccounts, seedDemoData } from '@campus/shared/server/db/seed';
import { count, eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildCampusTree, buildOrder, buildUser, violatedConstraint } from '../../support/builders';
import { engine, openTestDatabase } from '../../support/database';

let database: Database;

beforeAll(async () => {
  database = await openTestDatabase();
});
afterAll(async () => {
  await database.close();
});

describe(`database on ${engine}`, () => {
  it('reports the engine it runs on', () => {
    expect(database.engine).toBe(engine);
  });

  it('deleting a university removes its campuses, restaurants, menus, mart items and domains', async () => {
    const { db } = database;
    const tree = await buildCampusTree(db);
    const other = await buildCampusTree(db);
    const student = await buildUser(db, {
      universityId: tree.university.id,
      campusId: tree.campus.id,
      universityName: tree.university.name,
      campusName: tree.campus.name,
    });

    await db.delete(universities).where(eq(universities.id, tree.university.id));

    const left = async (
      table: typeof campuses | typeof restaurants | typeof martItems,
      id: string,
    ) => (await db.select({ id: table.id }).from(table).where(eq(table.id, id))).length;
    expect(await left(campuses, tree.campus.id)).toBe(0);
    expect(await left(restaurants, tree.restaurant.id)).toBe(0);
    expect(await left(martItems, tree.martItem.id)).toBe(0);
    expect(
      (await db.select().from(menuItems).where(eq(menuItems.id, tree.menuItem.id))).length,
    ).toBe(0);
    expect(
      (await db.select().from(allowedDomains).where(eq(allowedDomains.id, tree.domain.id))).length,
    ).toBe(0);
    // People outlive their campus; another university is untouched.
    const [kept] = await db.select().from(users).where(eq(users.id, student.id));
    expect(kept).toMatchObject({ universityId: null, campusId: null, email: student.email });
    expect(await left(campuses, other.campus.id)).toBe(1);
    expect(await left(restaurants, other.restaurant.id)).toBe(1);
  });

  it('refuses a negative price, a fractional price and an unknown role', async () => {
    const { db } = database;
    const tree = await buildCampusTree(db);
    const menuItem = (pricePaisa: number) =>
      db
        .insert(menuItems)
        .values({ id: newId(), restaurantId: tree.restaurant.id, name: 'x', pricePaisa });
    expect(await violatedConstraint(menuItem(-1))).toBe('menu_items_price_check');
    expect(await violatedConstraint(menuItem(1.5))).toMatch(
      /invalid input syntax for type integer/,
    );
    expect(await violatedConstraint(buildUser(db, { role: 'owner' as 'user' }))).toBe(
      'users_role_check',
    );
  });

  it('refuses a domain without its leading @ or in capitals', async () => {
    const { db } = database;
    const tree = await buildCampusTree(db);
    const domain = (value: string) =>
      db.insert(allowedDomains).values({
        id: newId(),
        name: 'x',
        domain: value,
        universityId: tree.university.id,
        campusId: tree.campus.id,
      });
    expect(await violatedConstraint(domain('uni.edu.pk'))).toBe('allowed_domains_domain_check');
    expect(await violatedConstraint(domain('@UNI.edu.pk'))).toBe('allowed_domains_domain_check');
  });

  it('refuses a campus that belongs to another university', async () => {
    const { db } = database;
    const mine = await buildCampusTree(db);
    const theirs = await buildCampusTree(db);
    const mixed = { universityId: mine.university.id, campusId: theirs.campus.id };
    expect(
      await violatedConstraint(
        db.insert(allowedDomains).values({ id: newId(), name: 'x', domain: '@x.pk', ...mixed }),
      ),
    ).toBe('allowed_domains_campus_fk');
    expect(await violatedConstraint(buildUser(db, mixed))).toBe('users_campus_fk');
  });

  it('keeps an order, its totals and its names when the person and the campus are deleted', async () => {
    const { db } = database;
    const tree = await buildCampusTree(db);
    const student = await buildUser(db, {
      universityId: tree.university.id,
      campusId: tree.campus.id,
    });
    const order = await buildOrder(db, tree, student);

    await db.delete(users).where(eq(users.id, student.id));
    await db.delete(universities).where(eq(universities.id, tree.university.id));

    const [kept] = await db.select().from(orders).where(eq(orders.id, order.id));
    expect(kept).toMatchObject({
      userId: null,
      campusId: null,
      universityId: null,
      campusName: tree.campus.name,
      email: student.email,
      grandTotalPaisa: order.grandTotalPaisa,
    });
  });

  it('refuses an order whose totals do not add up', async () => {
    const { db } = database;
    const tree = await buildCampusTree(db);
    const student = await buildUser(db);
    expect(await violatedConstraint(buildOrder(db, tree, student, { grandTotalPaisa: 1 }))).toBe(
      'orders_totals_check',
    );
  });
});

describe(`demo data on ${engine}`, () => {
  let seedDb: Database;
  let uploadsDir: string;
  beforeAll(async () => {
    seedDb = await openTestDatabase();
    uploadsDir = mkdtempSync(join(tmpdir(), 'campus-seed-uploads-'));
  });
  afterAll(async () => {
    await seedDb.close();
    rmSync(uploadsDir, { recursive: true, force: true });
  });

  it('seeds an empty database once and never again', async () => {
    const { db } = seedDb;
    // 00:30 in Karachi: the wrapping Midnight Grill is open, the bakery's window (2–4 AM) is not.
    const now = new Date('2026-11-21T19:30:00Z');
    const images = createLocalImageStore({ dir: uploadsDir });
    const savePhoto = demoPhotoSaver(images);
    const demoAccounts = newDemoAccounts();
    expect(await seedDemoData(db, hashPassword, { demoAccounts, now, savePhoto })).toEqual({
      seeded: true,
    });
    // Passwords of their own, never the same twice.
    const passwords = new Set([...demoAccounts, ...newDemoAccounts()].map((a) => a.password));
    expect(passwords.size).toBe(DEMO_PEOPLE.length * 2);

    const total = async (table: typeof universities | typeof campuses) =>
      (await db.select({ n: count() }).from(table))[0]?.n;
    expect(await total(universities)).toBe(2);
    expect(await total(campuses)).toBe(3);

    const all = await db.select().from(restaurants);
    expect(all.some((r) => r.is24x7)).toBe(true);
    const wrapping = all.find((r) => r.name === 'Midnight Grill');
    expect(wrapping).toMatchObject({ is24x7: false, openTime: '6:00 PM', closeTime: '2:00 AM' });
    const closed = all.filter((r) => !isRestaurantOpen(r, now, 'Asia/Karachi'));
    expect(closed.map((r) => r.name)).toEqual(['Sunrise Bakery']);

    const mart = await db.select().from(martItems);
    expect(mart.filter((m) => m.stock <= 0)).toHaveLength(1);
    expect((await db.select().from(allowedDomains)).length).toBeGreaterThanOrEqual(3);

    const people = await db.select().from(users);
    expect(people.map((u) => [u.email, u.role]).sort()).toEqual(
      DEMO_PEOPLE.map((a) => [a.email, a.role]).sort(),
    );
    // Each demo person can sign in: a verified address and a password credential that matches.
    const credentials = await db.select().from(accounts);
    for (const demo of demoAccounts) {
      const person = people.find((u) => u.email === demo.email);
      expect(person?.emailVerified).toBe(true);
      const credential = credentials.find((a) => a.userId === person?.id);
      expect(credential?.providerId).toBe('credential');
      expect(
        await verifyPassword({ hash: credential?.password ?? '', password: demo.password }),
      ).toBe(true);
    }

    // Every demo item has a picture of its own, stored and recorded as an admin's upload is.
    const menu = await db.select().from(menuItems);
    const photos = [...menu, ...mart].map((item) => item.photoUrl);
    const recorded = await db.select().from(uploads);
    expect(recorded.map((upload) => upload.url).sort()).toEqual([...photos].sort());
    expect(new Set(photos).size).toBe(menu.length + mart.length);
    expect(recorded.filter((upload) => upload.purpose === 'mart-photo')).toHaveLength(mart.length);
    const files = readdirSync(uploadsDir);
    expect(files).toHaveLength(photos.length);
    const drawn = await sharp(join(uploadsDir, files[0] ?? '')).metadata();
    expect(drawn).toMatchObject({ format: 'jpeg', width: 400, height: 300 });

    // Everything deleted by an admin stays deleted: no second seeding, no second set of pictures.
    await db.delete(universities);
    expect(
      await seedDemoData(db, hashPassword, { demoAccounts: newDemoAccounts(), now, savePhoto }),
    ).toEqual({ seeded: false });
    expect(await total(universities)).toBe(0);
    expect(readdirSync(uploadsDir)).toHaveLength(photos.length);
    expect((await db.select().from(auditLog).where(eq(auditLog.action, 'seed'))).length).toBe(1);
  });
});
