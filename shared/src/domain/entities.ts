// zod/mini: the web's lazy chunks (forms, checkout, admin) parse with these, and the api's forms
// compose them with full zod. The first paint reads browser storage through stored-shapes.ts,
// without zod.
import * as z from 'zod/mini';
import { DEFAULT_IS_24X7 } from './restaurant-hours';
import { ROLES } from './roles';
import { isIdText, TEXT_LIMITS, TEXT_MESSAGES, textProblem } from './text';
import { normaliseTime12h, optionalTime12h, parseTime12h, TIME_MESSAGES } from './time-of-day';

/** A role value. */
const ZRole = z.enum(ROLES);

/** A required time like '10:00 AM'; surrounding space is ignored and the output is canonical. */
export const ZTime12h = z.pipe(
  z.string().check(
    z.trim(),
    z.refine((text) => parseTime12h(text) !== null, TIME_MESSAGES.invalidTime),
  ),
  z.transform((text: string) => normaliseTime12h(text) ?? text),
);

/** A time that may be missing: absent, null and blank become null; anything else must be valid. */
export const ZOptionalTime12h = z.pipe(
  z
    .pipe(
      z.nullish(z.string()),
      z.transform((text: string | null | undefined) => text ?? ''),
    )
    .check(z.refine((text) => optionalTime12h(text) !== undefined, TIME_MESSAGES.invalidTime)),
  z.transform((text: string) => optionalTime12h(text) ?? null),
);

// Entities as the api returns them (docs/product.md §3). Amounts on entities are integer paisa;
// only cart lines carry rupees, because the spec fixes their shape.

const zId = () => z.string().check(z.minLength(1));
const zPaisa = () => z.int().check(z.nonnegative());
// What a browser sends back: ids of the server's format, names under the shared text rule.
const zSentId = () => z.string().check(z.refine(isIdText, TEXT_MESSAGES.invalidId));
const zSentName = () =>
  z.string().check(
    z.minLength(1),
    z.refine(
      (name) => textProblem(name, { max: TEXT_LIMITS.name }) === null,
      TEXT_MESSAGES.forbiddenCharacters,
    ),
  );

/** A university. */
export const ZUniversity = z.object({ id: zId(), name: z.string() });
export type TUniversity = z.infer<typeof ZUniversity>;

/** A campus of a university. */
export const ZCampus = z.object({
  id: zId(),
  universityId: zId(),
  name: z.string(),
  location: z.nullish(z.string()),
});
export type TCampus = z.infer<typeof ZCampus>;

/** A restaurant of a campus; times are '10:00 AM' or null. */
export const ZRestaurant = z.object({
  id: zId(),
  universityId: zId(),
  campusId: zId(),
  name: z.string(),
  location: z.string(),
  cuisine: z.string(),
  openTime: ZOptionalTime12h,
  closeTime: ZOptionalTime12h,
  is24x7: z._default(z.boolean(), DEFAULT_IS_24X7),
});
export type TRestaurant = z.infer<typeof ZRestaurant>;

/** A menu item of a restaurant; price in integer paisa. */
export const ZMenuItem = z.object({
  id: zId(),
  restaurantId: zId(),
  name: z.string(),
  price: zPaisa(),
  description: z.string(),
  photoURL: z.nullish(z.string()),
});
export type TMenuItem = z.infer<typeof ZMenuItem>;

/** A mart item of a campus; price in integer paisa; stock 0 or less is out of stock. */
export const ZMartItem = z.object({
  id: zId(),
  universityId: zId(),
  campusId: zId(),
  name: z.string(),
  price: zPaisa(),
  description: z.string(),
  category: z.string(),
  stock: z.int(),
  photoURL: z.nullish(z.string()),
});
export type TMartItem = z.infer<typeof ZMartItem>;

/** An e-mail domain allowed for a campus, stored with a leading @. */
export const ZAllowedDomain = z.object({
  id: zId(),
  name: z.string(),
  domain: z.string().check(z.startsWith('@')),
  universityId: zId(),
  campusId: zId(),
});
export type TAllowedDomain = z.infer<typeof ZAllowedDomain>;

/** A user's profile; a super admin may have no university or campus. */
export const ZUserProfile = z.object({
  uid: zId(),
  email: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  universityId: z.nullable(z.string()),
  campusId: z.nullable(z.string()),
  universityName: z.nullable(z.string()),
  campusName: z.nullable(z.string()),
  role: ZRole,
  createdAt: z.iso.datetime({ offset: true }),
  emailVerified: z.boolean(),
});
export type TUserProfile = z.infer<typeof ZUserProfile>;

/** A tab of the orders spreadsheet. */
export const ZSheetTab = z.object({
  name: z.string(),
  sheetId: z.union([z.int(), z.string()]),
});
export type TSheetTab = z.infer<typeof ZSheetTab>;

/** The hours a restaurant cart line carries so the cart can tell open from closed. */
export const ZRestaurantData = z.object({
  openTime: ZOptionalTime12h,
  closeTime: ZOptionalTime12h,
  is24x7: z.boolean(),
});
export type TRestaurantData = z.infer<typeof ZRestaurantData>;

/**
 * A cart line (browser storage key cartItems). Identity is name + restaurantName. `price` is in
 * rupees as the spec's cart shape has it; itemId and restaurantId (null for mart) let the server
 * re-derive prices; `stock` is the mart stock the client knew, for the quantity cap.
 */
export const ZCartLine = z.object({
  name: zSentName(),
  price: z.number().check(z.nonnegative()),
  quantity: z.int().check(z.minimum(1)),
  restaurantName: zSentName(),
  campusId: zSentId(),
  restaurantData: z.optional(ZRestaurantData),
  itemId: zSentId(),
  restaurantId: z.nullable(zSentId()),
  stock: z.optional(z.int()),
});
export type TCartLine = z.infer<typeof ZCartLine>;
