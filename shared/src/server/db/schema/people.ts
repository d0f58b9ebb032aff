import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  foreignKey,
  index,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { ROLES } from '../../../domain/roles';
import { campuses } from './catalogue';
import { createdAt, updatedAt } from './columns';

// The user profile of docs/product.md §3, which is also better-auth's user model (name and image
// are its own fields). A profile outlives its campus: deleting a university leaves its people,
// without a campus.
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
