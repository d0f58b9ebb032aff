import { changeOrderStatus } from '@campus/api/orders/change-order-status';
import { placeAndAnnounce } from '@campus/api/orders/check-out';
import { AppError } from '@campus/shared/domain/app-error';
import type { TUserProfile } from '@campus/shared/domain/entities';
import {
  canStart,
  holdsStock,
  ORDER_ACTION_NAMES,
  ORDER_ACTIONS,
  ORDER_STATES,
  type TOrderAction,
} from '@campus/shared/domain/order-status';
import type { Database } from '@campus/shared/server/db/client';
import { martItems, orderLines, orders, orderTransitions } from '@campus/shared/server/db/schema';
import { asc, eq, inArray } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildCampusTree } from '../../support/builders';
import { engine } from '../../support/database';
import { testLog } from '../../support/logger';
import { type OrderServices, openOrderServices } from '../../support/order-services';
import { buildOrderingStudent, martLine, placeOrderInput } from '../../support/orders';
import { createProfile } from '../../support/people';

// Order states (decision 010), as a property: random sequences of transitions by random actors, run
// a few at a time (truly at once on PostgreSQL), never reach a state the rule forbids, never let a
// person act beyond their right, and conserve mart stock: stock + the quantities held by orders
// that are not rejected or cancelled stays what it was.

type Tree = Awaited<ReturnType<typeof buildCampusTree>>;
type Actor = 'owner' | 'stranger' | 'admin' | 'otherAdmin' | 'superAdmin';

let services: OrderServices;
let database: Database;

const INITIAL_STOCK = 12;
const deps = () => ({ ...services, db: database.db, log: testLog });

beforeAll(async () => {
  services = await openOrderServices();
  ({ database } = services);
});

afterAll(async () => {
  await services?.close();
});

const profile = (role: 'campusAdmin' | 'superAdmin', campus: Tree['campus'] | null) =>
  createProfile(database.db, role, campus);

/** A campus with two students and every kind of admin (people are slow to make: made once). */
async function people() {
  const tree = await buildCampusTree(database.db);
  const other = await buildCampusTree(database.db);
  const students = [
    await buildOrderingStudent(database.db, tree),
    await buildOrderingStudent(database.db, tree),
  ];
  const admins: Record<Exclude<Actor, 'owner' | 'stranger'>, TUserProfile> = {
    admin: await profile('campusAdmin', tree.campus),
    otherAdmin: await profile('campusAdmin', other.campus),
    superAdmin: await profile('superAdmin', null),
  };
  return { tree, students, admins };
}
type World = Awaited<ReturnType<typeof people>>;

/** The campus's people with a mart item of its own for one run, INITIAL_STOCK in stock. */
async function world(base: World): Promise<World> {
  const [martItem] = await database.db
    .insert(martItems)
    .values({
      id: crypto.randomUUID(),
      campusId: base.tree.campus.id,
      name: `Water ${crypto.randomUUID().slice(0, 8)}`,
      pricePaisa: 5_000,
      stock: INITIAL_STOCK,
    })
    .returning();
  if (!martItem) throw new Error('no mart item inserted');
  return { ...base, tree: { ...base.tree, martItem } };
}

const place = (w: World, who: number, quantity: number) => {
  const { student, screenshotId } = w.students[who] as World['students'][number];
  const cartItems = [martLine(w.tree, quantity)];
  return placeAndAnnounce(
    deps(),
    student,
    placeOrderInput(w.tree, student, screenshotId, { cartItems }),
  );
};

type Step =
  | { kind: 'place'; who: number; quantity: number }
  | { kind: 'act'; order: number; action: TOrderAction; actor: Actor };

const step: fc.Arbitrary<Step> = fc.oneof(
  fc.record({
    kind: fc.constant('place' as const),
    who: fc.integer({ min: 0, max: 1 }),
    quantity: fc.integer({ min: 1, max: 4 }),
  }),
  fc.record({
    kind: fc.constant('act' as const),
    // Few orders, so that steps of one batch often meet on the same order.
    order: fc.nat({ max: 2 }),
    action: fc.constantFrom(...ORDER_ACTION_NAMES),
    actor: fc.constantFrom<Actor>('owner', 'stranger', 'admin', 'otherAdmin', 'superAdmin'),
  }),
);

