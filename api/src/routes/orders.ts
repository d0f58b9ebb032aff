import { AppError } from '@campus/shared/domain/app-error';
import {
  CHECKOUT_MESSAGES,
  createCheckoutSchema,
  type TCheckoutContextResponse,
  type TPayTo,
  ZIdempotencyKey,
} from '@campus/shared/domain/checkout';
import { CODE_MESSAGES, ERROR_CATEGORIES } from '@campus/shared/domain/error-catalogue';
import { zText } from '@campus/shared/domain/form-validation';
import { isSuperAdmin } from '@campus/shared/domain/roles';
import { isIdText, TEXT_LIMITS, TEXT_MESSAGES } from '@campus/shared/domain/text';
import type { CatalogueCache } from '@campus/shared/server/catalogue/cache';
import type { Db } from '@campus/shared/server/db/client';
import { campuses, orders } from '@campus/shared/server/db/schema';
import { orderJobId, orderJobs } from '@campus/shared/server/jobs';
import { enqueueOutboxJobs } from '@campus/shared/server/outbox';
import type { Producer } from '@campus/shared/server/queue';
import { and, eq } from 'drizzle-orm';
import { Hono } from 'hono';
import { z } from 'zod';
import type { AppEnv } from '../app-env';
import { campusAllowedDomains } from '../auth/allowed-domains';
import { signedInUser } from '../auth/guards';
import { idQuery, invalidField, jsonBody, parseWith } from '../http/body';
import { needsRedis, withinPersonLimit } from '../http/needs-redis';
import { findOrderByIdempotencyKey, placeOrder } from '../orders/place-order';

export interface OrderRouteDeps {
  db: Db;
  producer: Producer;
  catalogue: CatalogueCache;
  payToDefault: TPayTo;
}

// A student places a few orders a day; this only stops a script from filling the sheet.
const ORDER_LIMIT = { max: 20, windowSeconds: 10 * 60 };

// Presence is the checkout rules' business (in the spec's order); this only checks its format.
const ZScreenshotId = zText({ max: TEXT_LIMITS.param }).refine(
  (id) => id === '' || isIdText(id),
  CHECKOUT_MESSAGES.paymentFields,
);

/** The domains checkout allows: those of the signed-in person's own campus (DESIGN §7). */
async function checkoutDomains(db: Db, campusId: string | null): Promise<string[]> {
  if (!campusId) return [];
  return (await campusAllowedDomains(db, campusId)).map((row) => row.domain);
}

const SAME_SUBMISSION_WAIT_MS = 10_000;

/**
 * The order of a submission already in progress (the same form sent twice at once): waits for
 * the first request to place it. If the first one failed, this one says so rather than guess.
 */
