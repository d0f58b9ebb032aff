import { z } from 'zod';
import { DOMAIN_MESSAGES, isValidDomain, normaliseDomain } from './allowed-domains';
import { AUTH_MESSAGES, isEmailAddress, normaliseEmail } from './auth-forms';
import { MART_RESTAURANT_NAME } from './cart';
import type { TRestaurant } from './entities';
import {
  type FieldError,
  fieldError,
  isBlank,
  withValidator,
  zIdText,
  zRawText,
  zText,
} from './form-validation';
import { MAX_PASSWORD_LENGTH, MIN_PASSWORD_LENGTH } from './limits';
import { MAX_PRICE_PAISA, MONEY_MESSAGES, parseRupees } from './money';
import { DEFAULT_IS_24X7 } from './restaurant-hours';
import { isRole, ROLES, type TRole } from './roles';
import { TEXT_LIMITS } from './text';
import { normaliseTime12h, parseTime12h } from './time-of-day';

/** The most stock a mart item may have. */
export const MAX_STOCK = 1_000_000;

/** The most orders one round may take from a restaurant. */
export const MAX_ROUND_CAPACITY = 500;

/**
 * Messages of the admin forms; the four selection messages are the spec's (docs/product.md §5
 * Admin).
 */
export const ADMIN_FORM_MESSAGES = {
  selectUniversity: 'Please select a university',
  selectUniversityAndCampus: 'Please select university and campus',
  selectUniversityCampusAndRestaurant: 'Please select university, campus, and restaurant',
  selectAUniversityAndCampus: 'Please select a university and campus',
  selectRestaurantFirst: 'Select a restaurant first!',
  universityNameRequired: 'Please enter a university name.',
  campusNameRequired: 'Please enter a campus name.',
  restaurantNameRequired: 'Please enter a restaurant name.',
  restaurantNameReserved: `A restaurant cannot be named ${MART_RESTAURANT_NAME}; that name is kept for mart items.`,
  locationRequired: 'Please enter a location.',
  cuisineRequired: 'Please enter a cuisine.',
  openTimeInvalid: 'Opening time must look like 10:00 AM.',
  closeTimeInvalid: 'Closing time must look like 10:00 PM.',
  contactEmailInvalid: 'Please enter a valid contact e-mail.',
  roundCapacityInvalid: `Orders per round must be a whole number from 1 to ${MAX_ROUND_CAPACITY}, or empty for no limit.`,
  itemNameRequired: 'Please enter an item name.',
  priceRequired: 'Please enter a price.',
  priceInvalid: MONEY_MESSAGES.invalidPrice,
  priceTooHigh: MONEY_MESSAGES.priceTooHigh,
  categoryRequired: 'Please enter a category.',
  stockRequired: 'Please enter the stock.',
  stockInvalid: `Stock must be a whole number from 0 to ${MAX_STOCK.toLocaleString('en-US')}.`,
  domainNameRequired: 'Please enter a name for this domain.',
  domainRequired: 'Please enter a domain.',
  domainInvalid: DOMAIN_MESSAGES.invalidDomain,
  roleInvalid: 'Role must be user, campusAdmin or superAdmin.',
  payToIncomplete:
    'Fill in the account title, bank and account number, or leave all three empty to use the default account.',
  cannotDeleteSelf: 'You cannot delete your own account.',
  cannotChangeOwnRole: 'You cannot change your own role.',
} as const;

const M = ADMIN_FORM_MESSAGES;

/** Whether an admin form edits an existing record (an id is set) or adds a new one. */
export function formMode(values: { id?: string | null }): 'add' | 'edit' {
  return isBlank(values.id) ? 'add' : 'edit';
}

/**
 * Parses a stock count typed by an admin ('12', 12), or null when not a whole number 0..MAX_STOCK.
 */
export function parseStock(input: string | number): number | null {
  const text = typeof input === 'number' ? String(input) : input.trim();
  if (!/^\d+$/.test(text)) return null;
  const stock = Number(text);
  return stock <= MAX_STOCK ? stock : null;
}

const zId = () => zIdText();
const zShort = () => zText({ max: TEXT_LIMITS.short });
const zDescription = () => zText({ max: TEXT_LIMITS.instructions, multiline: true });
/** A photo address as the item forms take it. */
export const zUrl = () => zText({ max: TEXT_LIMITS.url });
// Amounts as typed (the text rule applies) or as numbers.
const zAmount = () => z.union([z.number(), zText({ max: TEXT_LIMITS.short })]);

