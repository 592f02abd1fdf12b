import { Suspense, lazy, useState } from "react";
import { useHydrated } from "~/components/forms/fields";
import { Button } from "~/components/ui/button";
import type { MapBounds } from "~/lib/listing-types";
import type { Point } from "~/lib/assessments/geometry";

/**
 * The "Map" view beside a list of listings, and a listing page's map behind a tap (issue 45).
 * MapLibre and its styles come with `import()` when the map is first opened, never with the page
 * (decision 060); until the page has hydrated, and without JavaScript, there is no button and the
 * list is the page. The button's row is drawn on the server at its final height, so nothing moves
 * when it appears.
 */
const loadMap = () => import("./listings-map");
const ListingsMap = lazy(loadMap);

export interface MapViewProps {
  /** The filters of the map's data (/listings/map-data?…): every listing of the search, not only this page's. */
  dataQuery?: string;
  /** The /listings filters "Search this area" keeps, the map's area added; absent: no such button. */
  searchQuery?: string;
  /** The box the map first shows (the search's own area); else it fits the listings. */
  bounds?: MapBounds;
  /** A neighbourhood's outline, [longitude, latitude] pairs, drawn as a layer. */
  outline?: readonly Point[];
  /** One home: the map shows it alone, centred (a listing page). */
  home?: { latitude: number; longitude: number; label: string };
  /** The button's words: "Map" beside a list, "Show on map" on a listing. */
  openLabel?: string;
  className?: string;
}

export function MapView({ openLabel = "Map", className = "", ...map }: MapViewProps) {
  const hydrated = useHydrated();
  const [open, setOpen] = useState(false);
  return (
    <div className={className}>
      <div className="flex min-h-11 flex-wrap items-center gap-3">
        {hydrated && (
          <Button
            type="button"
            variant="secondary"
            aria-expanded={open}
            aria-controls={open ? "listings-map" : undefined}
            data-testid="map-toggle"
            onClick={() => setOpen(!open)}
            onPointerEnter={() => void loadMap()}
            onFocus={() => void loadMap()}
          >
            {open ? "Hide map" : openLabel}
          </Button>
        )}
      </div>
      {open && (
        <Suspense fallback={<p className="mt-4 text-ink-muted">Loading the map…</p>}>
          <ListingsMap {...map} />
        </Suspense>
      )}
    </div>
  );
}