async function awaitSameSubmission(db: Db, userId: string, idempotencyKey: string) {
  const giveUpAt = Date.now() + SAME_SUBMISSION_WAIT_MS;
  while (Date.now() < giveUpAt) {
    const orderId = await findOrderByIdempotencyKey(db, userId, idempotencyKey);
    if (orderId) return orderId;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new AppError({
    code: 'aborted',
    status: 409,
    userMessage: CODE_MESSAGES.aborted,
  });
}

/** Checkout (SPEC §2, §5; DESIGN §3): the page's context and placing the order. */
export function checkoutRoutes(deps: OrderRouteDeps) {
  return new Hono<AppEnv>()
    .use(async (c, next) => {
      await next();
      c.header('Cache-Control', 'no-store');
    })
    .get('/checkout/context', async (c) => {
      const user = await signedInUser(c);
      const campusId = idQuery(c, 'campusId');
      const [campus] = await deps.db
        .select({
          accountTitle: campuses.payToAccountTitle,
          bankName: campuses.payToBankName,
          accountNumber: campuses.payToAccountNumber,
        })
        .from(campuses)
        .where(eq(campuses.id, campusId));
      // A campus shows its own account only when it is complete; half an account pays no one.
      const payTo: TPayTo =
        campus?.accountTitle && campus.bankName && campus.accountNumber
          ? {
              accountTitle: campus.accountTitle,
              bankName: campus.bankName,
              accountNumber: campus.accountNumber,
            }
          : deps.payToDefault;
      const body: TCheckoutContextResponse = {
        ok: true,
        payTo,
        allowedDomains: await checkoutDomains(deps.db, user.campusId),
      };
      return c.json(body);
    })
    .post('/orders', async (c) => {
      const user = await signedInUser(c);
      const body = await jsonBody(c);
      const { idempotencyKey } = parseWith(z.object({ idempotencyKey: ZIdempotencyKey }), body);
      // A repeat of a placed order (a double click, a retry after a lost answer) is answered
      // before the captcha, whose one use the first submit spent.
      const placed = await findOrderByIdempotencyKey(deps.db, user.uid, idempotencyKey);
      if (placed) return c.json({ ok: true, orderId: placed }, 200);

      const schema = createCheckoutSchema(
        { allowedDomains: await checkoutDomains(deps.db, user.campusId) },
        ZScreenshotId,
      );
      // The e-mail field is read-only: the order goes to the signed-in person's address.
      const values = parseWith(schema, { ...(body as object), email: user.email });
      if (!(await withinPersonLimit(c, 'order', user.uid, ORDER_LIMIT))) {
        throw new AppError({
          code: 'auth/too-many-requests',
          status: 429,
          userMessage: CODE_MESSAGES['auth/too-many-requests'],
        });
      }
      const submission = `${user.uid}:${idempotencyKey}`;
      const captcha = await c.get('accounts').captcha.verifyFor(values.captcha, submission);
      if (captcha === 'same-submission') {
        return c.json(
          { ok: true, orderId: await awaitSameSubmission(deps.db, user.uid, idempotencyKey) },
          200,
        );
      }
      if (captcha === 'invalid') throw invalidField('captcha', CHECKOUT_MESSAGES.captchaRequired);
      const order = await placeOrder(deps.db, user, { ...values, idempotencyKey });
      if (order.created) {
        // Checkout never waits for Redis: what it does not take now, the outbox relay sends.
        await enqueueOutboxJobs(
          deps.db,
          deps.producer,
          orderJobs(order.orderId).map((job) => job.jobId),
          c.get('log'),
        );
        if (order.hasMartLines) {
          await deps.catalogue
            .invalidateMartItems(order.campusId)
            .catch((error: unknown) =>
              c.get('log').warn({ err: error }, 'stock cache not refreshed'),
            );
        }
        c.get('log').info({ orderId: order.orderId }, 'order placed');
      }
      return c.json({ ok: true, orderId: order.orderId }, order.created ? 201 : 200);
    });
}

/**
 * POST /submit-order (SPEC §7): the operators' trigger of an order's notify job. Only the person
 * who placed the order or a super admin; the mails go out once, whatever the number of calls.
 */
export function submitOrderRoutes(deps: Pick<OrderRouteDeps, 'db' | 'producer'>) {
  return new Hono<AppEnv>().post('/submit-order', async (c) => {
    const user = await signedInUser(c);
    const { orderId } = parseWith(
      z.object({
        orderId: z.string(TEXT_MESSAGES.invalidId).trim().refine(isIdText, TEXT_MESSAGES.invalidId),
      }),
      await jsonBody(c),
    );
    const ownOnly = isSuperAdmin(user) ? undefined : eq(orders.userId, user.uid);
    const [order] = await deps.db
      .select({ id: orders.id })
      .from(orders)
      .where(and(eq(orders.id, orderId), ownOnly));
    if (!order) {
      throw new AppError({
        code: 'not-found',
        status: 404,
        userMessage: ERROR_CATEGORIES.NOT_FOUND.message,
      });
    }
    const { id } = await needsRedis(c, () =>
      deps.producer.enqueue(
        'notify-order',
        { orderId: order.id },
        { jobId: orderJobId(order.id, 'notify') },
      ),
    );
    return c.json({ ok: true, orderId: order.id, jobId: id }, 202);
  });
}
