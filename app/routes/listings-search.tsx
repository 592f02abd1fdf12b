import { Form, Link, data, redirect, useLocation } from "react-router";
import type { Route } from "./+types/listings-search";
import { BackRow } from "~/components/layout/back-button";
import { AgentListingsSection } from "~/components/listings/agent-listings-section";
import { DdfNotice } from "~/components/listings/ddf-notices";
import { homesCount } from "~/components/listings/homes-for-sale-section";
import { ListingGrid } from "~/components/listings/listing-card";
import { ListingBanner } from "~/components/listings/listing-banner";
import {
  ARCHITECTURAL_STYLES,
  LISTING_SORTS,
  LISTING_SORT_LABELS,
  type ListingCard,
  type ListingPage,
  MAX_COMMUNITY_LENGTH,
  MAX_KEYWORDS_TEXT,
  NEW_WITHIN_DAYS,
  SEARCH_CITIES,
  boundsOf,
  boundsText,
  isRefined,
  listingSearchQuery,
  parseListingSearch,
} from "~/lib/listing-types";
import { Pagination } from "~/components/listings/pagination";
import { MapView } from "~/components/listings/map-view";
import { Button } from "~/components/ui/button";
import { LISTING_CATEGORIES } from "~/lib/schema-values";
import { formatCurrency } from "~/lib/format";
import { CATEGORY_LABELS } from "~/lib/listings";
import { pageMeta } from "~/lib/seo";
import { site } from "~/content/site";
import { agentListings, searchListings } from "~/lib/server/listings/queries.server";
import { serverContext } from "~/router-context";
import { AlertSignUp } from "~/components/alerts/alert-sign-up";
import { parseAlertCriteria } from "~/lib/alert-criteria";
import { alertsOf } from "~/lib/server/alerts/link-pages.server";
import { searchSignUpForm } from "~/lib/server/alerts/sign-up-form.server";

/**
 * /listings: the DDF® feed's homes for sale, searched with a plain GET form (city, price, beds,
 * baths, size, type and style, community, keywords, open houses, price reduced, new in the last
 * days, whether homes with an accepted offer are included, and the order), so it works without
 * JavaScript and every result page has its own address. Server-rendered per request. Bad
 * parameters are dropped or clamped (parseListingSearch), never an error page, and any spelling
 * but the search's own (listingSearchQuery) moves there (decision 054). Above the plain search's first page, the
 * agent's own listings, when the feed knows the agent (DDF_MEMBER_KEY).
 */
const PAGE_SIZE = 12;
/** The agent's own listings above the results: one row of the grid, so the results stay near on a phone. */
const AGENT_LISTINGS_LIMIT = 3;
/** The existing widget search, offered while the site has no feed of its own. */
const WIDGET_SEARCH_PATH = "/mls-search";

