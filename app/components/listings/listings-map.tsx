/**
 * The map itself (issue 45, decision 060): MapLibre GL JS with the configured style
 * (MAP_STYLE_URL), the search's listings as a clustered GeoJSON source, a marker's card fetched
 * when it is opened, "Search this area" once the map has moved, a neighbourhood's outline or
 * one home when the page has them, and the City's neighbourhood boundaries as a layer the visitor
 * turns on (neighbourhoods-layer.ts). Only ever loaded with `import()` from map-view.tsx.
 *
 * Keyboard: the map takes focus; the arrow keys pan and + and − zoom (MapLibre's own), Enter
 * opens the card of the listing nearest the centre (or zooms into the cluster there), and the
 * card's link takes focus. A polite status line says how many listings the map holds. The list
 * under the map stays the way to every listing for a screen reader.
 */
import {
  type GeoJSONSource,
  type LngLatBoundsLike,
  Map as MapLibreMap,
  type MapGeoJSONFeature,
  type MapMouseEvent,
  Marker,
  NavigationControl,
  Popup,
  setWorkerUrl,
} from "maplibre-gl";
import "maplibre-gl/dist/maplibre-gl.css";
import workerUrl from "maplibre-gl/dist/maplibre-gl-worker.mjs?url";
import { useEffect, useRef, useState } from "react";
import { useNavigate } from "react-router";
import { Button } from "~/components/ui/button";
import { publicConfig } from "~/lib/public-config";
import { type ListingCard, type MapBounds, boundsOf, listingSearchQuery, parseListingSearch } from "~/lib/listing-types";
import { type MapData, decodeMapData, shortPrice } from "~/lib/map-data";
import { formatCurrency } from "~/lib/format";
import type { MapViewProps } from "./map-view";
import {
  HOOD_LAYERS,
  addNeighbourhoods,
  boundariesAvailable,
  neighbourhoodCard,
  neighbourhoodsShown,
  setNeighbourhoodsVisible,
} from "./neighbourhoods-layer";

// The worker is its own file from this site's origin (worker-src 'self'), not a blob of the bundle.
setWorkerUrl(workerUrl);

const BRAND = "#1d4ed8";
/** Where the region's map opens before its listings are known: Edmonton. */
const REGION_CENTRE: [number, number] = [-113.4938, 53.5461];
const REGION_ZOOM = 9;
const HOME_ZOOM = 14;
const LAYERS = { clusters: "listing-clusters", counts: "listing-cluster-counts", points: "listing-points", prices: "listing-prices" };

/** A box MapLibre reports, inside the ranges the search accepts and rounded as its address rounds it. */
function searchableBounds(map: MapLibreMap): MapBounds | null {
  const b = map.getBounds();
  const clamp = (n: number, max: number) => Math.max(-max, Math.min(max, n));
  const text = [clamp(b.getSouth(), 90), clamp(b.getWest(), 180), clamp(b.getNorth(), 90), clamp(b.getEast(), 180)]
    .map((n) => n.toFixed(6))
    .join(",");
  const bounds = boundsOf(text);
  return bounds && bounds !== "invalid" ? bounds : null;
}

/** The font the style's own labels use, for the cluster counts and prices (none: the style has no glyphs, so no labels). */
function labelFont(map: MapLibreMap): string[] | null {
  const style = map.getStyle();
  if (!style.glyphs) return null;
  for (const layer of style.layers) {
    const font = layer.type === "symbol" ? layer.layout?.["text-font"] : undefined;
    if (Array.isArray(font) && font.every((f) => typeof f === "string")) return font as string[];
  }
  return ["Noto Sans Regular"];
}

/** The card's content, built as elements with text (nothing from the feed is parsed as markup). */
function cardElement(card: ListingCard, open: (path: string) => void): HTMLElement {
  const root = document.createElement("div");
  root.className = "listings-map-card";
  root.dataset.testid = "map-card";
  if (card.photo) {
    const img = document.createElement("img");
    img.src = card.photo.replace(/\.jpg$/, "-w480.webp");
    img.alt = "";
    img.width = 240;
    img.height = 160;
    img.className = "mb-2 h-32 w-60 rounded object-cover";
    root.append(img);
  }
  const price = document.createElement("p");
  price.className = "text-base font-bold text-ink";
  price.textContent = card.price === null ? "Price on request" : formatCurrency(card.price);
  const link = document.createElement("a");
  link.href = card.path;
  link.className = "font-bold text-brand underline";
  link.textContent = [card.address, card.city].filter(Boolean).join(", ");
  link.addEventListener("click", (event) => {
    if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    event.preventDefault();
    open(card.path);
  });
  const rooms = document.createElement("p");
  rooms.className = "text-sm text-ink";
  rooms.textContent = [card.beds !== null && `${card.beds} bed`, card.baths !== null && `${card.baths} bath`].filter(Boolean).join(" · ");
  const brokerage = document.createElement("p");
  brokerage.className = "mt-1 text-xs text-ink-muted";
  brokerage.textContent = card.brokerages.join(", ");
  root.append(price, link, rooms, brokerage);
  return root;
}

