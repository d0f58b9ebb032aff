import { sql } from 'drizzle-orm';
import { index, integer, jsonb, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import type { TStatementMapping } from '../../../domain/bank-statement';
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
