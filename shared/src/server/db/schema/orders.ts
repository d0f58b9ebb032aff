import { sql } from 'drizzle-orm';
import {
  bigserial,
  bit,
  check,
  foreignKey,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { PAYMENT_METHOD } from '../../../domain/checkout';
import { ORDER_ACTION_NAMES, ORDER_STATES } from '../../../domain/order-status';
import {
  RECEIPT_OUTCOMES,
  type ReadLine,
  type ReceiptReading,
} from '../../../domain/receipt-reading';
import { REFUND_STATES } from '../../../domain/refunds';
import { campuses, martItems, menuItems, restaurants } from './catalogue';
import { createdAt } from './columns';
import { deliveryBatches, deliveryPlaces } from './delivery';
import { users } from './people';

// Orders keep names and prices as they were when placed: a later catalogue edit, a deleted campus
// or a deleted person never rewrites history, so references are set null, never cascaded.
export const orders = pgTable(
  'orders',
  {
    id: text('id').primaryKey(),
    // Deleting a person keeps their orders: the order carries their name and e-mail itself.
    userId: text('user_id').references(() => users.id, { onDelete: 'set null' }),
    idempotencyKey: text('idempotency_key').notNull(),
    // The short code the student puts in the transfer's note, taken from payment_references in
    // the placement transaction (shared/domain/payment-reference.ts).
    paymentReference: text('payment_reference').notNull(),
    // Both or neither, checked through the campus: see orders_campus_fk.
    universityId: text('university_id'),
    campusId: text('campus_id'),
    universityName: text('university_name').notNull(),
    campusName: text('campus_name').notNull(),
    sheetTabName: text('sheet_tab_name').notNull(),
    firstName: text('first_name').notNull(),
    lastName: text('last_name').notNull(),
    // The delivery place chosen at checkout (decision 026), its name as it was then ('' before
    // places, or imported); a removed place unlinks the order and leaves the name.
    placeId: text('place_id').references(() => deliveryPlaces.id, { onDelete: 'set null' }),
    placeName: text('place_name').notNull().default(''),
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
    // What the student's next payment screenshot is to show, when a rejection asked only for the
    // part of the total a short payment left unpaid ('pay the difference'); null: the total.
    balanceDuePaisa: integer('balance_due_paisa'),
    screenshotUrl: text('screenshot_url').notNull(),
    // Its fingerprint, copied from the upload (null: none could be taken), the orders of the
    // 90 days before whose screenshot is the same or looks the same, and when the check-screenshot
    // job looked for them (null: not yet; screenshotCheckOf, decision 011).
    screenshotSha256: text('screenshot_sha256'),
    screenshotPerceptual: bit('screenshot_perceptual', { dimensions: 2048 }),
    duplicateOf: jsonb('duplicate_of').$type<string[]>().notNull().default([]),
    screenshotCheckedAt: timestamp('screenshot_checked_at', { withTimezone: true }),
    cartItemsText: text('cart_items_text').notNull(),
    // The spec's Karachi long-format text, fixed at placement so every retry writes the same row.
    timestampText: text('timestamp_text').notNull(),
    placedAt: timestamp('placed_at', { withTimezone: true }).notNull().defaultNow(),
    // The delivery round the order goes with, decided in the placement transaction (null: its
    // campus ran no rounds); a round closed early or removed moves it on, with a note.
    batchId: text('batch_id').references(() => deliveryBatches.id, { onDelete: 'set null' }),
    // Where the order stands after checkout (shared/domain/order-status.ts); every change is an
    // order_transitions row, made with the expected state in the WHERE clause.
    status: text('status', { enum: ORDER_STATES }).notNull().default('placed'),
    statusChangedAt: timestamp('status_changed_at', { withTimezone: true }),
    // The sheet append (docs/architecture.md §3.4): started says a write was sent whose outcome may
    // be unknown (the next attempt reads the tab before writing again); appended says the row is
    // there.
    sheetWriteStartedAt: timestamp('sheet_write_started_at', { withTimezone: true }),
    sheetAppendedAt: timestamp('sheet_appended_at', { withTimezone: true }),
    // A row the spreadsheet refused for its content (a cell over its limit): set aside, with the
    // reason, so that the rest of the tab keeps flowing; an operator's retry writes it again.
    sheetSetAsideAt: timestamp('sheet_set_aside_at', { withTimezone: true }),
    sheetSetAsideReason: text('sheet_set_aside_reason'),
    // In a batch the spreadsheet refused without saying which row: written in batches of at most
    // this many rows, halved at each refusal, until the row it refuses goes alone and is named.
    sheetWriteLimit: integer('sheet_write_limit'),
    // What the row's Status and Status Time cells show (sync-order-status): the state and the
    // change time written last. The row is behind while they differ from status/status_changed_at.
    sheetStatus: text('sheet_status', { enum: ORDER_STATES }),
    sheetStatusChangedAt: timestamp('sheet_status_changed_at', { withTimezone: true }),
    // The batch the row's Batch cell shows; behind while it differs from batch_id.
    sheetBatchId: text('sheet_batch_id'),
    // The reference the row's Payment Reference cell shows; behind until it is written.
    sheetPaymentReference: text('sheet_payment_reference'),
    // The state of the order's refund (refunds), kept here with it for the sheet's Status cell;
    // the row is behind while the refund state its cell shows differs.
    refundState: text('refund_state', { enum: REFUND_STATES }),
    sheetRefundState: text('sheet_refund_state', { enum: REFUND_STATES }),
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
    // The Payments queue's search by reference.
    index('orders_payment_reference_idx').on(t.paymentReference),
    // The Payments queue (oldest first per campus and state) and a student's My Orders.
    index('orders_campus_status_idx').on(t.campusId, t.status, t.placedAt),
    index('orders_user_placed_idx').on(t.userId, t.placedAt),
    // A batch's orders, by state (pick and drop lists, dispatch).
    index('orders_batch_status_idx').on(t.batchId, t.status),
    // The look for an earlier order with the same screenshot bytes.
    index('orders_screenshot_sha256_idx').on(t.screenshotSha256),
    index('orders_sheet_pending_idx')
      .on(t.sheetTabName, t.placedAt)
      .where(sql`${t.sheetAppendedAt} is null`),
    // The orders of a tab whose Status cells are behind their state (sync-order-status).
    index('orders_sheet_status_pending_idx')
      .on(t.sheetTabName, t.statusChangedAt)
      .where(
        sql`${t.statusChangedAt} is not null and (${t.sheetStatusChangedAt} is distinct from ${t.statusChangedAt} or ${t.sheetStatus} is distinct from ${t.status})`,
      ),
    // The orders of a tab whose Batch or Payment Reference cell is behind (sync-order-status).
    index('orders_sheet_batch_pending_idx')
      .on(t.sheetTabName)
      .where(
        sql`${t.batchId} is distinct from ${t.sheetBatchId} or ${t.paymentReference} is distinct from ${t.sheetPaymentReference}`,
      ),
    // The orders of a tab whose Status cell does not show their refund yet (sync-order-status).
    index('orders_sheet_refund_pending_idx')
      .on(t.sheetTabName)
      .where(sql`${t.refundState} is distinct from ${t.sheetRefundState}`),
    // The worker's upkeep looks for orders whose mails are still missing (revive-order-jobs.ts).
    index('orders_mail_pending_idx').on(t.placedAt).where(sql`${t.adminsNotifiedAt} is null`),
    // ... and for orders whose screenshot was not checked yet.
    index('orders_screenshot_pending_idx')
      .on(t.placedAt)
      .where(sql`${t.screenshotCheckedAt} is null`),
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

/** Each change of an order's state: who, when, why. The order's timeline reads these. */
export const orderTransitions = pgTable(
  'order_transitions',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    orderId: text('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    action: text('action', { enum: ORDER_ACTION_NAMES }).notNull(),
    fromState: text('from_state', { enum: ORDER_STATES }).notNull(),
    toState: text('to_state', { enum: ORDER_STATES }).notNull(),
    actorId: text('actor_id').references(() => users.id, { onDelete: 'set null' }),
    // Kept as it was, like the order's own names: the timeline never changes afterwards.
    actorName: text('actor_name').notNull(),
    reason: text('reason').notNull().default(''),
    // The differences of the payment's evidence the admin confirmed before verifying.
    confirmedDifferences: jsonb('confirmed_differences').$type<string[]>().notNull().default([]),
    at: timestamp('at', { withTimezone: true }).notNull(),
    // The student's mail about this change, sent once (notify-order-status).
    studentNotifiedAt: timestamp('student_notified_at', { withTimezone: true }),
    // The campus admins' mails about it, where the rule sends them (notify-order-status).
    adminsNotifiedAt: timestamp('admins_notified_at', { withTimezone: true }),
  },
  (t) => [index('order_transitions_order_idx').on(t.orderId, t.id)],
);

/** What happened to an order besides its state (a move to another round), for its timeline. */
export const orderNotes = pgTable(
  'order_notes',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    orderId: text('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    at: timestamp('at', { withTimezone: true }).notNull(),
    text: text('text').notNull(),
  },
  (t) => [index('order_notes_order_idx').on(t.orderId, t.id)],
);

/**
 * The payment references of a campus, each used once: one open (no order yet) per student and
 * campus, shown at checkout before the student pays, then taken by the order placed. The key keeps
 * a code unique per campus for as long as its rows stay (a deleted person's orders keep theirs).
 */
export const paymentReferences = pgTable(
  'payment_references',
  {
    campusId: text('campus_id')
      .notNull()
      .references(() => campuses.id, { onDelete: 'cascade' }),
    code: text('code').notNull(),
    userId: text('user_id').references(() => users.id, { onDelete: 'set null' }),
    orderId: text('order_id')
      .unique('payment_references_order_key')
      .references(() => orders.id, { onDelete: 'cascade' }),
    issuedAt: timestamp('issued_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ name: 'payment_references_pkey', columns: [t.campusId, t.code] }),
    uniqueIndex('payment_references_open_idx')
      .on(t.userId, t.campusId)
      .where(sql`${t.orderId} is null`),
  ],
);

/**
 * What the worker read in an order's payment screenshot (decision 022), once per order: the lines
 * of text with their confidence, and the fields found in them (shared/domain/receipt-reading.ts);
 * `outcome` says why there is no reading: the engine ran out of time, or there was no picture.
 */
export const receiptReadings = pgTable(
  'receipt_readings',
  {
    orderId: text('order_id')
      .primaryKey()
      .references(() => orders.id, { onDelete: 'cascade' }),
    readAt: timestamp('read_at', { withTimezone: true }).notNull().defaultNow(),
    outcome: text('outcome', { enum: RECEIPT_OUTCOMES }).notNull(),
    lines: jsonb('lines').$type<ReadLine[]>().notNull(),
    reading: jsonb('reading').$type<ReceiptReading>(),
    // Copied out of `reading` to find the other orders whose receipt shows it.
    transactionId: text('transaction_id'),
  },
  (t) => [index('receipt_readings_transaction_idx').on(t.transactionId)],
);

/**
 * A quote (docs/decisions/025-held-quote.md): what checkout showed before the student paid, held
 * until `expires_at`. Its mart lines' stock is taken from mart_items while it is held and given
 * back when it is released (a newer quote of the person, or the upkeep past its time); the order
 * placed at it keeps that stock. Live: neither used nor released. One live quote per person.
 */
export const quotes = pgTable(
  'quotes',
  {
    id: text('id').primaryKey(),
    // Set null when the person's account is deleted: a live quote then runs out and its stock
    // goes back like any other's.
    userId: text('user_id').references(() => users.id, { onDelete: 'set null' }),
    campusId: text('campus_id')
      .notNull()
      .references(() => campuses.id, { onDelete: 'cascade' }),
    itemTotalPaisa: integer('item_total_paisa').notNull(),
    deliveryChargePaisa: integer('delivery_charge_paisa').notNull(),
    createdAt: createdAt(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    // The order placed at it.
    orderId: text('order_id').references(() => orders.id, { onDelete: 'cascade' }),
    // When its stock went back to the mart.
    releasedAt: timestamp('released_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('quotes_live_per_user_idx')
      .on(t.userId)
      .where(sql`${t.orderId} is null and ${t.releasedAt} is null`),
    index('quotes_held_until_idx')
      .on(t.expiresAt)
      .where(sql`${t.orderId} is null and ${t.releasedAt} is null`),
  ],
);

/** A quote's lines, priced and named as the quote showed them; the order's lines copy them. */
export const quoteLines = pgTable(
  'quote_lines',
  {
    quoteId: text('quote_id')
      .notNull()
      .references(() => quotes.id, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
    kind: text('kind', { enum: ['menu', 'mart'] }).notNull(),
    menuItemId: text('menu_item_id').references(() => menuItems.id, { onDelete: 'set null' }),
    martItemId: text('mart_item_id').references(() => martItems.id, { onDelete: 'set null' }),
    restaurantId: text('restaurant_id').references(() => restaurants.id, { onDelete: 'set null' }),
    restaurantName: text('restaurant_name').notNull(),
    name: text('name').notNull(),
    unitPricePaisa: integer('unit_price_paisa').notNull(),
    quantity: integer('quantity').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.quoteId, t.position] }),
    check('quote_lines_quantity_check', sql`${t.quantity} >= 1`),
  ],
);
