/**
 * The results map's "Neighbourhoods" layer (issue 45, decision 060): the live roll's boundaries
 * (assessment_boundaries of the live generation, decision 059) as one GeoJSON document, rounded
 * and simplified by app/lib/assessments/boundary-layer.ts, each named, with its page's slug when it
 * has one.
 *
 * The document changes only with the roll, so it is made once per generation and kept (a few
 * hundred kilobytes at most for the City's 400 neighbourhoods): a map asking again costs one read of
 * the import's state row. Its tag names the generation and when it went live (a restored backup or
 * a test's new database may reuse a generation's number, never with the same time).
 */
import { sql } from "drizzle-orm";
import { assessmentBoundaries as b, assessmentImport as st, assessmentNeighbourhoods as n } from "../../../../db/schema";
import type { Database } from "../../../../platform/db/database";
import { select } from "../../../../platform/db/query";
import { boundaryLayer } from "../../assessments/boundary-layer";
import type { Point } from "../../assessments/geometry";
import { neighbourhoodName } from "../../assessments/present";
import { MIN_HOMES_FOR_A_PAGE } from "./import.server";

export interface BoundariesDocument {
  /** The GeoJSON text. */
  body: string;
  /** A strong ETag, quoted: the generation and the time it went live. */
  etag: string;
}

/** The live roll's generation and when it went live; null while no roll has been loaded. */
async function liveRoll(db: Pick<Database, "rows">): Promise<{ generation: number; at: Date } | null> {
  const [row] = await select(db.rows, { generation: st.live_generation, at: st.live_imported_at }, sql`from ${st} where ${st.id} = 1`);
  return row?.generation != null && row.at ? { generation: row.generation, at: row.at } : null;
}

/** The last document made, per database (tests open several in one process). */
const made = new WeakMap<object, BoundariesDocument & { key: string }>();

/** The live roll's boundaries layer, or null when no roll is loaded (or it has no boundaries). */
export async function liveBoundariesLayer(db: Pick<Database, "rows">): Promise<BoundariesDocument | null> {
  const live = await liveRoll(db);
  if (!live) return null;
  const key = `${live.generation}-${live.at.getTime()}`;
  const kept = made.get(db);
  if (kept?.key === key) return kept;
  const rows = await select(
    db.rows,
    {
      name: b.name,
      polygons: b.polygons,
      slug: sql<string | null>`case when (${n.homes} ->> 'count')::integer >= ${MIN_HOMES_FOR_A_PAGE} then ${n.slug} end`,
    },
    sql`
    from ${b} left join ${n} on ${n.generation} = ${b.generation} and ${n.neighbourhood_id} = ${b.neighbourhood_id}
    where ${b.generation} = ${live.generation} order by ${b.name}, ${b.neighbourhood_id}`,
  );
  if (rows.length === 0) return null;
  const layer = boundaryLayer(rows.map((r) => ({ name: neighbourhoodName(r.name), slug: r.slug, polygons: r.polygons as Point[][][] })));
  const document = { key, body: JSON.stringify(layer), etag: `"nb-${key}"` };
  made.set(db, document);
  return document;
}
