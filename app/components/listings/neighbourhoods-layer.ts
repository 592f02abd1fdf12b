/**
 * The results map's "Neighbourhoods" layer (issue 45, decision 060): the City's boundaries from
 * /neighbourhoods/boundaries.geojson (same origin: the CSP's connect-src 'self'), drawn under the
 * listings as faint areas with a line, named where the style has glyphs. Part of the map's own
 * chunk (imported by listings-map.tsx only), so no page's first scripts carry it.
 */
import type { Map as MapLibreMap, MapGeoJSONFeature } from "maplibre-gl";
import type { BoundaryFeatureProperties, BoundaryLayer } from "~/lib/assessments/boundary-layer";

export const BOUNDARIES_URL = "/neighbourhoods/boundaries.geojson";
export const HOOD_LAYERS = { fill: "neighbourhood-fill", line: "neighbourhood-lines", labels: "neighbourhood-labels" } as const;
const SOURCE = "neighbourhoods";
const INK = "#334155";

/** Whether the site has the layer (the roll on and loaded): a HEAD, so nothing is fetched before the visitor asks for it. */
export async function boundariesAvailable(signal: AbortSignal): Promise<boolean> {
  const response = await fetch(BOUNDARIES_URL, { method: "HEAD", signal }).catch(() => null);
  return response?.ok ?? false;
}

/**
 * Fetches the boundaries and adds their layers below `beforeId` (the listings' lowest layer), with
 * names when the style has a font; the number of neighbourhoods, or null when they could not be had
 * (or were already added: the caller asks once).
 */
export async function addNeighbourhoods(map: MapLibreMap, beforeId: string | undefined, font: string[] | null): Promise<number | null> {
  const response = await fetch(BOUNDARIES_URL).catch(() => null);
  if (!response?.ok) return null;
  const layer = (await response.json().catch(() => null)) as BoundaryLayer | null;
  if (!layer || !Array.isArray(layer.features)) return null;
  try {
    addLayers(map, layer, beforeId, font);
  } catch {
    // The map was closed while the boundaries were on their way (or they were added already).
    return null;
  }
  return layer.features.length;
}

function addLayers(map: MapLibreMap, layer: BoundaryLayer, beforeId: string | undefined, font: string[] | null) {
  map.addSource(SOURCE, { type: "geojson", data: layer });
  map.addLayer({ id: HOOD_LAYERS.fill, type: "fill", source: SOURCE, paint: { "fill-color": INK, "fill-opacity": 0.04 } }, beforeId);
  map.addLayer(
    {
      id: HOOD_LAYERS.line,
      type: "line",
      source: SOURCE,
      paint: { "line-color": INK, "line-opacity": 0.7, "line-width": ["interpolate", ["linear"], ["zoom"], 10, 0.75, 15, 2] },
    },
    beforeId,
  );
  if (font) {
    map.addLayer(
      {
        id: HOOD_LAYERS.labels,
        type: "symbol",
        source: SOURCE,
        minzoom: 12,
        layout: { "text-field": ["get", "name"], "text-font": font, "text-size": 12 },
        paint: { "text-color": INK, "text-halo-color": "#ffffff", "text-halo-width": 1.5 },
      },
      beforeId,
    );
  }
}

/** Shows or hides the layers (kept, with their data, for the next time). */
export function setNeighbourhoodsVisible(map: MapLibreMap, visible: boolean): void {
  for (const id of Object.values(HOOD_LAYERS)) {
    if (map.getLayer(id)) map.setLayoutProperty(id, "visibility", visible ? "visible" : "none");
  }
}

/** Whether the map draws the layer now: its line layer is there and not hidden. */
export function neighbourhoodsShown(map: MapLibreMap): boolean {
  return Boolean(map.getLayer(HOOD_LAYERS.line)) && map.getLayoutProperty(HOOD_LAYERS.line, "visibility") !== "none";
}

/** A clicked neighbourhood's name, and the link to its page when it has one (elements with text: nothing parsed as markup). */
export function neighbourhoodCard(feature: MapGeoJSONFeature): HTMLElement {
  const { name, slug } = feature.properties as BoundaryFeatureProperties;
  const root = document.createElement("div");
  root.dataset.testid = "neighbourhood-card";
  const title = document.createElement("p");
  title.className = "font-bold text-ink";
  title.textContent = String(name);
  root.append(title);
  if (slug) {
    const link = document.createElement("a");
    link.href = `/neighbourhoods/${encodeURIComponent(String(slug))}`;
    link.className = "text-sm font-bold text-brand underline";
    link.textContent = "Assessments and homes for sale";
    root.append(link);
  }
  return root;
}
