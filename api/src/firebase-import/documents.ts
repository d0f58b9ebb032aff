import {
  createMenuItemSchema,
  ZCampusForm,
  ZDomainForm,
  ZMartItemForm,
  ZRestaurantForm,
  ZUniversityForm,
} from '@campus/shared/domain/admin-forms';
import { isEmailAddress, normaliseEmail } from '@campus/shared/domain/auth-forms';
import { zText } from '@campus/shared/domain/form-validation';
import { isRole, ROLES, type TRole } from '@campus/shared/domain/roles';
import { z } from 'zod';
import type { SourceDocument } from './source';

// A Firestore document of the old deployment (docs/product.md §3) as the values of our admin forms,
// checked by the forms' own rules: what an admin could not save here is not imported either. Only
// the fields where the old data is known to differ are converted first: texts for numbers, a stock
// below zero, a domain without '@' (the form adds it), a missing is24x7 (the form's default).

/** A document's values, or why it cannot be imported; `notes` say what was changed on the way. */
export type Converted<T> = { ok: true; values: T; notes: string[] } | { ok: false; reason: string };

function text(value: unknown): string {
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  return '';
}

function checked<S extends z.ZodType>(
  schema: S,
  input: unknown,
  notes: string[] = [],
): Converted<z.output<S>> {
  const result = schema.safeParse(input);
  if (result.success) return { ok: true, values: result.data, notes };
  const [issue] = result.error.issues;
  return { ok: false, reason: `${issue?.path.join('.') || 'document'}: ${issue?.message}` };
}

/** The ids of our rows a document's values point at (its university, campus, restaurant). */
type Parents = { universityId: string; campusId?: string; restaurantId?: string };

export function universityOf(source: SourceDocument) {
  return checked(ZUniversityForm, { name: text(source.data.name) });
}

export function campusOf(source: SourceDocument, parents: Parents) {
  return checked(ZCampusForm, {
    universityId: parents.universityId,
    name: text(source.data.name),
    location: text(source.data.location),
  });
}

export function restaurantOf(source: SourceDocument, parents: Parents) {
  const { data } = source;
  return checked(ZRestaurantForm, {
    ...parents,
    name: text(data.name),
    location: text(data.location),
    cuisine: text(data.cuisine),
    openTime: text(data.openTime),
    closeTime: text(data.closeTime),
    is24x7: typeof data.is24x7 === 'boolean' ? data.is24x7 : null,
  });
}

const menuItemSchema = createMenuItemSchema('superAdmin');

export function menuItemOf(source: SourceDocument, parents: Parents) {
  const { data } = source;
  return checked(menuItemSchema, {
    ...parents,
    name: text(data.name),
    price: text(data.price),
    description: text(data.description),
  });
}

export function martItemOf(source: SourceDocument, parents: Parents) {
  const { data } = source;
  const notes: string[] = [];
  let stock = text(data.stock).trim();
  // The old storefront showed stock 0 or less as out of stock; here it is never below zero.
  if (/^-\d+$/.test(stock)) {
    notes.push(`stock ${stock} imported as 0 (out of stock)`);
    stock = '0';
  }
  return checked(
    ZMartItemForm,
    {
      ...parents,
      name: text(data.name),
      price: text(data.price),
      description: text(data.description),
      category: text(data.category),
      stock,
    },
    notes,
  );
}

export function domainOf(source: SourceDocument, parents: Parents) {
  return checked(ZDomainForm, {
    ...parents,
    name: text(source.data.name),
    domain: text(source.data.domain),
  });
}

/** The Firestore ids a document names its university and campus by. */
export function sourceCampusOf(source: SourceDocument): { university: string; campus: string } {
  return { university: text(source.data.universityId), campus: text(source.data.campusId) };
}

// A person's names follow the sign-up form's text rule.
const ZPersonNames = z.object({ firstName: zText(), lastName: zText() });

/** A profile's own fields; its campus is found by the caller. */
export function personOf(source: SourceDocument): Converted<{
  email: string;
  firstName: string;
  lastName: string;
  role: TRole;
  emailVerified: boolean;
  createdAt: Date | null;
}> {
  const { data } = source;
  const email = normaliseEmail(text(data.email));
  if (!isEmailAddress(email))
    return { ok: false, reason: `email: '${text(data.email)}' is not an e-mail address` };
  const names = checked(ZPersonNames, {
    firstName: text(data.firstName),
    lastName: text(data.lastName),
  });
  if (!names.ok) return names;
  const notes: string[] = [];
  const role = text(data.role);
  const known = isRole(role);
  if (!known) notes.push(`role '${role}' is not one of ${ROLES.join(', ')}: imported as user`);
  const createdAt = new Date(text(data.createdAt));
  return {
    ok: true,
    notes,
    values: {
      email,
      ...names.values,
      role: known ? role : 'user',
      emailVerified: data.emailVerified === true,
      createdAt: Number.isNaN(createdAt.getTime()) ? null : createdAt,
    },
  };
}

/** The photo address of a menu or mart item document, if it has one. */
export function photoOf(source: SourceDocument): string | null {
  const url = text(source.data.photoURL).trim();
  return url === '' ? null : url;
}