export async function loader({ request, context }: Route.LoaderArgs) {
  const params = new URL(request.url).searchParams;
  // A map always writes a good area: a bad one is a client's mistake, not a search to widen (decision 060).
  if (boundsOf(params.get("bounds")) === "invalid") throw data("Bad map area", { status: 400 });
  const search = parseListingSearch(params);
  // One address per search: blanks, unknown parameters, dropped values and other orders move to the
  // search's own spelling, so only those are rendered and kept by the caches (decision 054).
  const asked = new URLSearchParams(params);
  asked.delete("_routes");
  const canonical = listingSearchQuery(search);
  if (asked.toString() !== canonical) throw redirect(canonical ? `/listings?${canonical}` : "/listings", 301);
  const feed = context.get(serverContext)?.listings;
  const refined = isRefined(search);
  const memberKey = feed?.memberKey ?? null;
  const [result, mine]: [ListingPage | null, ListingCard[]] = feed
    ? await Promise.all([
        searchListings(feed.db, { ...search, pageSize: PAGE_SIZE, memberKey }),
        memberKey && !refined ? agentListings(feed.db, memberKey, AGENT_LISTINGS_LIMIT) : [],
      ])
    : [null, []];
  return {
    result,
    agentListings: mine,
    refined,
    map: {
      // The map shows every listing of the search, wherever it is; "Search this area" keeps the filters and the order.
      dataQuery: listingSearchQuery({ ...search, bounds: undefined, sort: undefined, page: 1 }),
      searchQuery: listingSearchQuery({ ...search, bounds: undefined, page: 1 }),
      bounds: search.bounds ?? null,
    },
    // "Save this search" with this page's filters, under the results (issue 32); only with the feed on.
    alertForm: result && alertsOf(context) ? searchSignUpForm(parseAlertCriteria(params)) : null,
    search: {
      city: search.city ?? "",
      type: search.category ?? "",
      minPrice: search.minPrice ?? null,
      maxPrice: search.maxPrice ?? null,
      minBeds: search.minBeds ?? null,
      minBaths: search.minBaths ?? null,
      minArea: search.minArea ?? null,
      maxArea: search.maxArea ?? null,
      style: search.style ?? "",
      community: search.community ?? "",
      q: search.keywords?.join(" ") ?? "",
      openHouse: Boolean(search.openHouse),
      reduced: Boolean(search.priceReduced),
      newWithinDays: search.newWithinDays ?? null,
      sort: search.sort ?? "newest",
      withAcceptedOffers: Boolean(search.withAcceptedOffers),
      bounds: search.bounds ? boundsText(search.bounds) : "",
    },
  };
}

export const meta: Route.MetaFunction = ({ loaderData }) =>
  pageMeta({
    title: "Homes for Sale in Edmonton and Area",
    description:
      "Search MLS® listings for sale in Edmonton and the surrounding towns and counties by city, price, bedrooms, bathrooms, size, property type and style, community and keywords.",
    path: "/listings",
    // Filtered and paged variants are the same listings again: only the plain search is indexed.
    noindex: !loaderData?.result || loaderData.refined,
  });

const fieldClass = "mt-1 block min-h-11 w-full rounded-md border border-line bg-surface px-3 text-ink";
const labelClass = "block text-sm font-bold text-ink";

type Option = readonly [value: string | number, text: string];

/** "1+", "2+"…: the fewest bedrooms or bathrooms a search asks for. */
const atLeast = (counts: number[]): Option[] => counts.map((n) => [n, `${n}+`]);

/** One list of the search form; `any` is its first choice, the empty value that leaves the filter off. */
function SearchSelect(props: { label: string; name: string; value: string | number; any?: string; options: Option[]; wide?: boolean }) {
  const { label, name, value, any, options, wide } = props;
  return (
    <label className={wide ? `${labelClass} col-span-2` : labelClass}>
      {label}
      <select name={name} defaultValue={value} className={fieldClass}>
        {any !== undefined && <option value="">{any}</option>}
        {options.map(([v, text]) => (
          <option key={v} value={v}>
            {text}
          </option>
        ))}
      </select>
    </label>
  );
}

/** A price or a size of the search form: a whole number, empty when the search has none. */
function SearchNumber({ label, name, step, value }: { label: string; name: string; step: number; value: number | null }) {
  return (
    <label className={labelClass}>
      {label}
      <input name={name} type="number" inputMode="numeric" min={0} step={step} defaultValue={value ?? ""} className={fieldClass} />
    </label>
  );
}

/** A typed filter of the search form (a community, keywords), a whole row on a phone. */
function SearchText(props: {
  label: string;
  name: string;
  type?: "text" | "search";
  maxLength: number;
  value: string;
  example: string;
  className?: string;
}) {
  const { label, name, type = "text", maxLength, value, example, className } = props;
  return (
    <label className={className ? `${labelClass} col-span-2 ${className}` : `${labelClass} col-span-2`}>
      {label}
      <input
        name={name}
        type={type}
        maxLength={maxLength}
        defaultValue={value}
        autoComplete="off"
        placeholder={`e.g. ${example}`}
        className={fieldClass}
      />
    </label>
  );
}