async function run(w: World, placed: string[], s: Step): Promise<void> {
  if (s.kind === 'place') {
    placed.push((await place(w, s.who, s.quantity)).orderId);
    return;
  }
  const orderId = placed[s.order % Math.max(1, placed.length)];
  if (!orderId) return;
  const [order] = await database.db
    .select({ userId: orders.userId })
    .from(orders)
    .where(eq(orders.id, orderId));
  const owner = w.students.findIndex((x) => x.student.uid === order?.userId);
  const actor =
    s.actor === 'owner'
      ? w.students[owner]?.student
      : s.actor === 'stranger'
        ? w.students[1 - owner]?.student
        : w.admins[s.actor];
  await changeOrderStatus(deps(), actor as TUserProfile, orderId, {
    action: s.action,
    reason: ORDER_ACTIONS[s.action].reasonRequired ? 'A reason' : '',
  });
}

/** Every order's timeline is a path the rule allows, by people the rule allows; stock adds up. */
async function checkInvariants(w: World, placed: string[]) {
  const rows = placed.length
    ? await database.db.select().from(orders).where(inArray(orders.id, placed))
    : [];
  let held = 0;
  for (const order of rows) {
    expect(ORDER_STATES).toContain(order.status);
    const timeline = await database.db
      .select()
      .from(orderTransitions)
      .where(eq(orderTransitions.orderId, order.id))
      .orderBy(asc(orderTransitions.id));
    let state: (typeof ORDER_STATES)[number] = 'placed';
    for (const t of timeline) {
      const rule = ORDER_ACTIONS[t.action];
      expect(t.fromState).toBe(state);
      expect(canStart(t.action, t.fromState)).toBe(true);
      expect(t.toState).toBe(rule.to);
      if (rule.by === 'student') expect(t.actorId).toBe(order.userId);
      else expect([w.admins.admin.uid, w.admins.superAdmin.uid]).toContain(t.actorId);
      state = t.toState;
    }
    expect(order.status).toBe(state);
    if (holdsStock(order.status)) {
      const lines = await database.db
        .select({ quantity: orderLines.quantity })
        .from(orderLines)
        .where(eq(orderLines.orderId, order.id));
      held += lines.reduce((sum, line) => sum + line.quantity, 0);
    }
  }
  const [item] = await database.db
    .select({ stock: martItems.stock })
    .from(martItems)
    .where(eq(martItems.id, w.tree.martItem.id));
  expect((item?.stock ?? 0) + held).toBe(INITIAL_STOCK);
  expect(item?.stock).toBeGreaterThanOrEqual(0);
}

describe(`order transitions under random concurrent steps on ${engine}`, () => {
  it('never reach a forbidden state and conserve mart stock', async () => {
    const base = await people();
    let refused = 0;
    let done = 0;
    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.array(step, { minLength: 1, maxLength: 6 }), { minLength: 2, maxLength: 6 }),
        async (batches) => {
          const w = await world(base);
          const placed: string[] = [];
          for (const batch of batches) {
            // The steps of a batch run at once: two admins, a cancel and a reject may race.
            const results = await Promise.allSettled(batch.map((s) => run(w, placed, s)));
            for (const result of results) {
              if (result.status === 'fulfilled') done += 1;
              else if (result.reason instanceof AppError && result.reason.status < 500)
                refused += 1;
              else throw result.reason;
            }
            await checkInvariants(w, placed);
          }
        },
      ),
      { numRuns: engine === 'postgres' ? 50 : 10 },
    );
    // The runs did both: steps that went through and steps the rule refused.
    expect(done).toBeGreaterThan(0);
    expect(refused).toBeGreaterThan(0);
  }, 180_000);
});