function priceFailure(price: string | number | null | undefined): FieldError | null {
  if (price === null || price === undefined || isBlank(String(price))) {
    return fieldError('price', M.priceRequired);
  }
  const paisa = parseRupees(price);
  if (paisa === null) return fieldError('price', M.priceInvalid);
  return paisa > MAX_PRICE_PAISA ? fieldError('price', M.priceTooHigh) : null;
}

function firstBlank<T extends Record<string, unknown>>(
  values: T,
  fields: readonly (keyof T & string)[],
): string | undefined {
  return fields.find((field) => isBlank(values[field]));
}

// ---- University ---------------------------------------------------------------------------

const universityShape = z.object({ id: zId(), name: zText() });
export type TUniversityFormValues = z.input<typeof universityShape>;

/** University form rules. */
export function validateUniversityForm(values: TUniversityFormValues): FieldError | null {
  return isBlank(values.name) ? fieldError('name', M.universityNameRequired) : null;
}

/** The university form (add or edit). */
export const ZUniversityForm = withValidator(universityShape, validateUniversityForm);
export type TUniversityForm = z.output<typeof ZUniversityForm>;

// ---- Campus -------------------------------------------------------------------------------

const campusShape = z.object({
  id: zId(),
  universityId: zIdText(),
  name: zText(),
  location: zShort(),
  // The pay-to account students see at checkout (docs/architecture.md §7): all three, or none for
  // the default.
  payToAccountTitle: zText(),
  payToBankName: zText(),
  payToAccountNumber: zText(),
});
export type TCampusFormValues = z.input<typeof campusShape>;

const PAY_TO_FIELDS = ['payToAccountTitle', 'payToBankName', 'payToAccountNumber'] as const;

/**
 * Campus form rules: university, then name; location is optional; the pay-to account all or none.
 */
export function validateCampusForm(values: TCampusFormValues): FieldError | null {
  if (isBlank(values.universityId)) return fieldError('universityId', M.selectUniversity);
  if (isBlank(values.name)) return fieldError('name', M.campusNameRequired);
  const missing = firstBlank(values, [...PAY_TO_FIELDS]);
  const given = PAY_TO_FIELDS.some((field) => !isBlank(values[field]));
  return missing && given ? fieldError(missing, M.payToIncomplete) : null;
}

/** The campus form (add or edit). */
export const ZCampusForm = withValidator(campusShape, validateCampusForm);
export type TCampusForm = z.output<typeof ZCampusForm>;

// ---- Restaurant ---------------------------------------------------------------------------

const restaurantShape = z.object({
  id: zId(),
  universityId: zIdText(),
  campusId: zIdText(),
  name: zText(),
  location: zShort(),
  cuisine: zShort(),
  openTime: zShort(),
  closeTime: zShort(),
  is24x7: z
    .boolean()
    .nullish()
    .transform((value) => value ?? DEFAULT_IS_24X7),
  // Where a closed batch's pick list is mailed; optional.
  contactEmail: zText({ max: TEXT_LIMITS.email }),
  // The most orders a delivery round takes from it (decision 026); empty: no limit.
  roundCapacity: zShort(),
});
export type TRestaurantFormValues = z.input<typeof restaurantShape>;

/**
 * Restaurant form rules: university and campus, name (not 'Mart', which would merge its cart
 * lines with mart items), location, cuisine, then the times, which may be left empty (the
 * restaurant then counts as always open) but must otherwise look like '10:00 AM'.
 */
export function validateRestaurantForm(values: TRestaurantFormValues): FieldError | null {
  const selection = firstBlank(values, ['universityId', 'campusId']);
  if (selection) return fieldError(selection, M.selectUniversityAndCampus);
  if (isBlank(values.name)) return fieldError('name', M.restaurantNameRequired);
  if (values.name?.trim() === MART_RESTAURANT_NAME) {
    return fieldError('name', M.restaurantNameReserved);
  }
  if (isBlank(values.location)) return fieldError('location', M.locationRequired);
  if (isBlank(values.cuisine)) return fieldError('cuisine', M.cuisineRequired);
  const open = values.openTime?.trim() ?? '';
  if (open !== '' && parseTime12h(open) === null) return fieldError('openTime', M.openTimeInvalid);
  const close = values.closeTime?.trim() ?? '';
  if (close !== '' && parseTime12h(close) === null) {
    return fieldError('closeTime', M.closeTimeInvalid);
  }
  const email = values.contactEmail?.trim() ?? '';
  if (email !== '' && !isEmailAddress(email)) {
    return fieldError('contactEmail', M.contactEmailInvalid);
  }
  const capacity = values.roundCapacity?.trim() ?? '';
  if (capacity !== '' && roundCapacityOf(capacity) === null) {
    return fieldError('roundCapacity', M.roundCapacityInvalid);
  }
  return null;
}