/** One "Show only" box of the search form: its name and value are the search's own parameter. */
function CheckboxField({ name, value, checked, children }: { name: string; value: string; checked: boolean; children: string }) {
  return (
    <label className="flex min-h-11 items-center gap-3 text-ink">
      <input type="checkbox" name={name} value={value} defaultChecked={checked} className="size-5 shrink-0 accent-brand" />
      {children}
    </label>
  );
}

/** The search form's values, as the loader gives them. */
type SearchValues = Route.ComponentProps["loaderData"]["search"];

/** How many of the folded filters the search uses, said on the summary. */
function refinements(search: SearchValues): number {
  const set = [search.minBaths, search.minArea, search.maxArea, search.newWithinDays].filter((v) => v !== null).length;
  const typed = [search.style, search.community, search.q].filter(Boolean).length;
  const boxes = [search.openHouse, search.reduced, search.withAcceptedOffers].filter(Boolean).length;
  return set + typed + boxes;
}

/**
 * The rest of the portals' filters, folded away as they fold them on a phone, so the first results
 * are a short scroll below the form. A native <details>: it opens without JavaScript, and it is
 * open when the search uses one of them, so what narrows the results is never hidden.
 */
function MoreFilters({ search }: { search: SearchValues }) {
  const on = refinements(search);
  return (
    <details open={on > 0} className="col-span-2 lg:col-span-4" data-testid="more-filters">
      {/* On a desktop, beside "Sort by": level with its list, below its label. */}
      <summary className="min-h-11 cursor-pointer py-2.5 font-bold text-brand lg:mt-6">
        {on > 0 ? `More filters (${on} on)` : "More filters"}
      </summary>
      <div className="mt-2 grid grid-cols-2 gap-4 lg:grid-cols-4">
        <SearchSelect label="Bathrooms" name="minBaths" value={search.minBaths ?? ""} any="Any" options={atLeast([1, 2, 3, 4])} />
        <SearchSelect label="Style" name="style" value={search.style} any="Any style" options={ARCHITECTURAL_STYLES.map((s) => [s, s])} />
        <SearchNumber label="Min size (sq ft)" name="minArea" step={100} value={search.minArea} />
        <SearchNumber label="Max size (sq ft)" name="maxArea" step={100} value={search.maxArea} />
        <SearchSelect
          label="Listed"
          name="new"
          value={search.newWithinDays ?? ""}
          any="Any time"
          options={NEW_WITHIN_DAYS.map((d) => [d, d === 1 ? "In the last day" : `In the last ${d} days`])}
          wide
        />
        <SearchText label="Community" name="community" maxLength={MAX_COMMUNITY_LENGTH} value={search.community} example="Windermere" />
        <SearchText
          label="Keywords"
          name="q"
          type="search"
          maxLength={MAX_KEYWORDS_TEXT}
          value={search.q}
          example="garage fireplace"
          className="lg:col-span-4"
        />
        <fieldset className="col-span-2 flex flex-wrap gap-x-6 lg:col-span-4">
          <legend className="sr-only">Show only</legend>
          <CheckboxField name="openHouse" value="1" checked={search.openHouse}>
            Open houses
          </CheckboxField>
          <CheckboxField name="reduced" value="1" checked={search.reduced}>
            Price reduced
          </CheckboxField>
          <CheckboxField name="status" value="all" checked={search.withAcceptedOffers}>
            Include homes with an accepted offer
          </CheckboxField>
        </fieldset>
      </div>
    </details>
  );
}

