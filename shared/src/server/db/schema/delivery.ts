import { sql } from 'drizzle-orm';
import {
  check,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { campuses } from './catalogue';

// Delivery batches (docs/architecture.md §8, decision 013): one row per round of a campus that an
// order joined, made by the first order placed into it. Orders point at their batch
// (orders.batch_id).
export const deliveryBatches = pgTable(
  'delivery_batches',
  {
    id: text('id').primaryKey(),
    campusId: text('campus_id')
      .notNull()
      .references(() => campuses.id, { onDelete: 'cascade' }),
    cutoffAt: timestamp('cutoff_at', { withTimezone: true }).notNull(),
    deliveryAt: timestamp('delivery_at', { withTimezone: true }).notNull(),
    // Set once, by the close at the cut-off or by an admin earlier; an order never joins a
    // closed batch.
    closedAt: timestamp('closed_at', { withTimezone: true }),
    // Who closed it: 'schedule', or the admin's name as it was.
    closedBy: text('closed_by'),
  },
  (t) => [
    uniqueIndex('delivery_batches_campus_cutoff_key').on(t.campusId, t.cutoffAt),
    // The upkeep's look for batches whose cut-off passed while no close ran.
    index('delivery_batches_open_idx').on(t.cutoffAt).where(sql`${t.closedAt} is null`),
    check('delivery_batches_times_check', sql`${t.deliveryAt} > ${t.cutoffAt}`),
  ],
);

/** The mails of a closed batch already sent: each restaurant's pick list and the admins' notice. */
export const batchMails = pgTable(
  'batch_mails',
  {
    batchId: text('batch_id')
      .notNull()
      .references(() => deliveryBatches.id, { onDelete: 'cascade' }),
    // 'admins', or 'restaurant-<id>' / 'mart'.
    recipient: text('recipient').notNull(),
    sentAt: timestamp('sent_at', { withTimezone: true }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.batchId, t.recipient] })],
);

// Delivery places (decision 026): a campus's halls, departments and gates, in checkout's order.
// Orders keep the place's name (orders.place_name), so removing a place only unlinks them.
export const deliveryPlaces = pgTable(
  'delivery_places',
  {
    id: text('id').primaryKey(),
    campusId: text('campus_id')
      .notNull()
      .references(() => campuses.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    code: text('code').notNull(),
    note: text('note').notNull().default(''),
    position: integer('position').notNull(),
  },
  (t) => [
    uniqueIndex('delivery_places_campus_name_key').on(t.campusId, sql`lower(${t.name})`),
    uniqueIndex('delivery_places_campus_code_key').on(t.campusId, t.code),
  ],
);
