import {
  PLACE_MESSAGES,
  placeProblem,
  type TDeliveryPlace,
  type TDeliveryPlacesRequest,
  type TDeliveryPlacesResponse,
} from '@campus/shared/domain/delivery-places';
import type { TUserProfile } from '@campus/shared/domain/entities';
import type { Db } from '@campus/shared/server/db/client';
import { newId } from '@campus/shared/server/db/ids';
import { preparedRows } from '@campus/shared/server/db/prepared';
import { deliveryPlaces } from '@campus/shared/server/db/schema';
import { and, asc, eq, inArray, notInArray, sql } from 'drizzle-orm';
import { audit } from '../admin/audit';
import type { FoundCampus } from '../admin/campus-lookup';
import { invalidField } from '../http/errors';

const PLACE_FIELDS = {
  id: deliveryPlaces.id,
  name: deliveryPlaces.name,
  code: deliveryPlaces.code,
  note: deliveryPlaces.note,
};

const placesOfCampus = preparedRows('delivery_places_of_campus', PLACE_FIELDS, (db, fields) =>
  db
    .select(fields)
    .from(deliveryPlaces)
    .where(eq(deliveryPlaces.campusId, sql.placeholder('campusId')))
    .orderBy(asc(deliveryPlaces.position)),
);

// In the placement transaction: a place removed meanwhile waits for the order, then unlinks it.
const placesOfOrder = preparedRows(
  'delivery_places_of_order',
  { id: deliveryPlaces.id, name: deliveryPlaces.name },
  (db, fields) =>
    db
      .select(fields)
      .from(deliveryPlaces)
      .where(eq(deliveryPlaces.campusId, sql.placeholder('campusId')))
      .for('key share'),
);

/** A campus's delivery places in the order checkout offers them (decision 026). */
export function campusPlaces(db: Db, campusId: string): Promise<TDeliveryPlace[]> {
  return placesOfCampus(db, { campusId });
}

/**
 * The place an order placed now goes to: one of its campus's places (placeProblem), or none where
 * the campus keeps no list; refused at the field otherwise.
 */
export async function chosenPlace(
  tx: Db,
  campusId: string,
  placeId: string | undefined,
): Promise<{ id: string; name: string } | null> {
  const places = await placesOfOrder(tx, { campusId });
  const problem = placeProblem(placeId || undefined, places);
  if (problem) throw invalidField('placeId', problem);
  return places.find((place) => place.id === placeId) ?? null;
}

export async function getDeliveryPlaces(
  db: Db,
  campus: FoundCampus,
): Promise<TDeliveryPlacesResponse> {
  return { ok: true, places: await campusPlaces(db, campus.campusId) };
}

/**
 * Saves a campus's whole list of places. A kept place keeps its id, so its orders stay linked; a
 * place left out is removed, and its orders keep the name they were placed with. An id that is
 * not one of this campus's places is refused at its row.
 */
export async function saveDeliveryPlaces(
  db: Db,
  actor: TUserProfile,
  campus: FoundCampus,
  request: TDeliveryPlacesRequest,
): Promise<TDeliveryPlacesResponse> {
  const { campusId } = campus;
  await db.transaction(async (tx) => {
    const current = await tx
      .select({ id: deliveryPlaces.id })
      .from(deliveryPlaces)
      .where(eq(deliveryPlaces.campusId, campusId))
      .for('update');
    const known = new Set(current.map((place) => place.id));
    const keptIds: string[] = [];
    for (const [index, place] of request.places.entries()) {
      if (!place.id) continue;
      if (!known.has(place.id)) {
        throw invalidField(`places.${index}.name`, PLACE_MESSAGES.removedMeanwhile);
      }
      keptIds.push(place.id);
    }
    await tx
      .delete(deliveryPlaces)
      .where(
        keptIds.length > 0
          ? and(eq(deliveryPlaces.campusId, campusId), notInArray(deliveryPlaces.id, keptIds))
          : eq(deliveryPlaces.campusId, campusId),
      );
    // Names and codes may swap between kept places: each kept row first takes its own id as
    // name and code (unique), then its new values.
    if (keptIds.length > 0) {
      await tx
        .update(deliveryPlaces)
        .set({ name: deliveryPlaces.id, code: deliveryPlaces.id })
        .where(inArray(deliveryPlaces.id, keptIds));
    }
    for (const [position, place] of request.places.entries()) {
      const values = { name: place.name, code: place.code, note: place.note, position };
      if (place.id) {
        await tx.update(deliveryPlaces).set(values).where(eq(deliveryPlaces.id, place.id));
      } else {
        await tx.insert(deliveryPlaces).values({ id: newId(), campusId, ...values });
      }
    }
    await audit(tx, actor, {
      action: 'update',
      entity: 'delivery-places',
      entityId: campusId,
      details: { places: request.places.length, removed: known.size - keptIds.length },
    });
  });
  return getDeliveryPlaces(db, campus);
}
