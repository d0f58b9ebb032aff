import { AppError } from '@campus/shared/domain/app-error';
import type { TPayTo } from '@campus/shared/domain/checkout';
import { toApiErrorResponse } from '@campus/shared/domain/error-catalogue';
import { TEXT_MESSAGES } from '@campus/shared/domain/text';
import type { CatalogueCache } from '@campus/shared/server/catalogue/cache';
import { isDiskFull, isTextRefused } from '@campus/shared/server/db/errors';
import type { Metrics } from '@campus/shared/server/metrics/metrics';
import type { Producer } from '@campus/shared/server/queue';
import type { GuardedSheetStore } from '@campus/shared/server/sheets/guarded-sheet-store';
import { Hono, type MiddlewareHandler } from 'hono';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import type { Logger } from 'pino';
import type { AppEnv } from './app-env';
import { createGuards } from './auth/guards';
import type { AccountServices } from './auth/services';
import type { RepeatAnswers } from './catalogue/repeat-answers';
import type { LiveEvents } from './events/live-events';
import { limitBody } from './http/body';
import { invalidArgument, notFound, unavailable } from './http/errors';
import { answerHeaders } from './middleware/answer-headers';
import { httpMetrics } from './middleware/http-metrics';
import { plainTextParams } from './middleware/plain-text-params';
import { requestLog } from './middleware/request-log';
import { sameOrigin } from './middleware/same-origin';
import { accountRoutes } from './routes/account';
import { campusRoutes } from './routes/admin/campuses';
import { CATALOGUE_IMPORT_PATHS, catalogueImportRoutes } from './routes/admin/catalogue-import';
import { deliveryRoutes } from './routes/admin/delivery';
import { domainRoutes } from './routes/admin/domains';
import { insightsRoutes } from './routes/admin/insights';
import { martItemRoutes } from './routes/admin/mart-items';
import { menuItemRoutes } from './routes/admin/menu-items';
import { operationsRoutes } from './routes/admin/operations';
import { orderRoutes } from './routes/admin/orders';
import { overviewRoutes } from './routes/admin/overview';
import { refundRoutes } from './routes/admin/refunds';
import { restaurantRoutes } from './routes/admin/restaurants';
import { STATEMENT_FILE_PATHS, statementRoutes } from './routes/admin/statements';
import { universityRoutes } from './routes/admin/universities';
import { userRoutes } from './routes/admin/users';
import { cartRoutes } from './routes/cart';
import { catalogueRoutes } from './routes/catalogue';
import { eventRoutes } from './routes/events';
import { type HealthChecks, healthRoutes, WriteWatch } from './routes/health';
import { mailRoutes } from './routes/mail';
import { metricsRoutes } from './routes/metrics';
import { myOrderRoutes } from './routes/my-orders';
import { checkoutRoutes, submitOrderRoutes } from './routes/orders';
import { publicConfigRoutes } from './routes/public-config';
import { QUEUES_DASHBOARD_PATH, queuesDashboardRoutes } from './routes/queues-dashboard';
import { sheetRoutes } from './routes/sheets';
import { screenshotFileRoutes, uploadFileRoutes, uploadRoutes } from './routes/uploads';
import { type ApiGet, webRoutes } from './routes/web';
import type { ImageStore } from './uploads/image-store';

