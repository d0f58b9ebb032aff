import {
  CHECKOUT_MESSAGES,
  createCheckoutSchema,
  ZIdempotencyKey,
} from '@campus/shared/domain/checkout';
import type { TUserProfile } from '@campus/shared/domain/entities';
import { zText } from '@campus/shared/domain/form-validation';
import { isIdText, TEXT_LIMITS } from '@campus/shared/domain/text';
import type { Db } from '@campus/shared/server/db/client';
import { z } from 'zod';
import { campusDomainNames } from '../auth/allowed-domains';
import { parseWith } from '../http/body';

// Presence is the checkout rules' business (in the spec's order); this only checks its format.
const ZScreenshotId = zText({ max: TEXT_LIMITS.param }).refine(
  (id) => id === '' || isIdText(id),
  CHECKOUT_MESSAGES.paymentFields,
);

/** The part of a checkout body read first: a repeat is answered before the form is judged. */
export const ZOrderKey = z.object({ idempotencyKey: ZIdempotencyKey });

const checkoutSchemaFor = (allowedDomains: string[]) =>
  createCheckoutSchema({ allowedDomains }, ZScreenshotId);

// Building the schema costs about ten times parsing a body with it (zod compiles a schema at its
// first parse), so there is one per list of domains; a full map (domains edited many times over)
// starts again.
const checkoutSchemas = new Map<string, ReturnType<typeof checkoutSchemaFor>>();
const MAX_CHECKOUT_SCHEMAS = 1_000;

/** The checkout form of a body, checked against the e-mail domains of the person's campus. */
export async function checkoutForm(db: Db, user: TUserProfile, body: unknown) {
  const domains = await campusDomainNames(db, user.campusId);
  const key = JSON.stringify(domains);
  let schema = checkoutSchemas.get(key);
  if (!schema) {
    if (checkoutSchemas.size >= MAX_CHECKOUT_SCHEMAS) checkoutSchemas.clear();
    schema = checkoutSchemaFor(domains);
    checkoutSchemas.set(key, schema);
  }
  // The e-mail field is read-only: the order goes to the signed-in person's address.
  return parseWith(schema, { ...(body as object), email: user.email });
}
