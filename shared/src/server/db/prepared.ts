import { type ColumnBaseConfig, type GetColumnData, type Query, type SQL, sql } from 'drizzle-orm';
import type { PgColumn, PgTable, PreparedQueryConfig } from 'drizzle-orm/pg-core';
import type { Db } from './client';

// The queries of a hot path (checkout), their SQL text built once and sent as named prepared
// statements on whichever database or transaction runs them: drizzle builds a query's text anew at
// every call otherwise (about 0.1 ms of the api's CPU a query), and PostgreSQL parses and plans it
// once per connection instead of at every call. Each `build` writes its statement with
// `sql.placeholder`s for the values, under a name no other statement uses (decision 020).

/** Something drizzle can turn into SQL text and parameters. */
type Buildable = { toSQL(): Query };

/**
 * Runs `query` on the database or transaction `db`: as the named prepared statement `name`, or
 * unnamed without one.
 */
function runPrepared<R>(
  db: Db,
  query: Query,
  name: string | undefined,
  values: object,
  mapRows?: (rows: unknown[][]) => R,
): Promise<R> {
  return db._.session
    .prepareQuery<PreparedQueryConfig & { execute: R }>(query, undefined, name, !!mapRows, mapRows)
    .execute(values as Record<string, unknown>);
}

// Above this many rows an insert is built at each call: each number of rows is a statement of its
// own, and more rows at once are rare (a cart of many lines, a batch's jobs).
const MAX_PREPARED_ROWS = 16;

/** The row of `TTable` with exactly the fields `K`, each of them required. */
export type InsertRow<TTable extends PgTable, K extends keyof TTable['$inferInsert']> = {
  [P in K]-?: TTable['$inferInsert'][P];
};

/** Columns a prepared statement gives as the driver decodes them: drizzle has nothing to add. */
type PlainColumn = PgColumn<ColumnBaseConfig<'string' | 'number' | 'boolean' | 'json', string>>;

/**
 * A column of those types, or an expression whose SQL type the driver decodes to its TypeScript
 * type (text to string, integer or float8 to number, boolean; not bigint, which comes as text).
 */
type PlainField = PlainColumn | SQL<string> | SQL<number> | SQL<boolean>;

type PlainFields = Record<string, PlainField>;

/** A row of `fields` as a prepared statement gives it. */
type RowOf<F extends PlainFields> = {
  [K in keyof F]: F[K] extends SQL<infer T>
    ? T
    : F[K] extends PlainColumn
      ? GetColumnData<F[K]>
      : never;
};

/** Rows as the driver gives them in array mode, as objects of `fields` (in its keys' order). */
function rowsOf<F extends PlainFields>(fields: F): (rows: unknown[][]) => RowOf<F>[] {
  // drizzle selects (and returns) a flat record's columns in the order of its keys.
  const keys = Object.keys(fields);
  return (rows) =>
    rows.map((row) => Object.fromEntries(keys.map((key, index) => [key, row[index]])) as RowOf<F>);
}

/**
 * An insert of a few rows (an order's lines, its jobs), prepared once for each number of rows
 * (named `<name>_<rows>`), and built at each call above MAX_PREPARED_ROWS. `build` inserts the
 * rows it is given, records of `fields` whose values are placeholders (or the values themselves
 * above that many rows), and returns `returning`, a flat record of text, integer, boolean and
 * json columns, if any.
 */
export function preparedInsert<Row extends object, F extends PlainFields = Record<never, never>>(
  name: string,
  fields: readonly (keyof Row & string)[],
  build: (db: Db, rows: Row[], returning: F) => Buildable,
  returning: F = {} as F,
): (db: Db, rows: readonly Row[]) => Promise<RowOf<F>[]> {
  const insert = preparedInserts<{ rows: Row }, F>(
    name,
    { rows: fields },
    (db, groups, returningFields) => build(db, groups.rows, returningFields),
    returning,
  );
  return (db, rows) => insert(db, { rows });
}

/**
 * One statement that inserts several groups of rows, each into its table (an order, its lines and
 * its jobs, through WITH clauses): like preparedInsert, prepared once for each number of rows of
 * each group (named `<name>_<rows>_<rows>...`), built at each call when a group has more than
 * MAX_PREPARED_ROWS.
 */
export function preparedInserts<
  Groups extends Record<string, object>,
  F extends PlainFields = Record<never, never>,
>(
  name: string,
  fields: { [G in keyof Groups]: readonly (keyof Groups[G] & string)[] },
  build: (db: Db, rows: { [G in keyof Groups]: Groups[G][] }, returning: F) => Buildable,
  returning: F = {} as F,
): (db: Db, rows: { [G in keyof Groups]: readonly Groups[G][] }) => Promise<RowOf<F>[]> {
  const byShape = new Map<string, Query>();
  const mapRows = rowsOf(returning);
  const groupNames = Object.keys(fields) as (keyof Groups & string)[];
  // Names no group or field can make twice: neither has a colon.
  const placeholderName = (group: string, field: string, index: number) =>
    `${group}:${field}:${index}`;
  return async (db, rows) => {
    if (groupNames.some((group) => rows[group].length > MAX_PREPARED_ROWS)) {
      const copies = Object.fromEntries(groupNames.map((group) => [group, [...rows[group]]]));
      const query = build(db, copies as { [G in keyof Groups]: Groups[G][] }, returning).toSQL();
      return runPrepared(db, query, undefined, {}, mapRows);
    }
    const shape = groupNames.map((group) => rows[group].length).join('_');
    let query = byShape.get(shape);
    if (!query) {
      const placeholders = Object.fromEntries(
        groupNames.map((group) => [
          group,
          rows[group].map((_, index) =>
            Object.fromEntries(
              fields[group].map((field) => [
                field,
                sql.placeholder(placeholderName(group, field, index)),
              ]),
            ),
          ),
        ]),
      );
      query = build(db, placeholders as { [G in keyof Groups]: Groups[G][] }, returning).toSQL();
      byShape.set(shape, query);
    }
    const values = Object.fromEntries(
      groupNames.flatMap((group) =>
        rows[group].flatMap((row, index) =>
          fields[group].map((field) => {
            // A value left out would go in as null, not as the column's default.
            if (row[field] === undefined) throw new Error(`${name}: no value for ${field}`);
            return [placeholderName(group, field, index), row[field]];
          }),
        ),
      ),
    );
    return runPrepared(db, query, `${name}_${shape}`, values, mapRows);
  };
}

/**
 * A read, or an update (the cart's items at checkout, the stock it takes): `build` selects or
 * returns `fields`, a flat record of text, integer, boolean and json columns or expressions (none
 * for an update that returns nothing), and each row comes back as an object of those fields.
 */
export function preparedRows<F extends PlainFields, V extends object>(
  name: string,
  fields: F,
  build: (db: Db, fields: F) => Buildable,
): (db: Db, values: V) => Promise<RowOf<F>[]> {
  const mapRows = rowsOf(fields);
  let query: Query | undefined;
  return (db, values) => {
    query ??= build(db, fields).toSQL();
    return runPrepared(db, query, name, values, mapRows);
  };
}
