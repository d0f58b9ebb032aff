import type { TOverviewResponse } from '@campus/shared/domain/admin-api';
import { ROLES } from '@campus/shared/domain/roles';
import type { Db } from '@campus/shared/server/db/client';
import {
  campuses,
  martItems,
  menuItems,
  restaurants,
  universities,
  users,
} from '@campus/shared/server/db/schema';
import { count } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';

async function rowsIn(db: Db, table: PgTable): Promise<number> {
  const [row] = await db.select({ n: count() }).from(table);
  return row?.n ?? 0;
}

/** System Overview (docs/product.md §2): how much of everything there is, and people by role. */
export async function getOverview(db: Db): Promise<Omit<TOverviewResponse, 'ok'>> {
  const byRole = await db.select({ role: users.role, n: count() }).from(users).groupBy(users.role);
  const usersByRole = Object.fromEntries(
    ROLES.map((role) => [role, byRole.find((row) => row.role === role)?.n ?? 0]),
  ) as TOverviewResponse['usersByRole'];
  return {
    counts: {
      universities: await rowsIn(db, universities),
      campuses: await rowsIn(db, campuses),
      restaurants: await rowsIn(db, restaurants),
      menuItems: await rowsIn(db, menuItems),
      martItems: await rowsIn(db, martItems),
      users: ROLES.reduce((sum, role) => sum + usersByRole[role], 0),
    },
    usersByRole,
  };
}