/** A click inside a neighbourhood, not on a listing: its name, and a link to its page when it has one. */
function openNeighbourhood(map: MapLibreMap, event: MapMouseEvent & { features?: MapGeoJSONFeature[] }) {
  const listingLayers = [LAYERS.clusters, LAYERS.points].filter((id) => map.getLayer(id));
  if (listingLayers.length > 0 && map.queryRenderedFeatures(event.point, { layers: listingLayers }).length > 0) return;
  const feature = event.features?.[0];
  if (!feature) return;
  new Popup({ maxWidth: "280px" }).setLngLat(event.lngLat).setDOMContent(neighbourhoodCard(feature)).addTo(map);
}

export default function ListingsMap({ dataQuery, searchQuery, bounds, outline, home }: Omit<MapViewProps, "openLabel" | "className">) {
  const container = useRef<HTMLDivElement>(null);
  const mapRef = useRef<MapLibreMap | null>(null);
  const [ready, setReady] = useState(false);
  const [moved, setMoved] = useState(false);
  const [status, setStatus] = useState("Loading the map…");
  const navigate = useNavigate();
  const navigateRef = useRef(navigate);
  navigateRef.current = navigate;
  // The neighbourhoods layer: offered once the site says it has one; fetched the first time it is
  // turned on; what the map draws, for the attributes below (and the e2e spec that reads them).
  const [hoodsOffered, setHoodsOffered] = useState(false);
  const [hoodsOn, setHoodsOn] = useState(false);
  const [hoodsDrawn, setHoodsDrawn] = useState<{ shown: boolean; count: number } | null>(null);
  const hoodsWanted = useRef(false);
  const hoodsLoad = useRef<Promise<number | null> | null>(null);

  // The map, once.
  useEffect(() => {
    if (!container.current) return;
    const start: { bounds?: LngLatBoundsLike; center?: [number, number]; zoom?: number } = home
      ? { center: [home.longitude, home.latitude], zoom: HOME_ZOOM }
      : bounds
        ? { bounds: [bounds.west, bounds.south, bounds.east, bounds.north] }
        : { center: REGION_CENTRE, zoom: REGION_ZOOM };
    const map = new MapLibreMap({
      container: container.current,
      style: publicConfig.mapStyleUrl,
      ...start,
      attributionControl: { compact: true },
    });
    mapRef.current = map;
    map.addControl(new NavigationControl({ showCompass: false }), "top-right");
    map.on("load", () => {
      const font = labelFont(map);
      if (outline && outline.length >= 3) {
        const ring = [...outline, outline[0]!].map((p) => [p[0], p[1]]);
        map.addSource("outline", {
          type: "geojson",
          data: { type: "Feature", properties: {}, geometry: { type: "Polygon", coordinates: [ring] } },
        });
        map.addLayer({ id: "outline-fill", type: "fill", source: "outline", paint: { "fill-color": BRAND, "fill-opacity": 0.08 } });
        map.addLayer({ id: "outline-line", type: "line", source: "outline", paint: { "line-color": BRAND, "line-width": 2 } });
        if (!bounds && !home) {
          const lons = outline.map((p) => p[0]);
          const lats = outline.map((p) => p[1]);
          map.fitBounds([Math.min(...lons), Math.min(...lats), Math.max(...lons), Math.max(...lats)], { padding: 24, animate: false });
        }
      }
      if (home) {
        new Marker({ color: BRAND })
          .setLngLat([home.longitude, home.latitude])
          .addTo(map)
          .getElement()
          .setAttribute("aria-label", home.label);
        setStatus(`Map of ${home.label}.`);
        setReady(true);
        return;
      }
      map.addSource("listings", {
        type: "geojson",
        data: { type: "FeatureCollection", features: [] },
        cluster: true,
        clusterRadius: 48,
        clusterMaxZoom: 14,
      });
      map.addLayer({
        id: LAYERS.clusters,
        type: "circle",
        source: "listings",
        filter: ["has", "point_count"],
        paint: {
          "circle-color": BRAND,
          "circle-opacity": 0.85,
          "circle-stroke-color": "#ffffff",
          "circle-stroke-width": 2,
          "circle-radius": ["step", ["get", "point_count"], 14, 10, 18, 100, 24, 1000, 30],
        },
      });
      map.addLayer({
        id: LAYERS.points,
        type: "circle",
        source: "listings",
        filter: ["!", ["has", "point_count"]],
        paint: { "circle-color": BRAND, "circle-radius": 7, "circle-stroke-color": "#ffffff", "circle-stroke-width": 2 },
      });
      if (font) {
        map.addLayer({
          id: LAYERS.counts,
          type: "symbol",
          source: "listings",
          filter: ["has", "point_count"],
          layout: { "text-field": ["get", "point_count_abbreviated"], "text-font": font, "text-size": 13 },
          paint: { "text-color": "#ffffff" },
        });
        map.addLayer({
          id: LAYERS.prices,
          type: "symbol",
          source: "listings",
          filter: ["!", ["has", "point_count"]],
          layout: { "text-field": ["get", "label"], "text-font": font, "text-size": 12, "text-offset": [0, -1.4] },
          paint: { "text-color": "#111111", "text-halo-color": "#ffffff", "text-halo-width": 2 },
        });
      }
      setReady(true);
    });
    // Only a move the visitor made (drag, wheel, keys, the zoom buttons: MapLibre passes their
    // event along) offers to search there, not the map's own fitting.
    map.on("moveend", (event) => {
      if ((event as { originalEvent?: unknown }).originalEvent) setMoved(true);
    });

    const openFeature = async (feature: MapGeoJSONFeature) => {
      const source = map.getSource<GeoJSONSource>("listings");
      const [lng, lat] = (feature.geometry as { coordinates: number[] }).coordinates as [number, number];
      if (feature.properties.cluster) {
        const zoom = await source!.getClusterExpansionZoom(feature.properties.cluster_id as number);
        map.easeTo({ center: [lng, lat], zoom });
        return;
      }
      const key = String(feature.properties.key);
      const popup = new Popup({ maxWidth: "280px", focusAfterOpen: true }).setLngLat([lng, lat]).setText("Loading…").addTo(map);
      const response = await fetch(`/listings/map-card/${encodeURIComponent(key)}`).catch(() => null);
      if (!response?.ok) {
        popup.setText("This listing is no longer available.");
        return;
      }
      const card = (await response.json()) as ListingCard;
      popup.setDOMContent(cardElement(card, (path) => void navigateRef.current(path)));
      popup.getElement().querySelector<HTMLAnchorElement>("a[href]")?.focus();
    };
    const onClick = (event: { features?: MapGeoJSONFeature[] }) => {
      const feature = event.features?.[0];
      if (feature) void openFeature(feature);
    };
    map.on("click", LAYERS.clusters, onClick);
    map.on("click", LAYERS.points, onClick);
    for (const layer of [LAYERS.clusters, LAYERS.points]) {
      map.on("mouseenter", layer, () => (map.getCanvas().style.cursor = "pointer"));
      map.on("mouseleave", layer, () => (map.getCanvas().style.cursor = ""));
    }
    // Enter on the focused map: the listing (or cluster) shown nearest the centre.
    const canvas = map.getCanvas();
    canvas.setAttribute(
      "aria-label",
      "Map of the listings. Arrow keys move it, plus and minus zoom, Enter opens the listing nearest the centre.",
    );
    const onKey = (event: KeyboardEvent) => {
      if (event.key !== "Enter" || !map.getLayer(LAYERS.points)) return;
      const { width, height } = canvas.getBoundingClientRect();
      const centre = { x: width / 2, y: height / 2 };
      const near = map.queryRenderedFeatures({ layers: [LAYERS.clusters, LAYERS.points] });
      const distance = (f: MapGeoJSONFeature) => {
        const p = map.project((f.geometry as { coordinates: number[] }).coordinates as [number, number]);
        return Math.hypot(p.x - centre.x, p.y - centre.y);
      };
      const nearest = near.sort((a, b) => distance(a) - distance(b))[0];
      if (nearest) {
        event.preventDefault();
        void openFeature(nearest);
      }
    };
    canvas.addEventListener("keydown", onKey);
    return () => {
      canvas.removeEventListener("keydown", onKey);
      map.remove();
      mapRef.current = null;
    };
    // The map is made once; later props change its data (below) or nothing.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  // The search's listings, again whenever its filters change.
  useEffect(() => {
    const map = mapRef.current;
    if (!ready || !map || home) return;
    if (dataQuery === undefined) {
      setStatus("The neighbourhood's outline on the map.");
      return;
    }
    const controller = new AbortController();
    void (async () => {
      const response = await fetch(`/listings/map-data${dataQuery ? `?${dataQuery}` : ""}`, { signal: controller.signal }).catch(
        () => null,
      );
      if (!response?.ok) {
        setStatus("The listings could not be loaded on the map.");
        return;
      }
      const listings = decodeMapData((await response.json()) as MapData);
      map.getSource<GeoJSONSource>("listings")?.setData({
        type: "FeatureCollection",
        features: listings.map((l) => ({
          type: "Feature",
          properties: { key: l.key, label: shortPrice(l.price) },
          geometry: { type: "Point", coordinates: [l.longitude, l.latitude] },
        })),
      });
      setStatus(`${listings.length.toLocaleString("en-CA")} ${listings.length === 1 ? "listing" : "listings"} on the map.`);
      if (!bounds && !outline && listings.length > 0) {
        const lons = listings.map((l) => l.longitude);
        const lats = listings.map((l) => l.latitude);
        map.fitBounds([Math.min(...lons), Math.min(...lats), Math.max(...lons), Math.max(...lats)], {
          padding: 32,
          animate: false,
          maxZoom: HOME_ZOOM,
        });
      }
    })();
    return () => controller.abort();
    // Refetched for a new search; a new map area alone changes the list, not the map's listings.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [ready, dataQuery]);

  // Whether the site has the neighbourhoods layer (a HEAD: the roll on and loaded); not for one home's map.
  useEffect(() => {
    if (!ready || home) return;
    const controller = new AbortController();
    void boundariesAvailable(controller.signal).then((available) => {
      if (!controller.signal.aborted) setHoodsOffered(available);
    });
    return () => controller.abort();
  }, [ready, home]);

  const toggleHoods = async (on: boolean) => {
    const map = mapRef.current;
    if (!map) return;
    hoodsWanted.current = on;
    setHoodsOn(on);
    if (on && !hoodsLoad.current) {
      const below = ["outline-fill", LAYERS.clusters].find((id) => map.getLayer(id));
      hoodsLoad.current = addNeighbourhoods(map, below, labelFont(map)).then((count) => {
        if (count !== null) map.on("click", HOOD_LAYERS.fill, (event) => openNeighbourhood(map, event));
        return count;
      });
    }
    const count = await hoodsLoad.current;
    if (count === null) {
      hoodsLoad.current = null;
      hoodsWanted.current = false;
      setHoodsOn(false);
      setStatus("The neighbourhoods could not be loaded on the map.");
      return;
    }
    // The last choice wins when the box was clicked again while the boundaries were loading.
    setNeighbourhoodsVisible(map, hoodsWanted.current);
    setHoodsDrawn({ shown: neighbourhoodsShown(map), count });
  };

  const searchHere = () => {
    const map = mapRef.current;
    const area = map && searchableBounds(map);
    if (!area || searchQuery === undefined) return;
    const query = listingSearchQuery({ ...parseListingSearch(new URLSearchParams(searchQuery)), bounds: area, page: 1 });
    setMoved(false);
    void navigate(`/listings?${query}`, { preventScrollReset: true });
  };

  return (
    <section id="listings-map" aria-label="Map" className="mt-4">
      <div className="relative">
        <div
          ref={container}
          className="h-[70vh] max-h-[640px] min-h-80 w-full rounded-xl border border-line"
          data-testid="listings-map"
          data-neighbourhoods={hoodsDrawn ? (hoodsDrawn.shown ? "shown" : "hidden") : undefined}
          data-neighbourhoods-count={hoodsDrawn?.count}
        />
        {searchQuery !== undefined && moved && (
          <div className="absolute inset-x-0 top-3 flex justify-center">
            <Button type="button" onClick={searchHere} className="shadow-md" data-testid="search-this-area">
              Search this area
            </Button>
          </div>
        )}
      </div>
      <div className="mt-1 flex min-h-11 flex-wrap items-center justify-between gap-x-4">
        <p role="status" className="text-sm text-ink-muted" data-testid="map-status">
          {status}
        </p>
        {hoodsOffered && (
          <label className="flex min-h-11 cursor-pointer items-center gap-2 text-sm font-bold text-ink">
            <input
              type="checkbox"
              checked={hoodsOn}
              onChange={(e) => void toggleHoods(e.target.checked)}
              className="size-4 accent-brand"
              data-testid="neighbourhoods-toggle"
            />
            Neighbourhoods
          </label>
        )}
      </div>
    </section>
  );
}
