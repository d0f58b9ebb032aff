import { randomBytes } from 'node:crypto';
import type { Db } from '@campus/shared/server/db/client';
import { newId } from '@campus/shared/server/db/ids';
import {
  allowedDomains,
  auditLog,
  campuses,
  deliveryBatches,
  martItems,
  menuItems,
  orderNotes,
  orders,
  orderTransitions,
  outbox,
  restaurants,
  universities,
  users,
} from '@campus/shared/server/db/schema';
import { buildCampusTree, buildUser } from './builders';

/** A few random hex digits, for names that must be unique (universities, campuses, domains). */
export const hex = (bytes = 3) => randomBytes(bytes).toString('hex');

/**
 * A campus tree (see buildCampusTree) with short unique names, so that its order sheet tab name
 * ('Uni_a1b2c3_Main_d4e5') is not cut to the university alone and never collides with another's.
 */
export function buildAdminTree(db: Db) {
  return buildCampusTree(db, {
    university: { name: `Uni ${hex()}` },
    campus: { name: `Main ${hex(2)}` },
  });
}
export type AdminTree = Awaited<ReturnType<typeof buildAdminTree>>;

async function inserted<T>(rows: Promise<T[]>): Promise<T> {
  const [row] = await rows;
  if (!row) throw new Error('nothing inserted');
  return row;
}

/** One more restaurant of the tree's campus. */
export function addRestaurant(db: Db, tree: AdminTree) {
  return inserted(
    db
      .insert(restaurants)
      .values({ id: newId(), campusId: tree.campus.id, name: `Kiosk ${hex()}`, cuisine: 'Tea' })
      .returning(),
  );
}

/** One more menu item of the tree's restaurant (or of the given restaurant). */
export function addMenuItem(db: Db, tree: AdminTree, restaurantId = tree.restaurant.id) {
  return inserted(
    db
      .insert(menuItems)
      .values({ id: newId(), restaurantId, name: `Samosa ${hex()}`, pricePaisa: 5_000 })
      .returning(),
  );
}

/** One more mart item of the tree's campus. */
export function addMartItem(db: Db, tree: AdminTree) {
  return inserted(
    db
      .insert(martItems)
      .values({
        id: newId(),
        campusId: tree.campus.id,
        name: `Chips ${hex()}`,
        pricePaisa: 7_000,
        stock: 3,
      })
      .returning(),
  );
}

/** One more allowed domain of the tree's campus. */
export function addDomain(db: Db, tree: AdminTree) {
  return inserted(
    db
      .insert(allowedDomains)
      .values({
        id: newId(),
        name: 'Staff',
        domain: `@staff${hex()}.edu.pk`,
        universityId: tree.university.id,
        campusId: tree.campus.id,
      })
      .returning(),
  );
}

/** One more plain user of the tree's campus. */
export function addUser(db: Db, tree: AdminTree) {
  return buildUser(db, {
    universityId: tree.university.id,
    campusId: tree.campus.id,
    universityName: tree.university.name,
    campusName: tree.campus.name,
    role: 'user',
  });
}

// ---- Form values as the admin dashboards send them -----------------------------------------

export const universityForm = () => ({ id: '', name: `Uni ${hex()}` });

export const campusForm = (tree: AdminTree, overrides: Record<string, unknown> = {}) => ({
  id: '',
  universityId: tree.university.id,
  name: `Campus ${hex(2)}`,
  location: 'Canal Road',
  ...overrides,
});

export const restaurantForm = (tree: AdminTree, overrides: Record<string, unknown> = {}) => ({
  id: '',
  universityId: tree.university.id,
  campusId: tree.campus.id,
  name: `Grill ${hex()}`,
  location: 'Block A',
  cuisine: 'BBQ',
  openTime: '10:00 AM',
  closeTime: '10:00 PM',
  is24x7: false,
  ...overrides,
});

export const menuItemForm = (
  tree: AdminTree,
  restaurantId: string = tree.restaurant.id,
  overrides: Record<string, unknown> = {},
) => ({
  id: '',
  universityId: tree.university.id,
  campusId: tree.campus.id,
  restaurantId,
  name: `Biryani ${hex()}`,
  price: '250.50',
  description: 'With raita',
  photoURL: '',
  ...overrides,
});

export const martItemForm = (tree: AdminTree, overrides: Record<string, unknown> = {}) => ({
  id: '',
  universityId: tree.university.id,
  campusId: tree.campus.id,
  name: `Juice ${hex()}`,
  price: '99.90',
  description: 'Mango',
  category: 'Drinks',
  stock: '12',
  photoURL: '',
  ...overrides,
});

export const domainForm = (tree: AdminTree, overrides: Record<string, unknown> = {}) => ({
  id: '',
  universityId: tree.university.id,
  campusId: tree.campus.id,
  name: 'Faculty',
  domain: `Faculty${hex()}.EDU.pk`,
  ...overrides,
});

export const createUserForm = (tree: AdminTree, overrides: Record<string, unknown> = {}) => ({
  firstName: 'Sana',
  lastName: 'Admin',
  email: `sana${hex()}@uni.edu.pk`,
  password: 'secret-1',
  role: 'campusAdmin',
  universityId: tree.university.id,
  campusId: tree.campus.id,
  ...overrides,
});

// ---- Database snapshots: what a refused request must leave as it was ------------------------

/** The tables an admin request may change, each row as JSON by its id. */
export type Snapshot = Record<string, Map<string, string>>;

const byId = (rows: { id: string | number }[]) =>
  new Map(rows.map((row) => [String(row.id), JSON.stringify(row)]));

/** Every row of the tables the admin api writes (and the audit log, the job outbox, the orders). */
export async function snapshot(db: Db): Promise<Snapshot> {
  const [u, c, r, mi, ma, d, p, a, o, or, ot, b, n] = await Promise.all([
    db.select().from(universities),
    db.select().from(campuses),
    db.select().from(restaurants),
    db.select().from(menuItems),
    db.select().from(martItems),
    db.select().from(allowedDomains),
    db.select().from(users),
    db.select().from(auditLog),
    db.select().from(outbox),
    db.select().from(orders),
    db.select().from(orderTransitions),
    db.select().from(deliveryBatches),
    db.select().from(orderNotes),
  ]);
  return {
    universities: byId(u),
    campuses: byId(c),
    restaurants: byId(r),
    menu_items: byId(mi),
    mart_items: byId(ma),
    allowed_domains: byId(d),
    users: byId(p),
    audit_log: byId(a),
    outbox: byId(o),
    orders: byId(or),
    order_transitions: byId(ot),
    delivery_batches: byId(b),
    order_notes: byId(n),
  };
}

/** What differs between two snapshots, one line per row added, removed or changed. */
export function changesBetween(before: Snapshot, after: Snapshot): string[] {
  const changes: string[] = [];
  for (const [table, rows] of Object.entries(before)) {
    const now = after[table] ?? new Map<string, string>();
    for (const [id, row] of rows) {
      const current = now.get(id);
      if (current === undefined) changes.push(`${table}: removed ${row}`);
      else if (current !== row) changes.push(`${table}: changed ${row} -> ${current}`);
    }
    for (const [id, row] of now) if (!rows.has(id)) changes.push(`${table}: added ${row}`);
  }
  return changes;
}
