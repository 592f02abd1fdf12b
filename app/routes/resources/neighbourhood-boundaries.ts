import type { Route } from "./+types/neighbourhood-boundaries";
import { liveBoundariesLayer } from "~/lib/server/assessments/boundaries-layer.server";
import { serverContext } from "~/router-context";

/**
 * /neighbourhoods/boundaries.geojson: the results map's "Neighbourhoods" layer (issue 45, decision
 * 060), the live roll's boundaries as GeoJSON (app/lib/server/assessments/boundaries-layer.server.ts).
 * 404 with the roll off or not loaded yet: the map asks first (HEAD) and offers no layer then.
 *
 * It changes only with the roll, once a year or so: browsers and shared caches keep it an hour and
 * may serve it a day longer while they revalidate by its tag, which names the roll's generation
 * (a 304 when it is unchanged). The server compresses it like any answer (about a tenth of its size).
 */
export const CACHE_CONTROL = "public, max-age=3600, stale-while-revalidate=86400";

export async function loader({ request, context }: Route.LoaderArgs) {
  const roll = context.get(serverContext)?.assessments;
  const layer = roll ? await liveBoundariesLayer(roll.db) : null;
  if (!layer) {
    // Not kept anywhere: the roll may be loaded a minute from now.
    return new Response("Not found", {
      status: 404,
      headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "no-store" },
    });
  }
  const headers = { ETag: layer.etag, "Cache-Control": CACHE_CONTROL };
  const asked = request.headers.get("If-None-Match");
  if (asked && asked.split(",").some((tag) => tag.trim().replace(/^W\//, "") === layer.etag)) {
    return new Response(null, { status: 304, headers });
  }
  return new Response(layer.body, { headers: { ...headers, "Content-Type": "application/geo+json" } });
}
