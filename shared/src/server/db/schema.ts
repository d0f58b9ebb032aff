import { sql } from 'drizzle-orm';
import {
  bigserial,
  boolean,
  check,
  foreignKey,
  index,
  integer,
  jsonb,
  pgTable,
  serial,
  text,
  timestamp,
  unique,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { PAYMENT_METHOD } from '../../domain/checkout';
import {
  DEFAULT_CLOSE_TIME,
  DEFAULT_IS_24X7,
  DEFAULT_OPEN_TIME,
} from '../../domain/restaurant-hours';
import { ROLES } from '../../domain/roles';
import { DEFAULT_TIME_ZONE } from '../../domain/time-zone';

// Money is integer paisa (1 Rs = 100 paisa) everywhere: never a float.

const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();
const updatedAt = () =>
  timestamp('updated_at', { withTimezone: true })
    .notNull()
    .defaultNow()
    .$onUpdate(() => new Date());

export const universities = pgTable(
  'universities',
  {
    id: text('id').primaryKey(),
    name: text('name').notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex('universities_name_key').on(sql`lower(${t.name})`)],
);

export const campuses = pgTable(
  'campuses',
  {
    id: text('id').primaryKey(),
    universityId: text('university_id')
      .notNull()
      .references(() => universities.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    location: text('location'),
    timeZone: text('time_zone').notNull().default(DEFAULT_TIME_ZONE),
    // Pay-to account shown at checkout (DESIGN §7); null falls back to the configured default.
    payToAccountTitle: text('pay_to_account_title'),
    payToBankName: text('pay_to_bank_name'),
    payToAccountNumber: text('pay_to_account_number'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('campuses_university_name_key').on(t.universityId, sql`lower(${t.name})`),
    // Target of the composite keys below: a row's campus must belong to the row's university.
    unique('campuses_id_university_key').on(t.id, t.universityId),
  ],
);

export const restaurants = pgTable(
  'restaurants',
  {
    id: text('id').primaryKey(),
    campusId: text('campus_id')
      .notNull()
      .references(() => campuses.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    location: text('location').notNull().default(''),
    cuisine: text('cuisine').notNull().default(''),
    openTime: text('open_time').notNull().default(DEFAULT_OPEN_TIME),
    closeTime: text('close_time').notNull().default(DEFAULT_CLOSE_TIME),
    is24x7: boolean('is_24x7').notNull().default(DEFAULT_IS_24X7),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('restaurants_campus_idx').on(t.campusId)],
);

export const menuItems = pgTable(
  'menu_items',
  {
    id: text('id').primaryKey(),
    restaurantId: text('restaurant_id')
      .notNull()
      .references(() => restaurants.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    pricePaisa: integer('price_paisa').notNull(),
    description: text('description').notNull().default(''),
    photoUrl: text('photo_url'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('menu_items_restaurant_idx').on(t.restaurantId),
    check('menu_items_price_check', sql`${t.pricePaisa} >= 0`),
  ],
);

export const martItems = pgTable(
  'mart_items',
  {
    id: text('id').primaryKey(),
    campusId: text('campus_id')
      .notNull()
      .references(() => campuses.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    pricePaisa: integer('price_paisa').notNull(),
    description: text('description').notNull().default(''),
    category: text('category').notNull().default(''),
    stock: integer('stock').notNull().default(0),
    photoUrl: text('photo_url'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('mart_items_campus_idx').on(t.campusId),
    check('mart_items_price_check', sql`${t.pricePaisa} >= 0`),
  ],
);

export const allowedDomains = pgTable(
  'allowed_domains',
  {
    id: text('id').primaryKey(),
    name: text('name').notNull(),
    // Stored lower case with a leading @ (SPEC §5 Admin); the check below holds it to that.
    domain: text('domain').notNull(),
    universityId: text('university_id')
      .notNull()
      .references(() => universities.id, { onDelete: 'cascade' }),
    campusId: text('campus_id').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('allowed_domains_campus_domain_key').on(t.campusId, t.domain),
    check(
      'allowed_domains_domain_check',
      sql`${t.domain} like '@%' and ${t.domain} = lower(${t.domain})`,
    ),
    foreignKey({
      name: 'allowed_domains_campus_fk',
      columns: [t.campusId, t.universityId],
      foreignColumns: [campuses.id, campuses.universityId],
    }).onDelete('cascade'),
  ],
);

// The user profile of SPEC §3, which is also better-auth's user model (name and image are its
// own fields). A profile outlives its campus: deleting a university leaves its people, without a
// campus.
export const users = pgTable(
  'users',
  {
    id: text('id').primaryKey(),
    email: text('email').notNull(),
    emailVerified: boolean('email_verified').notNull().default(false),
    name: text('name').notNull().default(''),
    image: text('image'),
    firstName: text('first_name').notNull(),
    lastName: text('last_name').notNull(),
    // Both or neither, checked through the campus: see users_campus_fk.
    universityId: text('university_id'),
    campusId: text('campus_id'),
    universityName: text('university_name').notNull().default(''),
    campusName: text('campus_name').notNull().default(''),
    role: text('role', { enum: ROLES }).notNull().default('user'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    foreignKey({
      name: 'users_campus_fk',
      columns: [t.campusId, t.universityId],
      foreignColumns: [campuses.id, campuses.universityId],
    }).onDelete('set null'),
    check('users_campus_pair_check', sql`(${t.universityId} is null) = (${t.campusId} is null)`),
    uniqueIndex('users_email_key').on(sql`lower(${t.email})`),
    index('users_campus_idx').on(t.campusId),
    check('users_role_check', sql.raw(`role in (${ROLES.map((r) => `'${r}'`).join(', ')})`)),
  ],
);

// better-auth's tables (its session, account and verification models, columns as its docs list).
// A session row is the server side of the browser-session cookie; deleting a person ends theirs.
export const sessions = pgTable(
  'sessions',
  {
    id: text('id').primaryKey(),
    token: text('token').notNull(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    ipAddress: text('ip_address'),
    userAgent: text('user_agent'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex('sessions_token_key').on(t.token), index('sessions_user_idx').on(t.userId)],
);

// Credentials: for e-mail and password sign-in, providerId 'credential' and the password hash.
export const accounts = pgTable(
  'accounts',
  {
    id: text('id').primaryKey(),
    accountId: text('account_id').notNull(),
    providerId: text('provider_id').notNull(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    accessToken: text('access_token'),
    refreshToken: text('refresh_token'),
    idToken: text('id_token'),
    accessTokenExpiresAt: timestamp('access_token_expires_at', { withTimezone: true }),
    refreshTokenExpiresAt: timestamp('refresh_token_expires_at', { withTimezone: true }),
    scope: text('scope'),
    password: text('password'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('accounts_user_idx').on(t.userId)],
);

// One-time tokens: e-mail verification and password reset.
export const verifications = pgTable(
  'verifications',
  {
    id: text('id').primaryKey(),
    identifier: text('identifier').notNull(),
    value: text('value').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('verifications_identifier_idx').on(t.identifier)],
);

// Orders keep names and prices as they were when placed: a later catalogue edit, a deleted campus
// or a deleted person never rewrites history, so references are set null, never cascaded.
export const orders = pgTable(
  'orders',
  {
    id: text('id').primaryKey(),
    // Deleting a person keeps their orders: the order carries their name and e-mail itself.
    userId: text('user_id').references(() => users.id, { onDelete: 'set null' }),
    idempotencyKey: text('idempotency_key').notNull(),
    // Both or neither, checked through the campus: see orders_campus_fk.
    universityId: text('university_id'),
    campusId: text('campus_id'),
    universityName: text('university_name').notNull(),
    campusName: text('campus_name').notNull(),
    sheetTabName: text('sheet_tab_name').notNull(),
    firstName: text('first_name').notNull(),
    lastName: text('last_name').notNull(),
    room: text('room').notNull().default(''),
    phone: text('phone').notNull(),
    email: text('email').notNull(),
    persons: integer('persons').notNull(),
    paymentMethod: text('payment_method').notNull().default(PAYMENT_METHOD),
    accountTitle: text('account_title').notNull(),
    bankName: text('bank_name').notNull(),
    specialInstruction: text('special_instruction').notNull().default(''),
    itemTotalPaisa: integer('item_total_paisa').notNull(),
    deliveryChargePaisa: integer('delivery_charge_paisa').notNull(),
    grandTotalPaisa: integer('grand_total_paisa').notNull(),
    screenshotUrl: text('screenshot_url').notNull(),
    cartItemsText: text('cart_items_text').notNull(),
    // The spec's Karachi long-format text, fixed at placement so every retry writes the same row.
    timestampText: text('timestamp_text').notNull(),
    placedAt: timestamp('placed_at', { withTimezone: true }).notNull().defaultNow(),
    // The sheet append (DESIGN §3.4): started says a write was sent whose outcome may be unknown
    // (the next attempt reads the tab before writing again); appended says the row is there.
    sheetWriteStartedAt: timestamp('sheet_write_started_at', { withTimezone: true }),
    sheetAppendedAt: timestamp('sheet_appended_at', { withTimezone: true }),
    // A row the spreadsheet refused for its content (a cell over its limit): set aside, with the
    // reason, so that the rest of the tab keeps flowing; an operator's retry writes it again.
    sheetSetAsideAt: timestamp('sheet_set_aside_at', { withTimezone: true }),
    sheetSetAsideReason: text('sheet_set_aside_reason'),
    // In a batch the spreadsheet refused without saying which row: written alone from now on.
    sheetWriteAlone: boolean('sheet_write_alone').notNull().default(false),
    // The notify job's two mails, each sent once.
    studentNotifiedAt: timestamp('student_notified_at', { withTimezone: true }),
    adminsNotifiedAt: timestamp('admins_notified_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('orders_user_idempotency_key').on(t.userId, t.idempotencyKey),
    foreignKey({
      name: 'orders_campus_fk',
      columns: [t.campusId, t.universityId],
      foreignColumns: [campuses.id, campuses.universityId],
    }).onDelete('set null'),
    check('orders_campus_pair_check', sql`(${t.universityId} is null) = (${t.campusId} is null)`),
    index('orders_campus_idx').on(t.campusId),
    index('orders_sheet_pending_idx')
      .on(t.sheetTabName, t.placedAt)
      .where(sql`${t.sheetAppendedAt} is null`),
    // The worker's upkeep looks for orders whose mails are still missing (revive-order-jobs.ts).
    index('orders_mail_pending_idx').on(t.placedAt).where(sql`${t.adminsNotifiedAt} is null`),
    check('orders_persons_check', sql`${t.persons} >= 1`),
    check(
      'orders_totals_check',
      sql`${t.grandTotalPaisa} = ${t.itemTotalPaisa} + ${t.deliveryChargePaisa}`,
    ),
  ],
);

export const orderLines = pgTable(
  'order_lines',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    orderId: text('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
    kind: text('kind', { enum: ['menu', 'mart'] }).notNull(),
    menuItemId: text('menu_item_id').references(() => menuItems.id, { onDelete: 'set null' }),
    martItemId: text('mart_item_id').references(() => martItems.id, { onDelete: 'set null' }),
    restaurantId: text('restaurant_id').references(() => restaurants.id, { onDelete: 'set null' }),
    // 'Mart' for mart items, as in the spec's cart line.
    restaurantName: text('restaurant_name').notNull(),
    name: text('name').notNull(),
    unitPricePaisa: integer('unit_price_paisa').notNull(),
    quantity: integer('quantity').notNull(),
    lineTotalPaisa: integer('line_total_paisa').notNull(),
  },
  (t) => [
    uniqueIndex('order_lines_order_position_key').on(t.orderId, t.position),
    check('order_lines_quantity_check', sql`${t.quantity} >= 1`),
    check(
      'order_lines_total_check',
      sql`${t.lineTotalPaisa} = ${t.unitPricePaisa} * ${t.quantity}`,
    ),
  ],
);

// Jobs written in the same transaction as the business change; a relay enqueues whatever has no
// enqueued_at yet, so nothing is lost while Redis is away.
export const outbox = pgTable(
  'outbox',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    jobName: text('job_name').notNull(),
    jobId: text('job_id').notNull(),
    payload: jsonb('payload').notNull(),
    createdAt: createdAt(),
    enqueuedAt: timestamp('enqueued_at', { withTimezone: true }),
    attempts: integer('attempts').notNull().default(0),
    lastError: text('last_error'),
  },
  (t) => [
    uniqueIndex('outbox_job_id_key').on(t.jobId),
    index('outbox_pending_idx').on(t.createdAt).where(sql`${t.enqueuedAt} is null`),
  ],
);

// The local SheetStore: tabs with their header row, and rows as JSON arrays of cells.
export const sheetTabs = pgTable(
  'sheet_tabs',
  {
    sheetId: serial('sheet_id').primaryKey(),
    name: text('name').notNull(),
    header: jsonb('header').$type<string[]>().notNull().default([]),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('sheet_tabs_name_key').on(t.name)],
);

export const sheetRows = pgTable(
  'sheet_rows',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    sheetId: integer('sheet_id')
      .notNull()
      .references(() => sheetTabs.sheetId, { onDelete: 'cascade' }),
    cells: jsonb('cells').$type<(string | number)[]>().notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('sheet_rows_sheet_idx').on(t.sheetId, t.id)],
);

// Captcha challenges already used (replay protection), kept until they expire. In the database
// rather than Redis so that checkout keeps working while Redis is away.
export const usedCaptchas = pgTable(
  'used_captchas',
  {
    nonce: text('nonce').primaryKey(),
    // Who used it: the same form sent twice at once is one submission, not a replay.
    submission: text('submission').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('used_captchas_expires_idx').on(t.expiresAt)],
);

export const uploads = pgTable('uploads', {
  id: text('id').primaryKey(),
  purpose: text('purpose', { enum: ['screenshot', 'menu-photo', 'mart-photo'] }).notNull(),
  store: text('store', { enum: ['local', 'cloudinary'] }).notNull(),
  url: text('url').notNull(),
  contentType: text('content_type').notNull(),
  bytes: integer('bytes').notNull(),
  width: integer('width').notNull(),
  height: integer('height').notNull(),
  uploadedBy: text('uploaded_by').references(() => users.id, { onDelete: 'set null' }),
  createdAt: createdAt(),
});

export const auditLog = pgTable(
  'audit_log',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    actorId: text('actor_id'),
    actorRole: text('actor_role'),
    action: text('action').notNull(),
    entity: text('entity').notNull(),
    entityId: text('entity_id'),
    details: jsonb('details').notNull().default({}),
    createdAt: createdAt(),
  },
  (t) => [index('audit_log_entity_idx').on(t.entity, t.entityId)],
);
