import { drawPaymentReference } from '@campus/api/orders/payment-reference';
import { DELIVERY_CHARGE_PER_PERSON_PAISA } from '@campus/shared/domain/money';
import type { Db } from '@campus/shared/server/db/client';
import { newId } from '@campus/shared/server/db/ids';
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

type Insert<T extends { $inferInsert: unknown }> = Partial<T['$inferInsert']>;

/** Inserts a university, a campus, a restaurant with one menu item, a mart item and a domain. */
export async function buildCampusTree(
  db: Db,
  overrides: {
    university?: Insert<typeof universities>;
    campus?: Insert<typeof campuses>;
    restaurant?: Insert<typeof restaurants>;
    menuItem?: Insert<typeof menuItems>;
    martItem?: Insert<typeof martItems>;
  } = {},
) {
  const [university] = await db
    .insert(universities)
    .values({ id: newId(), name: `University ${newId()}`, ...overrides.university })
    .returning();
  if (!university) throw new Error('no university inserted');
  const [campus] = await db
    .insert(campuses)
    .values({ id: newId(), universityId: university.id, name: 'Main Campus', ...overrides.campus })
    .returning();
  if (!campus) throw new Error('no campus inserted');
  const [restaurant] = await db
    .insert(restaurants)
    .values({ id: newId(), campusId: campus.id, name: 'Cafe', ...overrides.restaurant })
    .returning();
  if (!restaurant) throw new Error('no restaurant inserted');
  const [menuItem] = await db
    .insert(menuItems)
    .values({
      id: newId(),
      restaurantId: restaurant.id,
      name: 'Tea',
      pricePaisa: 8_000,
      ...overrides.menuItem,
    })
    .returning();
  const [martItem] = await db
    .insert(martItems)
    .values({
      id: newId(),
      campusId: campus.id,
      name: 'Water',
      pricePaisa: 12_000,
      stock: 5,
      ...overrides.martItem,
    })
    .returning();
  const [domain] = await db
    .insert(allowedDomains)
    .values({
      id: newId(),
      name: 'Students',
      domain: '@uni.edu.pk',
      universityId: university.id,
      campusId: campus.id,
    })
    .returning();
  if (!menuItem || !martItem || !domain) throw new Error('campus tree incomplete');
  return { university, campus, restaurant, menuItem, martItem, domain };
}

/** Inserts a user profile on a campus. */
export async function buildUser(db: Db, overrides: Insert<typeof users> = {}) {
  const [user] = await db
    .insert(users)
    .values({
      id: newId(),
      email: `${newId()}@uni.edu.pk`,
      firstName: 'Test',
      lastName: 'User',
      ...overrides,
    })
    .returning();
  if (!user) throw new Error('no user inserted');
  return user;
}

/** Inserts an order of one menu line for a user of the campus tree, totals consistent. */
export async function buildOrder(
  db: Db,
  tree: Awaited<ReturnType<typeof buildCampusTree>>,
  user: { id: string; email: string },
  overrides: Insert<typeof orders> = {},
) {
  const persons = 1;
  const [order] = await db
    .insert(orders)
    .values({
      id: newId(),
      userId: user.id,
      idempotencyKey: newId(),
      paymentReference: drawPaymentReference(),
      universityId: tree.university.id,
      campusId: tree.campus.id,
      universityName: tree.university.name,
      campusName: tree.campus.name,
      sheetTabName: 'Test_Tab',
      firstName: 'Test',
      lastName: 'User',
      phone: '0300-1234567',
      email: user.email,
      persons,
      accountTitle: 'Test User',
      bankName: 'Test Bank',
      itemTotalPaisa: tree.menuItem.pricePaisa,
      deliveryChargePaisa: DELIVERY_CHARGE_PER_PERSON_PAISA * persons,
      grandTotalPaisa: tree.menuItem.pricePaisa + DELIVERY_CHARGE_PER_PERSON_PAISA * persons,
      screenshotUrl: '/uploads/test.webp',
      cartItemsText: `${tree.restaurant.name}:\n- ${tree.menuItem.name} x 1`,
      timestampText: 'Saturday, November 21, 2026 at 10:00:00 PM GMT+5',
      ...overrides,
    })
    .returning();
  if (!order) throw new Error('no order inserted');
  return order;
}

/** The name of the constraint a failed insert broke (or the driver's message when none). */
export async function violatedConstraint(insert: Promise<unknown>): Promise<string> {
  try {
    await insert;
  } catch (error) {
    const cause = (error as { cause?: { constraint?: string; message?: string } }).cause;
    return cause?.constraint ?? cause?.message ?? String(error);
  }
  throw new Error('the insert succeeded');
}
