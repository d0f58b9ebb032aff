import type { TUserProfile } from '@campus/shared/domain/entities';
import { isRole } from '@campus/shared/domain/roles';
import type { Db } from '@campus/shared/server/db/client';
import { users } from '@campus/shared/server/db/schema';
import { and, eq, type SQL } from 'drizzle-orm';
import { toProfile } from '../auth/auth';

/** The user table's filters; blank ones (and a role that is none) do not filter. */
export type UserFilters = { universityId?: string; campusId?: string; role?: string };

/** Everyone the filters pick, oldest account first. */
export async function listUsers(db: Db, filters: UserFilters): Promise<TUserProfile[]> {
  const where: SQL[] = [];
  if (filters.universityId) where.push(eq(users.universityId, filters.universityId));
  if (filters.campusId) where.push(eq(users.campusId, filters.campusId));
  if (filters.role && isRole(filters.role)) where.push(eq(users.role, filters.role));
  const rows = await db
    .select()
    .from(users)
    .where(and(...where))
    .orderBy(users.createdAt);
  return rows.map(toProfile);
}
