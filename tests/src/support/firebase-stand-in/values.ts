import { invalidArgument } from './errors';

// Firestore's typed values as its REST API carries them (proto3 JSON), in both directions: the
// test's plain values turned into them, and the SDK's writes checked as Firestore checks them.

type FirestoreValue =
  | { stringValue: string }
  | { integerValue: string }
  | { doubleValue: number | string }
  | { booleanValue: boolean }
  | { nullValue: 'NULL_VALUE' }
  | { timestampValue: string }
  | { referenceValue: string }
  | { arrayValue: { values?: FirestoreValue[] } }
  | { mapValue: { fields?: FirestoreFields } };

export type FirestoreFields = Record<string, FirestoreValue>;

/** The typed fields of a document given as plain values (see FirebaseStandIn.setDocument). */
export function toFields(data: Record<string, unknown>): FirestoreFields {
  return Object.fromEntries(Object.entries(data).map(([key, value]) => [key, toValue(value)]));
}

function toValue(value: unknown, inArray = false): FirestoreValue {
  if (typeof value === 'string') return { stringValue: value };
  if (typeof value === 'number') {
    return Number.isInteger(value) ? { integerValue: String(value) } : { doubleValue: value };
  }
  if (typeof value === 'boolean') return { booleanValue: value };
  if (value === null) return { nullValue: 'NULL_VALUE' };
  if (value instanceof Date) return { timestampValue: value.toISOString() };
  if (Array.isArray(value)) {
    // Firestore refuses an array directly inside an array; a seed with one is a test's mistake.
    if (inArray) throw new TypeError('Firestore has no arrays directly inside arrays');
    return { arrayValue: { values: value.map((item) => toValue(item, true)) } };
  }
  if (isPlainObject(value)) return { mapValue: { fields: toFields(value) } };
  throw new TypeError(`no Firestore value for ${String(value)}`);
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  if (typeof value !== 'object' || value === null) return false;
  const prototype = Object.getPrototypeOf(value);
  return prototype === Object.prototype || prototype === null;
}

export function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

const TIMESTAMP = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d{1,9})?(Z|[+-]\d{2}:\d{2})$/;
const INTEGER = /^-?\d{1,19}$/;
const SPECIAL_DOUBLES = new Set(['NaN', 'Infinity', '-Infinity']);

/**
 * The fields of a document the SDK sent, checked value by value; `at` names the place in the
 * request for the error message, and `isDocumentName` tells whether a reference is one of this
 * database's documents (Firestore refuses references elsewhere).
 */
export function checkFields(
  fields: unknown,
  at: string,
  isDocumentName: (name: string) => boolean,
): FirestoreFields {
  if (fields === undefined) return {};
  if (!isObject(fields)) throw invalidArgument(`Invalid value at '${at}': expected a map`);
  return Object.fromEntries(
    Object.entries(fields).map(([key, value]) => [
      key,
      checkValue(value, `${at}[${key}]`, isDocumentName, false),
    ]),
  );
}

function checkValue(
  value: unknown,
  at: string,
  isDocumentName: (name: string) => boolean,
  inArray: boolean,
): FirestoreValue {
  const bad = (why: string) => invalidArgument(`Invalid value at '${at}': ${why}`);
  if (!isObject(value) || Object.keys(value).length !== 1) {
    throw bad('a value must have exactly one kind');
  }
  const [kind, inner] = Object.entries(value)[0] as [string, unknown];
  switch (kind) {
    case 'stringValue':
      if (typeof inner === 'string') return { stringValue: inner };
      break;
    case 'integerValue':
      if (typeof inner === 'string' && INTEGER.test(inner)) return { integerValue: inner };
      if (Number.isSafeInteger(inner)) return { integerValue: String(inner) };
      break;
    case 'doubleValue':
      if (typeof inner === 'number' || SPECIAL_DOUBLES.has(inner as string)) {
        return { doubleValue: inner as number | string };
      }
      break;
    case 'booleanValue':
      if (typeof inner === 'boolean') return { booleanValue: inner };
      break;
    case 'nullValue':
      if (inner === 'NULL_VALUE' || inner === null) return { nullValue: 'NULL_VALUE' };
      break;
    case 'timestampValue':
      if (typeof inner === 'string' && TIMESTAMP.test(inner)) return { timestampValue: inner };
      break;
    case 'referenceValue':
      if (typeof inner === 'string' && isDocumentName(inner)) return { referenceValue: inner };
      throw bad(`${String(inner)} is not a document of this database`);
    case 'arrayValue': {
      if (inArray) throw invalidArgument('Cannot have an array value in an array value.');
      const values = isObject(inner) ? (inner.values ?? []) : undefined;
      if (!Array.isArray(values)) break;
      return {
        arrayValue: {
          values: values.map((item, i) => checkValue(item, `${at}[${i}]`, isDocumentName, true)),
        },
      };
    }
    case 'mapValue':
      if (!isObject(inner)) break;
      return { mapValue: { fields: checkFields(inner.fields, `${at}.fields`, isDocumentName) } };
    default:
      // bytesValue, geoPointValue and anything newer: not needed by the importer's tests.
      throw bad(`the stand-in does not take ${kind}`);
  }
  throw bad(`malformed ${kind}: ${JSON.stringify(inner)}`);
}
