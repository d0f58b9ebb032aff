import type { TAdminRestaurant } from '@campus/shared/domain/admin-forms';
import { type CatalogueFilter, listRestaurants } from '@campus/shared/server/catalogue/queries';
import type { Db } from '@campus/shared/server/db/client';
import { restaurants } from '@campus/shared/server/db/schema';
import { inArray } from 'drizzle-orm';

/**
 * The admin list of restaurants: the storefront's rows (same filter, same order) with each
 * restaurant's contact e-mail, which only admins see; the public catalogue query stays without it.
 */
export async function listAdminRestaurants(
  db: Db,
  filter: CatalogueFilter,
): Promise<TAdminRestaurant[]> {
  const rows = await listRestaurants(db, filter);
  if (rows.length === 0) return [];
  const contacts = await db
    .select({ id: restaurants.id, contactEmail: restaurants.contactEmail })
    .from(restaurants)
    .where(
      inArray(
        restaurants.id,
        rows.map((row) => row.id),
      ),
    );
  const emailOf = new Map(contacts.map((row) => [row.id, row.contactEmail]));
  return rows.map((row) => ({ ...row, contactEmail: emailOf.get(row.id) ?? null }));
}
