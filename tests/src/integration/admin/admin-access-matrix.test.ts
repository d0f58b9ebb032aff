import { auditLog } from '@campus/shared/server/db/schema';
import { gt } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { buildAdminTree } from '../../support/admin';
import {
  access,
  answerOf,
  as,
  db,
  expectUnchanged,
  PERSONAS,
  setUpAdminAccess,
} from '../../support/admin-access/context';
import {
  expectedStatus,
  isCallOf,
  type Route,
  refusalMessage,
  registeredRoutes,
  routeOf,
} from '../../support/admin-access/route';
import { BATCH_ROUTES } from '../../support/admin-access/routes-batches';
import { CATALOGUE_ROUTES } from '../../support/admin-access/routes-catalogue';
import { CATALOGUE_IMPORT_ROUTES } from '../../support/admin-access/routes-catalogue-import';
import { EVENT_ROUTES } from '../../support/admin-access/routes-events';
import { INSIGHTS_ROUTES } from '../../support/admin-access/routes-insights';
import { OPERATIONS_ROUTES } from '../../support/admin-access/routes-operations';
import { ORDER_ROUTES } from '../../support/admin-access/routes-orders';
import { REFUND_ROUTES } from '../../support/admin-access/routes-refunds';
import { SHEET_ROUTES } from '../../support/admin-access/routes-sheets';
import { STATEMENT_ROUTES } from '../../support/admin-access/routes-statements';
import { SUPER_ADMIN_ROUTES } from '../../support/admin-access/routes-super-admin';
import { engine } from '../../support/database';

// The admin access matrix: every admin route (docs/decisions/006-admin-scope.md), every sheet call
// of docs/product.md §7 and the live events (decision 009), against every kind of caller, with the
// database unchanged wherever the request is refused. The routes come from the app itself, so a new
// one without a row fails the run.

setUpAdminAccess();

const ROUTES: Route[] = [
  ...SUPER_ADMIN_ROUTES,
  ...CATALOGUE_ROUTES,
  ...CATALOGUE_IMPORT_ROUTES,
  ...ORDER_ROUTES,
  ...BATCH_ROUTES,
  ...INSIGHTS_ROUTES,
  ...SHEET_ROUTES,
  ...EVENT_ROUTES,
  ...OPERATIONS_ROUTES,
  ...STATEMENT_ROUTES,
  ...REFUND_ROUTES,
];

const lastAuditId = async () =>
  (await db().select({ id: auditLog.id }).from(auditLog)).reduce(
    (max, r) => Math.max(max, r.id),
    0,
  );

/** The id of what a create made, from its answer. */
function createdId(answer: unknown): string | undefined {
  const body = answer as Record<string, { id?: string; uid?: string } | undefined>;
  for (const key of [
    'university',
    'campus',
    'domain',
    'restaurant',
    'menuItem',
    'martItem',
    'refund',
  ]) {
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
    const tree = persona === 'superAdmin' ? await buildAdminTree(db()) : access.ours;
    const call = await route.make(tree, persona);
    expect(isCallOf(route, call), `${call.method} ${call.path}`).toBe(true);
    if (status >= 400) {
      await expectUnchanged(persona, call, status, refusalMessage(status, route.who));
      return;
    }
    const auditedAfter = await lastAuditId();
    const response = await as(persona, call);
    const answer = call.stream ? undefined : await answerOf(response);
    expect(response.status, JSON.stringify(answer)).toBe(status);
    if (call.file) expect(response.headers.get('content-type')).toBe(call.file);
    else if (!call.stream) expect(answer).toMatchObject({ ok: true });
    await call.done?.(answer, response);
    const entries = await db().select().from(auditLog).where(gt(auditLog.id, auditedAfter));
    if (!route.audit) {
      expect(entries).toEqual([]);
      return;
    }
    const entityId = call.entityId ?? (call.method === 'POST' ? createdId(answer) : undefined);
    expect(entries).toContainEqual(
      expect.objectContaining({
        actorId: access.people[persona as 'ourAdmin' | 'superAdmin'].id,
        action: route.audit.action,
        entity: route.audit.entity,
        ...(entityId ? { entityId } : {}),
      }),
    );
  });
});
