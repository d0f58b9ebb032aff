import { type Placeholder, type Query, sql } from 'drizzle-orm';
import { PgTransaction, type PreparedQueryConfig } from 'drizzle-orm/pg-core';
import type { Db } from './client';

/**
 * A query of a hot path (checkout), built once per database and sent as a named prepared
 * statement: drizzle builds its SQL text once instead of at every call (about 0.1 ms of the api's
 * CPU a query), and PostgreSQL parses and plans it once per connection. `build` prepares it with
 * `sql.placeholder`s for the values and a name no other query uses.
 *
 * A statement prepared on a database runs on any of its connections, outside any transaction: on
 * a transaction it is built anew each time, and runs inside that transaction.
 */
export function preparedQuery<Q>(build: (db: Db) => Q): (db: Db) => Q {
  const byDatabase = new WeakMap<Db, Q>();
  return (db) => {
    const isTransaction: boolean = db instanceof PgTransaction;
    if (isTransaction) return build(db);
    let query = byDatabase.get(db);
    if (!query) {
      query = build(db);
      byDatabase.set(db, query);
    }
    return query;
  };
}

/**
 * A write of a hot path that may run in a transaction (an order's insert), its SQL text built
 * once and sent as a named prepared statement on whichever database or transaction runs it.
 * `build` writes it with `sql.placeholder`s for the values; its result is the driver's own (no
 * field mapping): it suits statements without `returning`, or with `returning` of columns whose
 * database name is their field name.
 */
export function preparedStatement<V extends object, R = unknown>(
  name: string,
  build: (db: Db) => { toSQL(): Query },
): (db: Db, values: V) => Promise<R> {
  let query: Query | undefined;
  return (db, values) => {
    query ??= build(db).toSQL();
    return db._.session
      .prepareQuery<PreparedQueryConfig & { execute: R }>(query, undefined, name, false)
      .execute(values as Record<string, unknown>);
  };
}

/** A placeholder for each of `fields`, named after it: the values of a prepared insert. */
export function placeholders<K extends string>(fields: readonly K[]): Record<K, Placeholder<K>> {
  return Object.fromEntries(fields.map((field) => [field, sql.placeholder(field)])) as Record<
    K,
    Placeholder<K>
  >;
}