export interface AppDeps {
  log: Logger;
  health: HealthChecks;
  webDistDir: string;
  /** Public catalogue reads; admin writes call its invalidate* methods. */
  catalogue: CatalogueCache;
  /** Where the catalogue's answers are kept for Node to send again (serveHttp's answerFirst). */
  repeats: RepeatAnswers;
  /** Sign-up, sign-in, captcha, rate limits and the mailer. */
  accounts: AccountServices;
  /** The address people open, e.g. https://campusbucket.example. */
  publicUrl: string;
  /** WhatsApp number of the floating chat link; unset hides the link. */
  whatsappNumber?: string | null;
  /** Enqueues jobs (orders, sheet tabs); fails fast when Redis is away. */
  producer: Producer;
  /** The orders spreadsheet; every write takes its tab's lock and the shared write budget. */
  sheets: GuardedSheetStore;
  /** Payment screenshots and catalogue photos. */
  images: ImageStore;
  /** The local image store's folder, served at /uploads; null when images live elsewhere. */
  uploadsDir: string | null;
  /** The pay-to account of a campus that has none of its own. */
  payToDefault: TPayTo;
  /** QUOTE_HOLD_MINUTES: how long a checkout quote holds; unset: the default 20. */
  quoteHoldMinutes?: number;
  /**
   * Live updates (docs/architecture.md §8): after a change of an order commits, call
   * `events.publishOrder({ orderId, state, userId, universityId, campusId })`; it never throws.
   * Its open streams are served at GET /api/events; close it before the HTTP server.
   */
  events: LiveEvents;
  /** This process's metrics, served at GET /metrics (one app per Metrics: it adds gauges to it). */
  metrics: Metrics;
  /** METRICS_TOKEN: a scraper's bearer token for GET /metrics; null: super admins only. */
  metricsToken?: string | null;
}

/** Bodies of /api routes that raise none of their own: forms of a few hundred bytes of text. */
export const API_BODY_MAX_BYTES = 16 * 1024;

/**
 * Refuses a body over its route's limit before it is read into memory (README: Security): every
 * /api body is small unless its route needs more.
 */
function apiBodyLimit(): MiddlewareHandler<AppEnv> {
  const small = limitBody(API_BODY_MAX_BYTES);
  // A cart is a few kilobytes; 64 KB leaves room for a big one and no more.
  const cartBody = limitBody(64 * 1024);
  // A cancel carries at most a short reason.
  const cancel = limitBody(4 * 1024);
  // Admin forms are a few hundred bytes of text; photos go through /api/uploads.
  const adminForms = limitBody(32 * 1024);
  const limitOf = (path: string): MiddlewareHandler | null => {
    // Files and sheet rows: these routes refuse past their own, larger limits.
    if (CATALOGUE_IMPORT_PATHS.includes(path) || STATEMENT_FILE_PATHS.includes(path)) return null;
    if (path === '/api/uploads' || path.startsWith('/api/sheets/')) return null;
    if (CART_BODY_PATHS.includes(path)) return cartBody;
    if (/^\/api\/orders\/[^/]+\/cancel$/.test(path)) return cancel;
    if (path.startsWith('/api/admin/')) return adminForms;
    return small;
  };
  return (c, next) => limitOf(c.req.path)?.(c, next) ?? next();
}

/** The routes whose body is a cart. */
const CART_BODY_PATHS = ['/api/orders', '/api/bucket/prices', '/api/checkout/quote'];

