import type { TAdminRestaurant } from '@campus/shared/domain/admin-forms';
import { type CatalogueFilter, listRestaurants } from '@campus/shared/server/catalogue/queries';
import type { Db } from '@campus/shared/server/db/client';
import { restaurants } from '@campus/shared/server/db/schema';
import { inArray } from 'drizzle-orm';

/**
 * The admin list of restaurants: the storefront's rows (same filter, same order) with each
 * restaurant's contact e-mail and round capacity, which only admins see; the public catalogue
 * query stays without them.
 */
export async function listAdminRestaurants(
  db: Db,
  filter: CatalogueFilter,
): Promise<TAdminRestaurant[]> {
  const rows = await listRestaurants(db, filter);
  if (rows.length === 0) return [];
  const contacts = await db
    .select({
      id: restaurants.id,
      contactEmail: restaurants.contactEmail,
      roundCapacity: restaurants.roundCapacity,
    })
    .from(restaurants)
    .where(
      inArray(
        restaurants.id,
        rows.map((row) => row.id),
      ),
    );
  const adminOnly = new Map(contacts.map(({ id, ...columns }) => [id, columns]));
  return rows.map((row) => ({
    ...row,
    contactEmail: adminOnly.get(row.id)?.contactEmail ?? null,
    roundCapacity: adminOnly.get(row.id)?.roundCapacity ?? null,
  }));
}
