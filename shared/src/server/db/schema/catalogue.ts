import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  foreignKey,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  unique,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import type { TDeliverySlot } from '../../../domain/delivery-rounds';
import {
  DEFAULT_CLOSE_TIME,
  DEFAULT_IS_24X7,
  DEFAULT_OPEN_TIME,
} from '../../../domain/restaurant-hours';
import { DEFAULT_TIME_ZONE } from '../../../domain/time-zone';
import { createdAt, updatedAt } from './columns';

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
    // Pay-to account shown at checkout (docs/architecture.md §7); null falls back to the configured
    // default.
    payToAccountTitle: text('pay_to_account_title'),
    payToBankName: text('pay_to_bank_name'),
    payToAccountNumber: text('pay_to_account_number'),
    // The campus's weekly delivery rounds (shared/domain/delivery-rounds.ts), in week order;
    // empty: the campus runs no batches.
    deliverySlots: jsonb('delivery_slots').$type<TDeliverySlot[]>().notNull().default([]),
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
    // Where a closed batch's pick list goes; null: the restaurant gets none by e-mail.
    contactEmail: text('contact_email'),
    // The most orders of one delivery round with lines of this restaurant (decision 026); null:
    // no limit. A full round passes its next orders on to the next round with room.
    roundCapacity: integer('round_capacity'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('restaurants_campus_idx').on(t.campusId),
    check('restaurants_round_capacity_check', sql`${t.roundCapacity} > 0`),
  ],
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
    // Stored lower case with a leading @ (docs/product.md §5 Admin); the check below holds it to
    // that.
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
