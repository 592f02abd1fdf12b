import { useRef, useState } from "react";
import type * as ListingCostView from "~/lib/listing-cost-view";
import type { CostFields, CostView } from "~/lib/listing-cost-view";
import type { ListingCostInputs } from "~/lib/listing-types";

type CostsModule = typeof ListingCostView;

export interface ListingCostsState {
  view: CostView | null;
  fields: CostFields;
  setField: (key: keyof CostFields, value: string) => void;
  /** Starts loading the arithmetic (on the first focus or touch of the form), so it is there by the first keystroke. */
  prepare: () => void;
  /** True once the arithmetic is loaded: the form then needs no request to update. */
  ready: () => boolean;
}

/**
 * The panel's state. The first figures are the loader's (the same on the server and in the
 * browser, so nothing moves on hydration); the arithmetic that recomputes them (listing-costs.ts
 * with the calculator's modules) loads only when the buyer reaches for the form, so it is not in
 * the page's first script. Every change then recomputes in the browser, without a request, and
 * rewrites the query with replaceState, so a reload or a shared link keeps the figures.
 */
export function useListingCosts(price: number | null, inputs: ListingCostInputs, initial: CostView | null): ListingCostsState {
  const [view, setView] = useState(initial);
  const [fields, setFields] = useState<CostFields>(initial?.fields ?? { down: "", rate: "", years: "", ftb: "", new: "" });
  const loading = useRef<Promise<CostsModule> | null>(null);
  const loaded = useRef<CostsModule | null>(null);
  const prepare = () => {
    loading.current ??= import("~/lib/listing-cost-view").then(
      (m) => (loaded.current = m),
      (error: unknown) => {
        // Offline or a new deployment: try again on the next keystroke; meanwhile "Update" sends the form.
        loading.current = null;
        throw error;
      },
    );
  };
  const setField = (key: keyof CostFields, value: string) => {
    const next = { ...fields, [key]: value };
    setFields(next);
    prepare();
    // Resolved in the order asked: the last keystroke's figures are the ones that stay.
    void loading.current?.then(
      (m) => {
        const query = m.fieldsQuery(next);
        const nextView = m.costViewOf(price, inputs, query, true);
        if (nextView) setView(nextView);
        const { pathname, hash } = window.location;
        // Keep React Router's own history state (its idx drives the back button); no navigation, so no loader request.
        window.history.replaceState(window.history.state, "", `${pathname}?${query.toString()}${hash}`);
      },
      () => undefined,
    );
  };
  return { view, fields, setField, prepare, ready: () => loaded.current !== null };
}
