/**
 * What a backup reads of a database's catalog: its tables (in an order that respects their
 * foreign keys), their row counts, its sequences and its schema version. Backups copy every table
 * of the schema, whatever later migrations add, so the names come from the catalog, not from
 * db/schema.ts (the one place SQL names tables as strings; decision 036's rule is for the
 * application's queries).
 */
import { sql } from "drizzle-orm";
import type { Database } from "../db/database";

type Rows = Database["rows"];

export const SCHEMA = "public";

/** `public.leads` → an identifier drizzle quotes ("public"."leads"). */
export function tableIdentifier(qualified: string) {
  const [schema, table] = qualified.split(".");
  return sql`${sql.identifier(schema!)}.${sql.identifier(table!)}`;
}

/** The schema's tables, every table after the tables it references (parents first). */
export async function tablesInLoadOrder(rows: Rows): Promise<string[]> {
  const tables = (
    await rows<{ name: string }>(sql`
      select c.relname as name from pg_class c join pg_namespace n on n.oid = c.relnamespace
      where n.nspname = ${SCHEMA} and c.relkind in ('r', 'p') order by c.relname`)
  ).map((t) => t.name);
  const edges = await rows<{ child: string; parent: string }>(sql`
    select ch.relname as child, pa.relname as parent
    from pg_constraint k join pg_class ch on ch.oid = k.conrelid join pg_class pa on pa.oid = k.confrelid
      join pg_namespace n on n.oid = ch.relnamespace
    where k.contype = 'f' and n.nspname = ${SCHEMA}`);
  const parents = new Map(tables.map((t) => [t, new Set<string>()]));
  for (const e of edges) if (e.child !== e.parent) parents.get(e.child)?.add(e.parent);
  const ordered: string[] = [];
  const placed = new Set<string>();
  while (ordered.length < tables.length) {
    const ready = tables.filter((t) => !placed.has(t) && [...parents.get(t)!].every((p) => placed.has(p)));
    // A cycle of foreign keys (none today): the rest in name order, and the load reports what fails.
    const next = ready.length > 0 ? ready : tables.filter((t) => !placed.has(t));
    for (const t of next) {
      placed.add(t);
      ordered.push(t);
    }
  }
  return ordered.map((t) => `${SCHEMA}.${t}`);
}

export async function rowCounts(rows: Rows, tables: string[]): Promise<Record<string, number>> {
  const counts: Record<string, number> = {};
  for (const table of tables) {
    const [row] = await rows<{ n: number }>(sql`select count(*)::integer as n from ${tableIdentifier(table)}`);
    counts[table] = Number(row?.n ?? 0);
  }
  return counts;
}

/** How many migrations the database has applied, and the last one's hash (drizzle's own table). */
export async function schemaVersion(rows: Rows): Promise<{ count: number; last: string | null }> {
  const [row] = await rows<{ count: number; last: string | null }>(sql`
    select count(*)::integer as count,
      (select hash from drizzle.__drizzle_migrations order by created_at desc, id desc limit 1) as last
    from drizzle.__drizzle_migrations`);
  return { count: Number(row?.count ?? 0), last: row?.last ?? null };
}

/** The schema's sequences that have been used, with their current values. */
export async function sequenceValues(rows: Rows): Promise<{ name: string; value: number }[]> {
  const found = await rows<{ name: string; value: number | null }>(sql`
    select sequencename as name, last_value as value from pg_sequences where schemaname = ${SCHEMA} order by sequencename`);
  return found.filter((s) => s.value !== null).map((s) => ({ name: `${SCHEMA}.${s.name}`, value: Number(s.value) }));
}
