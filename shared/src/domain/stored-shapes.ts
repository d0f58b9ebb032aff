// What the web reads back from browser storage on first paint (the campus selection, the cart),
// checked without zod: zod's core is 17 KB gzip, more than the storefront's own code, and the
// first paint has no other use for it. Each reader accepts exactly what the entity's schema
// accepts and answers what its parse answers (stored-shapes.test.ts holds them to that); the
// rules themselves (text, ids, times) are the plain functions the schemas call too.
import type { TCampus, TCartLine, TRestaurantData, TUniversity } from './entities';
import { isIdText, TEXT_LIMITS, textProblem } from './text';
import { optionalTime12h } from './time-of-day';

type Fields = Record<string, unknown>;

function fieldsOf(value: unknown): Fields | null {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
    ? (value as Fields)
    : null;
}

const isString = (value: unknown): value is string => typeof value === 'string';
const isInt = (value: unknown): value is number => Number.isSafeInteger(value);
const isId = (value: unknown): value is string => isString(value) && value.length > 0;
const isSentId = (value: unknown): value is string => isString(value) && isIdText(value);
const isSentName = (value: unknown): value is string =>
  isString(value) && value.length > 0 && textProblem(value, { max: TEXT_LIMITS.name }) === null;

/** A stored time as ZOptionalTime12h reads it: the canonical time, null, or undefined if bad. */
function optionalTime(value: unknown): string | null | undefined {
  if (value !== null && value !== undefined && !isString(value)) return undefined;
  return optionalTime12h(value ?? '');
}

/** A stored university as ZUniversity parses it, or null. */
export function readStoredUniversity(value: unknown): TUniversity | null {
  const fields = fieldsOf(value);
  if (!fields || !isId(fields.id) || !isString(fields.name)) return null;
  return { id: fields.id, name: fields.name };
}

/** A stored campus as ZCampus parses it, or null. */
export function readStoredCampus(value: unknown): TCampus | null {
  const fields = fieldsOf(value);
  if (!fields || !isId(fields.id) || !isId(fields.universityId) || !isString(fields.name)) {
    return null;
  }
  const { location } = fields;
  if (location !== undefined && location !== null && !isString(location)) return null;
  const campus: TCampus = { id: fields.id, universityId: fields.universityId, name: fields.name };
  if ('location' in fields) campus.location = location;
  return campus;
}

function readRestaurantData(value: unknown): TRestaurantData | null {
  const fields = fieldsOf(value);
  if (!fields || typeof fields.is24x7 !== 'boolean') return null;
  const openTime = optionalTime(fields.openTime);
  const closeTime = optionalTime(fields.closeTime);
  if (openTime === undefined || closeTime === undefined) return null;
  return { openTime, closeTime, is24x7: fields.is24x7 };
}

/** A stored cart line as ZCartLine parses it (unknown keys dropped, times canonical), or null. */
export function readStoredCartLine(value: unknown): TCartLine | null {
  const fields = fieldsOf(value);
  if (!fields) return null;
  const { name, price, quantity, restaurantName, campusId, itemId, restaurantId, stock } = fields;
  if (
    !isSentName(name) ||
    typeof price !== 'number' ||
    !Number.isFinite(price) ||
    price < 0 ||
    !isInt(quantity) ||
    quantity < 1 ||
    !isSentName(restaurantName) ||
    !isSentId(campusId) ||
    !isSentId(itemId) ||
    (restaurantId !== null && !isSentId(restaurantId)) ||
    (stock !== undefined && !isInt(stock))
  ) {
    return null;
  }
  const line: TCartLine = { name, price, quantity, restaurantName, campusId, itemId, restaurantId };
  if (fields.restaurantData !== undefined) {
    const restaurantData = readRestaurantData(fields.restaurantData);
    if (!restaurantData) return null;
    line.restaurantData = restaurantData;
  }
  if (stock !== undefined) line.stock = stock;
  return line;
}
