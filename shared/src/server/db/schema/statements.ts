import { sql } from 'drizzle-orm';
import { index, integer, jsonb, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import type { TStatementMapping } from '../../../domain/bank-statement';
import { REFUND_STATES } from '../../../domain/refunds';
import { campuses } from './catalogue';
import { createdAt, updatedAt } from './columns';
import { orders } from './orders';
import { users } from './people';

/** Which columns of its bank's statement hold what, as a campus's admin chose them last. */
export const statementMappings = pgTable('statement_mappings', {
  campusId: text('campus_id')
    .primaryKey()
    .references(() => campuses.id, { onDelete: 'cascade' }),
  mapping: jsonb('mapping').$type<TStatementMapping>().notNull(),
  updatedAt: updatedAt(),
});

/**
 * The credits of the campus's receiving account, from the statements its admins imported
 * (decision 023). `row_key` is the row's content and its place among the file's rows of the same
 * content, so a second import of an overlapping period adds nothing twice. A credit goes to at
 * most one order, an order takes at most one credit.
 */
export const statementCredits = pgTable(
  'statement_credits',
  {
    id: text('id').primaryKey(),
    campusId: text('campus_id')
      .notNull()
      .references(() => campuses.id, { onDelete: 'cascade' }),
    rowKey: text('row_key').notNull(),
    // The campus's wall time, as the bank prints it: the day, and the time where it gives one.
    creditedOn: text('credited_on').notNull(),
    creditedAt: text('credited_at'),
    amountPaisa: integer('amount_paisa').notNull(),
    description: text('description').notNull(),
    transactionId: text('transaction_id').notNull(),
    references: jsonb('references').$type<string[]>().notNull(),
    orderId: text('order_id').references(() => orders.id, { onDelete: 'set null' }),
    matchedBy: text('matched_by', { enum: ['reference', 'amount'] }),
    importedBy: text('imported_by').references(() => users.id, { onDelete: 'set null' }),
    importedAt: createdAt(),
  },
  (t) => [
    uniqueIndex('statement_credits_row_idx').on(t.campusId, t.rowKey),
    uniqueIndex('statement_credits_order_idx').on(t.orderId).where(sql`${t.orderId} is not null`),
    index('statement_credits_open_idx')
      .on(t.campusId, t.creditedOn)
      .where(sql`${t.orderId} is null`),
  ],
);

/**
 * Money the campus owes a student for an order (decision 024): due when a paid order ends
 * cancelled or rejected (its credit found in the statement) or when an admin records one (an
 * over-payment, a payment made twice), sent once the admin transferred it back, with the
 * transfer's reference. One per order.
 */
export const refunds = pgTable(
  'refunds',
  {
    id: text('id').primaryKey(),
    orderId: text('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    campusId: text('campus_id')
      .notNull()
      .references(() => campuses.id, { onDelete: 'cascade' }),
    amountPaisa: integer('amount_paisa').notNull(),
    reason: text('reason').notNull(),
    state: text('state', { enum: REFUND_STATES }).notNull().default('due'),
    // Null: recorded by the app itself (a paid order cancelled or rejected).
    recordedBy: text('recorded_by').references(() => users.id, { onDelete: 'set null' }),
    recordedAt: createdAt(),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    sentReference: text('sent_reference'),
    sentBy: text('sent_by').references(() => users.id, { onDelete: 'set null' }),
    // The student's mail that it was sent, once (notify-refund-sent).
    studentNotifiedAt: timestamp('student_notified_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('refunds_order_idx').on(t.orderId),
    index('refunds_campus_idx').on(t.campusId, t.state, t.recordedAt),
  ],
);