/** A round capacity as typed ('25'), or null when it is not a whole number in range. */
function roundCapacityOf(text: string): number | null {
  if (!/^\d{1,3}$/.test(text)) return null;
  const value = Number(text);
  return value >= 1 && value <= MAX_ROUND_CAPACITY ? value : null;
}

/**
 * The restaurant form (add or edit); times come out canonical ('9:00 PM') or null, the contact
 * e-mail in lower case or null, the round capacity a number or null.
 */
export const ZRestaurantForm = withValidator(restaurantShape, validateRestaurantForm).transform(
  (values) => ({
    ...values,
    openTime: normaliseTime12h(values.openTime),
    closeTime: normaliseTime12h(values.closeTime),
    contactEmail: values.contactEmail === '' ? null : normaliseEmail(values.contactEmail),
    roundCapacity: values.roundCapacity === '' ? null : roundCapacityOf(values.roundCapacity),
  }),
);
export type TRestaurantForm = z.output<typeof ZRestaurantForm>;

/**
 * A restaurant as the admin lists and writes answer it: with the contact e-mail that gets its
 * pick lists (null: none). The storefront's answers never carry it.
 */
export type TAdminRestaurant = TRestaurant & {
  contactEmail: string | null;
  /** The most orders of one round from it; null: no limit. */
  roundCapacity: number | null;
};

/** GET /api/admin/restaurants. */
export type TAdminRestaurantsResponse = { ok: true; restaurants: TAdminRestaurant[] };

/** POST and PATCH /api/admin/restaurants. */
export type TAdminRestaurantResponse = { ok: true; restaurant: TAdminRestaurant };

// ---- Menu item ----------------------------------------------------------------------------

const menuItemShape = z.object({
  id: zId(),
  universityId: zIdText(),
  campusId: zIdText(),
  restaurantId: zIdText(),
  name: zText(),
  price: zAmount(),
  description: zDescription(),
  photoURL: zUrl(),
});
export type TMenuItemFormValues = z.input<typeof menuItemShape>;

/** Who fills the menu item form: the campus admin picks only the restaurant. */
export type MenuItemFormActor = Extract<TRole, 'superAdmin' | 'campusAdmin'>;

/**
 * Menu item form rules: the selections ('Select a restaurant first!' for a campus admin without a
 * restaurant), then name and price; description and photo are optional.
 */
export function validateMenuItemForm(
  values: TMenuItemFormValues,
  actor: MenuItemFormActor,
): FieldError | null {
  if (actor === 'campusAdmin' && isBlank(values.restaurantId)) {
    return fieldError('restaurantId', M.selectRestaurantFirst);
  }
  const selection = firstBlank(values, ['universityId', 'campusId', 'restaurantId']);
  if (selection) return fieldError(selection, M.selectUniversityCampusAndRestaurant);
  if (isBlank(values.name)) return fieldError('name', M.itemNameRequired);
  return priceFailure(values.price);
}

/**
 * The menu item form (add or edit) of a super admin or a campus admin; price comes out in paisa.
 */
export function createMenuItemSchema(actor: MenuItemFormActor) {
  return withValidator(menuItemShape, (values) => validateMenuItemForm(values, actor)).transform(
    (values) => ({ ...values, price: parseRupees(values.price) ?? 0 }),
  );
}
export type TMenuItemForm = z.output<ReturnType<typeof createMenuItemSchema>>;

// ---- Mart item ----------------------------------------------------------------------------

const martItemShape = z.object({
  id: zId(),
  universityId: zIdText(),
  campusId: zIdText(),
  name: zText(),
  price: zAmount(),
  description: zDescription(),
  category: zShort(),
  stock: zAmount(),
  /** The stock shown when editing began: unchanged stock is left to the orders that move it. */
  stockWas: zAmount(),
  photoURL: zUrl(),
});
export type TMartItemFormValues = z.input<typeof martItemShape>;

