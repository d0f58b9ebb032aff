import { sql } from 'drizzle-orm';
import {
  bigserial,
  bit,
  index,
  integer,
  jsonb,
  pgTable,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { createdAt } from './columns';
import { users } from './people';

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
  // A payment screenshot's fingerprint (api/src/uploads/screenshot-fingerprint.ts): the SHA-256
  // of the bytes received and the perceptual hash; null where it could not be taken.
  sha256: text('sha256'),
  perceptual: bit('perceptual', { dimensions: 2048 }),
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
