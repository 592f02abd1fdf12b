/**
 * How application code writes SQL (decision 036): drizzle's `sql` template with the schema's
 * tables and columns interpolated, never their names as strings, so renaming a column in
 * db/schema.ts fails to compile wherever it is used; and rows typed from the columns they select,
 * never by a hand-written type beside the query.
 *
 *   const rows = await select(db.rows, { email: inboxInvites.email, expires_at: inboxInvites.expires_at },
 *     sql`from ${inboxInvites} where ${inboxInvites.token_hash} = ${hash}`);
 *   // rows: { email: string | null; expires_at: Date }[]
 *
 * A column interpolated into `sql` renders qualified ("inbox_invites"."email"), which is what a
 * select list, a join or a where clause wants; the column lists of `insert … (…)`, `update … set`
 * and `on conflict (…)` take `name(column)`, the bare quoted name.
 */
import { type Column, SQL, sql } from "drizzle-orm";
import type { Database } from "./database";

/** What a select list may name: a schema column, or an expression typed with `sql<T>`. */
export type Selectable = Column | SQL<unknown>;

/** The row a select list gives: each column's type from the schema (null when the column is nullable), each expression's own. */
export type RowOf<F extends Record<string, Selectable>> = {
  [K in keyof F]: F[K] extends Column
    ? F[K]["_"]["notNull"] extends true
      ? F[K]["_"]["data"]
      : F[K]["_"]["data"] | null
    : F[K] extends SQL<infer T>
      ? T
      : never;
};

/** `"table"."column" as "key", …`: the select list of `fields`, each under its key. */
export function selectList(fields: Record<string, Selectable>): SQL {
  return sql.join(
    Object.entries(fields).map(([key, field]) => sql`${field} as ${sql.identifier(key)}`),
    sql`, `,
  );
}

/**
 * `[with <ctes>] select <fields> <rest>`: `rest` is the rest of the statement (`from … where …`);
 * `options.with` the common table expressions before it (`claimed as (update … returning …)`: a
 * data-modifying statement can only feed a select from a CTE). Rows come back under the fields'
 * keys, typed from the schema.
 */
export function select<F extends Record<string, Selectable>>(
  rows: Database["rows"],
  fields: F,
  rest: SQL,
  options: { with?: SQL } = {},
): Promise<RowOf<F>[]> {
  return rows<RowOf<F>>(
    options.with ? sql`with ${options.with} select ${selectList(fields)} ${rest}` : sql`select ${selectList(fields)} ${rest}`,
  );
}

/** `returning <fields>` for an insert, update or delete, with the same typed rows as `select`. */
export function returning<F extends Record<string, Selectable>>(rows: Database["rows"], fields: F, statement: SQL): Promise<RowOf<F>[]> {
  return rows<RowOf<F>>(sql`${statement} returning ${selectList(unqualified(fields))}`);
}

/** A column's bare quoted name, for the column lists of insert, update set and on conflict. */
export function name(column: Column): SQL {
  return sql`${sql.identifier(column.name)}`;
}

/** `returning` may name only the target table's columns, bare: a qualified name there is fine in PostgreSQL, but an alias of the table is not, so columns are written bare. */
function unqualified(fields: Record<string, Selectable>): Record<string, Selectable> {
  return Object.fromEntries(Object.entries(fields).map(([key, field]) => [key, isColumn(field) ? name(field) : field]));
}

function isColumn(field: Selectable): field is Column {
  return !(field instanceof SQL);
}
