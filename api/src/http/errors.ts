import { AppError } from '@campus/shared/domain/app-error';
import { ERROR_CATEGORIES } from '@campus/shared/domain/error-catalogue';
import { isUniqueViolation } from '@campus/shared/server/db/errors';
import { invalidField } from './body';

/** The 404 of an id that names nothing. */
export const notFound = () =>
  new AppError({ code: 'not-found', status: 404, userMessage: ERROR_CATEGORIES.NOT_FOUND.message });

/** The message of a name or e-mail already taken (unique indexes of schema.ts). */
export const alreadyExists = (value: string) => `"${value}" already exists.`;

/** A `.catch` that turns the database's unique violation into a 400 on the form field. */
export function uniqueViolation(field: string, message: string) {
  return (error: unknown): never => {
    if (isUniqueViolation(error)) throw invalidField(field, message);
    throw error;
  };
}
