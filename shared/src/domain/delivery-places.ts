import { z } from 'zod';
import { isBlank, zIdText, zText } from './form-validation';

// Delivery places (docs/decisions/026-delivery-places.md): the halls, departments and gates a
// campus delivers to, kept by its admins. An order takes one from its campus's list, and keeps
// the place's name as it was, so a later rename or removal never rewrites where it went.

/** The most places a campus keeps: every hall and department of a large campus, with room. */
export const MAX_DELIVERY_PLACES = 100;

export const PLACE_LIMITS = { name: 60, code: 12, note: 200 } as const;

export const PLACE_MESSAGES = {
  choose: 'Please choose where your order is delivered.',
  notOfCampus:
    "This delivery place is not one of your campus's places. Please choose one from the list.",
  nameRequired: 'Please give the place a name.',
  codeRequired: 'Please give the place a short code.',
  codeFormat: 'A short code has only letters, digits and dashes (e.g. IQH or GATE-2).',
  sameName: 'Another place of this campus has this name.',
  sameCode: 'Another place of this campus has this code.',
  removedMeanwhile: 'This place was removed meanwhile. Please reload the list.',
  tooMany: `A campus keeps at most ${MAX_DELIVERY_PLACES} delivery places.`,
} as const;

/** Where a drop list lists orders placed without a place (before places, or imported). */
export const NO_PLACE = 'No place given';

/** A place as the api answers it. */
export const ZDeliveryPlace = z.object({
  id: z.string(),
  name: z.string(),
  code: z.string(),
  note: z.string(),
});
export type TDeliveryPlace = z.infer<typeof ZDeliveryPlace>;

const CODE = /^[A-Z0-9]+(?:-[A-Z0-9]+)*$/;

/** A place as an admin saves it: with the id of the place it was, none for a new one. */
export const ZDeliveryPlaceInput = z.object({
  id: zIdText().optional(),
  name: zText({ max: PLACE_LIMITS.name }).refine(
    (name) => !isBlank(name),
    PLACE_MESSAGES.nameRequired,
  ),
  code: zText({ max: PLACE_LIMITS.code })
    .transform((code) => code.toUpperCase())
    .refine((code) => !isBlank(code), PLACE_MESSAGES.codeRequired)
    .refine((code) => code === '' || CODE.test(code), PLACE_MESSAGES.codeFormat),
  note: zText({ max: PLACE_LIMITS.note }),
});
export type TDeliveryPlaceInput = z.input<typeof ZDeliveryPlaceInput>;

const sameText = (text: string) => text.toLocaleLowerCase('en');

/**
 * PUT /api/admin/delivery-places?universityId&campusId: the campus's whole list, in the order
 * checkout offers it. A place left out is removed; names and codes are each unique in the campus
 * (letter case aside).
 */
export const ZDeliveryPlacesRequest = z
  .object({
    places: z.array(ZDeliveryPlaceInput).max(MAX_DELIVERY_PLACES, PLACE_MESSAGES.tooMany),
  })
  .superRefine(({ places }, ctx) => {
    const names = new Set<string>();
    const codes = new Set<string>();
    for (const [index, place] of places.entries()) {
      if (names.has(sameText(place.name))) {
        ctx.addIssue({
          code: 'custom',
          path: ['places', index, 'name'],
          message: PLACE_MESSAGES.sameName,
        });
      }
      if (codes.has(place.code)) {
        ctx.addIssue({
          code: 'custom',
          path: ['places', index, 'code'],
          message: PLACE_MESSAGES.sameCode,
        });
      }
      names.add(sameText(place.name));
      codes.add(place.code);
    }
  });
export type TDeliveryPlacesRequest = z.output<typeof ZDeliveryPlacesRequest>;

/** GET and PUT /api/admin/delivery-places: the campus's places in checkout's order. */
export const ZDeliveryPlacesResponse = z.object({
  ok: z.literal(true),
  places: z.array(ZDeliveryPlace),
});
export type TDeliveryPlacesResponse = z.infer<typeof ZDeliveryPlacesResponse>;

/**
 * Checkout's rule for the place (client and server alike): a campus with places needs one of
 * them; a campus without any takes none. The message, or null.
 */
export function placeProblem(
  placeId: string | undefined,
  places: readonly { id: string }[],
): string | null {
  if (places.length === 0) return placeId ? PLACE_MESSAGES.notOfCampus : null;
  if (!placeId) return PLACE_MESSAGES.choose;
  return places.some((place) => place.id === placeId) ? null : PLACE_MESSAGES.notOfCampus;
}

/** Where an order goes, as one line: 'Iqbal Hall, Room 214'; the place or the room alone. */
export function deliveryAddress(order: { placeName: string; room: string }): string {
  return [order.placeName, order.room].filter((part) => part.trim() !== '').join(', ');
}