/** Mart item form rules: university and campus, name, price, category, stock. */
export function validateMartItemForm(values: TMartItemFormValues): FieldError | null {
  const selection = firstBlank(values, ['universityId', 'campusId']);
  if (selection) return fieldError(selection, M.selectUniversityAndCampus);
  if (isBlank(values.name)) return fieldError('name', M.itemNameRequired);
  const price = priceFailure(values.price);
  if (price) return price;
  if (isBlank(values.category)) return fieldError('category', M.categoryRequired);
  const stock = values.stock;
  if (stock === null || stock === undefined || isBlank(String(stock))) {
    return fieldError('stock', M.stockRequired);
  }
  return parseStock(stock) === null ? fieldError('stock', M.stockInvalid) : null;
}

/** The mart item form (add or edit); price comes out in paisa and stock as an integer. */
export const ZMartItemForm = withValidator(martItemShape, validateMartItemForm).transform(
  (values) => ({
    ...values,
    price: parseRupees(values.price) ?? 0,
    stock: parseStock(values.stock) ?? 0,
    stockWas: parseStock(values.stockWas),
  }),
);
export type TMartItemForm = z.output<typeof ZMartItemForm>;

// ---- Allowed domain -----------------------------------------------------------------------

const domainShape = z.object({
  id: zId(),
  universityId: zIdText(),
  campusId: zIdText(),
  name: zText(),
  domain: zShort(),
});
export type TDomainFormValues = z.input<typeof domainShape>;

/** Allowed domain form rules: university and campus, name, then a domain like '@uni.edu.pk'. */
export function validateDomainForm(values: TDomainFormValues): FieldError | null {
  const selection = firstBlank(values, ['universityId', 'campusId']);
  if (selection) return fieldError(selection, M.selectAUniversityAndCampus);
  if (isBlank(values.name)) return fieldError('name', M.domainNameRequired);
  if (isBlank(values.domain)) return fieldError('domain', M.domainRequired);
  return isValidDomain(values.domain ?? '') ? null : fieldError('domain', M.domainInvalid);
}

/** The allowed domain form (add or edit); the domain comes out lower case with a leading @. */
export const ZDomainForm = withValidator(domainShape, validateDomainForm).transform((values) => ({
  ...values,
  domain: normaliseDomain(values.domain),
}));
export type TDomainForm = z.output<typeof ZDomainForm>;

// ---- User creation and role change --------------------------------------------------------

const createUserShape = z.object({
  firstName: zText(),
  lastName: zText(),
  email: zText({ max: TEXT_LIMITS.email }).transform(normaliseEmail),
  password: zRawText(),
  role: z
    .string()
    .nullish()
    .transform((role) => role || 'campusAdmin'),
  universityId: zIdText(),
  campusId: zIdText(),
});
export type TCreateUserFormValues = z.input<typeof createUserShape>;

/**
 * Admin user creation rules, in form order: first name, last name, email, password (at least 6
 * characters), role (campusAdmin when not given), then university and campus.
 */
export function validateCreateUserForm(values: TCreateUserFormValues): FieldError | null {
  if (isBlank(values.firstName)) return fieldError('firstName', AUTH_MESSAGES.firstNameRequired);
  if (isBlank(values.lastName)) return fieldError('lastName', AUTH_MESSAGES.lastNameRequired);
  if (isBlank(values.email)) return fieldError('email', AUTH_MESSAGES.emailRequired);
  if (!isEmailAddress(values.email ?? '')) return fieldError('email', AUTH_MESSAGES.emailInvalid);
  const password = values.password ?? '';
  if (password === '') return fieldError('password', AUTH_MESSAGES.passwordRequired);
  if (password.length < MIN_PASSWORD_LENGTH) {
    return fieldError('password', AUTH_MESSAGES.passwordTooShort);
  }
  if (password.length > MAX_PASSWORD_LENGTH) {
    return fieldError('password', AUTH_MESSAGES.passwordTooLong);
  }
  if (!isRole(values.role || 'campusAdmin')) return fieldError('role', M.roleInvalid);
  const selection = firstBlank(values, ['universityId', 'campusId']);
  return selection ? fieldError(selection, M.selectAUniversityAndCampus) : null;
}

/** The super admin's new-user form; role defaults to campusAdmin. */
export const ZCreateUserForm = withValidator(createUserShape, validateCreateUserForm).transform(
  (values) => ({ ...values, role: values.role as TRole }),
);
export type TCreateUserForm = z.output<typeof ZCreateUserForm>;

/** The role selector of the user table. */
export const ZRoleChange = z.object({ role: z.enum(ROLES, { error: M.roleInvalid }) });
export type TRoleChange = z.infer<typeof ZRoleChange>;
