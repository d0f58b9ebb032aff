import {
  type ColumnBaseConfig,
  type GetColumnData,
  type Placeholder,
  type Query,
  sql,
} from 'drizzle-orm';
import { type PgColumn, PgTransaction, type PreparedQueryConfig } from 'drizzle-orm/pg-core';
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

/** Something drizzle can turn into SQL text and parameters. */
type Buildable = { toSQL(): Query };

/** Runs `query` as the named prepared statement `name` on the database or transaction `db`. */
function runPrepared<R>(
  db: Db,
  query: Query,
  name: string,
  values: object,
  mapRows?: (rows: unknown[][]) => R,
): Promise<R> {
  return db._.session
    .prepareQuery<PreparedQueryConfig & { execute: R }>(query, undefined, name, !!mapRows, mapRows)
    .execute(values as Record<string, unknown>);
}

/**
 * A write of a hot path that may run in a transaction (an order's insert), its SQL text built
 * once and sent as a named prepared statement on whichever database or transaction runs it.
 * `build` writes it with `sql.placeholder`s for the values. Its result is the driver's own, with
 * no column decoding (a timestamp comes back as text): it suits statements without `returning`,
 * or with `returning` of plain columns named like their fields.
 */
export function preparedStatement<V extends object, R = unknown>(
  name: string,
  build: (db: Db) => Buildable,
): (db: Db, values: V) => Promise<R> {
  let query: Query | undefined;
  return (db, values) => {
    query ??= build(db).toSQL();
    return runPrepared<R>(db, query, name, values);
  };
}

/** Columns a prepared read returns as the driver gives them: no decoding is needed. */
type PlainColumn = PgColumn<ColumnBaseConfig<'string' | 'number' | 'boolean', string>>;

/**
 * A read of a hot path that may run in a transaction (the bucket's items at checkout), built and
 * sent like a preparedStatement. `build` selects `fields`, a flat record of text, integer and
 * boolean columns; each row comes back as an object of those fields.
 */
export function preparedRows<F extends Record<string, PlainColumn>, V extends object>(
  name: string,
  fields: F,
  build: (db: Db, fields: F) => Buildable,
): (db: Db, values: V) => Promise<Array<{ [K in keyof F]: GetColumnData<F[K]> }>> {
  type Row = { [K in keyof F]: GetColumnData<F[K]> };
  // drizzle selects a flat record's columns in the order of its keys.
  const keys = Object.keys(fields);
  const mapRows = (rows: unknown[][]) =>
    rows.map((row) => Object.fromEntries(keys.map((key, index) => [key, row[index]])) as Row);
  let query: Query | undefined;
  return (db, values) => {
    query ??= build(db, fields).toSQL();
    return runPrepared(db, query, name, values, mapRows);
  };
}

/** A placeholder for each of `fields`, named after it: the values of a prepared insert. */
export function placeholders<K extends string>(fields: readonly K[]): Record<K, Placeholder<K>> {
  return Object.fromEntries(fields.map((field) => [field, sql.placeholder(field)])) as Record<
    K,
    Placeholder<K>
  >;
}