/** The api as a Hono app; the process entry points only decide what it runs on. */
export function createApp(deps: AppDeps) {
  const app = new Hono<AppEnv>();
  app.use(httpMetrics(deps.metrics));
  app.use(answerHeaders());
  app.use(requestLog(deps.log));
  app.use(plainTextParams());
  app.use('/api/*', sameOrigin(deps.publicUrl));
  app.use('/api/*', apiBodyLimit());
  app.use('/submit-order', sameOrigin(deps.publicUrl));
  app.use('/submit-order', limitBody(4 * 1024));
  app.use(`${QUEUES_DASHBOARD_PATH}/*`, sameOrigin(deps.publicUrl));

  const writes = new WriteWatch();
  const { accounts, producer, catalogue } = deps;
  const { db } = accounts;
  const guards = createGuards(accounts.auth, db);
  const admin = { db, producer, catalogue };
  // What moves orders: checkout and the transitions also tell the open pages.
  const orderDeps = { ...admin, events: deps.events, payToDefault: deps.payToDefault };
  app.route('/', healthRoutes(deps.health, writes));
  const metrics = { metrics: deps.metrics, token: deps.metricsToken ?? null, log: deps.log };
  app.route('/', metricsRoutes({ ...metrics, db, producer }, guards));
  app.route('/api/catalogue', catalogueRoutes(catalogue, deps.repeats));
  app.route('/', publicConfigRoutes({ whatsappNumber: deps.whatsappNumber ?? null }));
  app.route('/api/account', accountRoutes(accounts, guards, deps.events));
  app.route('/api/admin/mail', mailRoutes(accounts.mailer, guards, deps.publicUrl));
  app.route('/api/admin', overviewRoutes(db, guards));
  app.route('/api/admin', universityRoutes(admin, guards));
  app.route('/api/admin', campusRoutes(admin, guards));
  app.route('/api/admin', userRoutes(db, guards, deps.events));
  app.route('/api/admin', domainRoutes(db, guards));
  app.route('/api/admin', restaurantRoutes(admin, guards));
  app.route('/api/admin', menuItemRoutes(admin, guards));
  app.route('/api/admin', martItemRoutes(admin, guards));
  app.route(
    '/api/admin',
    catalogueImportRoutes({ ...admin, rateLimiter: accounts.rateLimiter }, guards),
  );
  const statements = { ...admin, rateLimiter: accounts.rateLimiter, metrics: deps.metrics };
  app.route('/api/admin', statementRoutes(statements, guards));
  app.route('/api/admin', operationsRoutes({ ...admin, publicUrl: deps.publicUrl }, guards)); // before orderRoutes' /orders/:id
  app.route('/api/admin', orderRoutes(orderDeps, guards));
  app.route('/api/admin', refundRoutes(orderDeps, guards));
  app.route('/api/admin', deliveryRoutes(orderDeps, guards));
  app.route('/api/admin', insightsRoutes(db, guards));
  app.route('/api/events', eventRoutes(deps.events, guards));
  app.route('/api/sheets', sheetRoutes({ sheets: deps.sheets, producer, db }, guards));
  const { captcha, rateLimiter } = accounts;
  const checkout = {
    ...orderDeps,
    captcha,
    rateLimiter,
    metrics: deps.metrics,
    quoteHoldMinutes: deps.quoteHoldMinutes,
  };
  app.route('/api', checkoutRoutes(checkout, guards));
  app.route('/api', myOrderRoutes(orderDeps, guards));
  app.route('/', submitOrderRoutes(admin, guards));
  app.route('/api/bucket', cartRoutes(db, guards));
  app.route('/api/uploads', uploadRoutes({ db, images: deps.images, rateLimiter }, guards));
  if (deps.uploadsDir) {
    app.route('/', uploadFileRoutes(deps.uploadsDir));
    app.route('/', screenshotFileRoutes({ db, dir: deps.uploadsDir }, guards));
  }
  app.route(QUEUES_DASHBOARD_PATH, queuesDashboardRoutes(producer, guards));
  app.all('/api/*', () => {
    throw notFound();
  });
  // A storefront page rendered here asks this app for its data, as the browser would; the log
  // lines of those requests carry the page's request id.
  const apiGet: ApiGet = async (path, { cookie, requestId }) => {
    const headers: Record<string, string> = { 'x-request-id': requestId };
    if (cookie) headers.cookie = cookie;
    const answer = await app.request(path, { headers });
    return { status: answer.status, body: await answer.json().catch(() => null) };
  };
  app.route('/', webRoutes(deps.webDistDir, apiGet));

  app.onError((error, c) => {
    if (isDiskFull(error)) {
      // Nothing was committed; the person may try again once an operator freed space.
      c.get('log').error({ err: error }, 'the database disk is full');
      writes.diskFull(error instanceof Error ? error.message : String(error));
      error = unavailable({ cause: error });
    } else if (isTextRefused(error)) {
      // A value no schema checked reached the database: still the person's input, not our fault.
      c.get('log').warn({ err: error }, 'text refused by the database');
      error = invalidArgument(TEXT_MESSAGES.forbiddenCharacters, { cause: error });
    } else if (!(error instanceof AppError)) {
      c.get('log').error({ err: error }, 'unhandled error');
    }
    const { status, body } = toApiErrorResponse(error);
    return c.json(body, status as ContentfulStatusCode);
  });
  return app;
}