export default function ListingsSearch({ loaderData }: Route.ComponentProps) {
  const { result, search, agentListings: mine, alertForm, refined, map } = loaderData;
  const { pathname, search: query } = useLocation();
  const withoutArea = new URLSearchParams(query);
  withoutArea.delete("bounds");
  withoutArea.delete("page");
  return (
    <>
      <ListingBanner title="Homes for Sale">
        <p className="mt-2 text-lg">Edmonton and area listings</p>
      </ListingBanner>
      <div className="mx-auto max-w-6xl px-4 py-8">
        {!result ? (
          <p className="max-w-2xl text-lg text-ink" data-testid="feed-off">
            The home search on this page is not available right now. You can search every MLS® listing with the{" "}
            <Link to={WIDGET_SEARCH_PATH} className="font-bold text-brand underline">
              MLS® Search
            </Link>
            .
          </p>
        ) : (
          <>
            <Form
              method="get"
              action="/listings"
              className="grid grid-cols-2 gap-4 rounded-xl border border-line bg-surface-muted p-4 lg:grid-cols-6"
              aria-label="Search homes for sale"
            >
              {/* The map's area stays while the other filters change; "Whole region" below drops it. */}
              {search.bounds && <input type="hidden" name="bounds" value={search.bounds} />}
              <SearchSelect label="City" name="city" value={search.city} any="All areas" options={SEARCH_CITIES.map((c) => [c, c])} wide />
              <SearchNumber label="Min price" name="minPrice" step={1000} value={search.minPrice} />
              <SearchNumber label="Max price" name="maxPrice" step={1000} value={search.maxPrice} />
              <SearchSelect label="Bedrooms" name="minBeds" value={search.minBeds ?? ""} any="Any" options={atLeast([1, 2, 3, 4, 5])} />
              <SearchSelect
                label="Type"
                name="type"
                value={search.type}
                any="Any type"
                options={LISTING_CATEGORIES.map((c) => [c, CATEGORY_LABELS[c]])}
              />
              {/* Two columns on a desktop: "Size, largest first" does not fit one. */}
              <SearchSelect
                label="Sort by"
                name="sort"
                value={search.sort}
                options={LISTING_SORTS.map((s) => [s, LISTING_SORT_LABELS[s]])}
                wide
              />
              <MoreFilters search={search} />
              <Button type="submit" className="col-span-2 lg:col-span-6 lg:justify-self-start">
                Search
              </Button>
            </Form>
            <AgentListingsSection
              listings={mine}
              heading={`${site.agent.name}'s listings`}
              moreLink={false}
              notice={false}
              className="mt-8"
            />
            <section aria-labelledby="results-heading" className="mt-8">
              <h2 id="results-heading" className="text-2xl font-bold text-ink">
                {search.city ? `Homes for sale in ${search.city}` : "Homes for sale"}
              </h2>
              <MapView dataQuery={map.dataQuery} searchQuery={map.searchQuery} bounds={map.bounds ?? undefined} className="mt-3" />
              <p className="mt-1 text-ink-muted" data-testid="listings-summary">
                {homesCount(result.total)} match{search.bounds ? " in the map's area" : ""}
                {search.sort !== "newest" ? `, ${LISTING_SORT_LABELS[search.sort].toLowerCase()}` : ""}
                {result.medianAskingPrice !== null && (
                  <>
                    {" "}
                    · median asking price <strong className="text-ink">{formatCurrency(result.medianAskingPrice)}</strong>
                  </>
                )}
                {search.bounds && (
                  <>
                    {" "}
                    ·{" "}
                    <Link
                      to={withoutArea.size ? `/listings?${withoutArea}` : "/listings"}
                      className="font-bold text-brand underline"
                      data-testid="whole-region"
                    >
                      Whole region
                    </Link>
                  </>
                )}
              </p>
              {result.listings.length > 0 ? (
                <ListingGrid listings={result.listings} />
              ) : (
                <p className="mt-6 rounded-md border border-line bg-surface p-4" data-testid="no-listings">
                  {result.total > 0
                    ? `There are no listings on page ${result.page}: the results end at page ${result.pageCount}.`
                    : "No listings match this search right now. Try a wider price range or another area, or fewer filters."}{" "}
                  {refined && (
                    <Link to="/listings" className="font-bold text-brand underline">
                      Clear the search
                    </Link>
                  )}
                </p>
              )}
              <Pagination pathname={pathname} search={new URLSearchParams(query)} page={result.page} pageCount={result.pageCount} />
            </section>
            {alertForm && <AlertSignUp form={alertForm} className="mt-8" />}
            <DdfNotice className="mt-8" />
          </>
        )}
        <BackRow className="mt-8" />
      </div>
    </>
  );
}
