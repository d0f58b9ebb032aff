import { timestamp } from 'drizzle-orm/pg-core';

// Money is integer paisa (1 Rs = 100 paisa) everywhere: never a float.

export const createdAt = () =>
  timestamp('created_at', { withTimezone: true }).notNull().defaultNow();
export const updatedAt = () =>
  timestamp('updated_at', { withTimezone: true })
    .notNull()
    .defaultNow()
    .$onUpdate(() => new Date());
