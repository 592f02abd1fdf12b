import { useState } from "react";
import { Link, data, redirect, useLocation } from "react-router";
import type { Route } from "./+types/listing";
import { DdfNotice } from "~/components/listings/ddf-notices";
import { ListedByBadge, StatusBadge } from "~/components/listings/listing-marks";
import { ListingPhotos } from "~/components/listings/listing-photos";
import { bedsBaths, brokerageLine, formatListingPrice, formatLivingArea, statusLabel } from "~/lib/listing-text";
import type { ListingCard, ListingDetail, ListingRoom } from "~/lib/listing-types";
import { MapView } from "~/components/listings/map-view";
import { type ListingFacts, ListingFactsSection, SimilarHomes, daysOnMarket, listingFactsOf } from "~/components/listings/listing-facts";
import { costViewOf } from "~/lib/listing-cost-view";
import type { SentFigures } from "~/lib/buyer-figures";
import { OpenHousesSection } from "~/components/listings/open-house-times";
import { NotFoundContent } from "~/components/not-found-content";
import { ButtonLink, buttonClass } from "~/components/ui/button";
import { contactMessages } from "~/content/form-messages";
import { submitOrFail } from "~/lib/form-result";
import { CATEGORY_LABELS } from "~/lib/listings";
import { pageMeta } from "~/lib/seo";
import { realEstateListingJsonLd } from "~/lib/structured-data";
import { answerListingInquiryPost } from "~/lib/server/leads/contact-post.server";
import { formQuota } from "~/lib/server/leads/form-post.server";
import { serverContext } from "~/router-context";
import { similarListings } from "~/lib/server/listings/queries.server";
import { inquiryListingOf, listingOfSegment } from "~/lib/server/http/listing-page.server";
import type { AlertSignUpForm } from "~/lib/alert-values";
import { alertsOf } from "~/lib/server/alerts/link-pages.server";
import { watchSignUpForm } from "~/lib/server/alerts/sign-up-form.server";
import type { ListingAssessmentView } from "~/lib/assessments/present";
import { listingAssessment } from "~/lib/server/assessments/listing-assessment.server";
import { listingNeighbourhood } from "~/lib/server/assessments/neighbourhoods.server";
import { lazyPart } from "~/components/ui/lazy-part";

// Loaded when the buyer reaches for them, their server HTML kept until then (decision 061): the
// page's first script stays within issue 45's budget.
const AskAboutHomeForm = lazyPart(() => import("~/components/listings/ask-about-home-form").then((m) => m.AskAboutHomeForm));
const AlertSignUp = lazyPart(() => import("~/components/alerts/alert-sign-up").then((m) => m.AlertSignUp));
const CostPanel = lazyPart(() => import("~/components/listings/cost-panel").then((m) => m.CostPanel));
const ListingAssessment = lazyPart(() => import("~/components/assessments/listing-assessment").then((m) => m.ListingAssessment));

/**
 * One listing of the DDF® feed: /listings/{ListingKey}-{address-slug}. Server-rendered per
 * request (never prerendered), outside the page catalogue; /sitemap-listings.xml lists these.
 * Unknown keys answer 404 and removed listings 410, both with the spec's not-found page; a
 * page asked for with another slug moves permanently to the listing's own address.
 */
/**
 * The listing as the page's script needs it. The feed's facts come in words (`facts`), so their raw
 * form stays on the server but for the rooms' table; so do the fields only those words use. The
 * data travels inline in the page, and without them the document fits a new connection's first
 * round trip (decision 061).
 */
export type PageListing = Omit<ListingDetail, "facts" | "mlsNumber" | "community" | "subType" | "listedAt" | "modifiedAt"> & {
  rooms: ListingRoom[];
};

export function pageListing({
  facts,
  mlsNumber: _m,
  community: _c,
  subType: _s,
  listedAt: _l,
  modifiedAt: _d,
  ...rest
}: ListingDetail): PageListing {
  return { ...rest, rooms: facts.rooms };
}

type Found =
  | {
      listing: PageListing;
      /**
       * The buyer's figures "Ask about this home" sends, from `?down=&rate=&years=`; null without a price (and so no
       * cost panel). The panel works out the rest itself (cost-panel.tsx), so its figures and rules are not in the data.
       */
      costFigures: SentFigures | null;
      /** Worked out here, so the server's HTML and the hydrated page agree across midnight. */
      daysOnMarket: number | null;
      /** The facts in words (listingFactsOf), so the page's script has no labels or formatting for them. */
      facts: ListingFacts;
      similar: ListingCard[];
      /** "Watch this home" (issue 32): only with alerts on. */
      alertForm?: AlertSignUpForm | null;
      /** The City's assessment of the home (issue 42): only with the roll on and an unambiguous match. */
      assessment?: ListingAssessmentView | null;
      /** Without a matched account: the neighbourhood page whose boundary holds the listing (issue 42). */
      neighbourhood?: { slug: string; name: string } | null;
      /** The page's RealEstateListing structured data, made here so its builder is not in the page's script (decision 061). */
      jsonLd: object;
    }
  | { listing: null };

export async function loader({ params, context, request }: Route.LoaderArgs) {
  const segment = params.slug ?? "";
  const found = await listingOfSegment(context, segment);
  if (!found) return data<Found>({ listing: null }, { status: 404 });
  if ("gone" in found) return data<Found>({ listing: null }, { status: 410 });
  // Keys and slugs are plain ASCII, so the stored path compares with the decoded segment as it is.
  // The target is a path alone: the redirect can only ever stay on this site.
  if (`/listings/${segment}` !== found.path) throw redirect(found.path, 301);
  const feed = context.get(serverContext)?.listings;
  const similar = feed ? await similarListings(feed.db, found, { memberKey: feed.memberKey }) : [];
  const roll = context.get(serverContext)?.assessments;
  const assessment = roll
    ? await listingAssessment(roll, {
        key: found.key,
        address: found.address,
        city: found.city,
        price: found.price,
        latitude: found.latitude,
        longitude: found.longitude,
      })
    : null;
  const neighbourhood = roll && !assessment ? await listingNeighbourhood(roll.db, found) : null;
  const days = daysOnMarket(found.listedAt);
  return data<Found>({
    listing: pageListing(found),
    costFigures: costViewOf(found.price, found.costs, new URL(request.url).searchParams)?.sent ?? null,
    daysOnMarket: days,
    facts: listingFactsOf(found, days),
    similar,
    alertForm: alertsOf(context) ? watchSignUpForm(found.key) : null,
    assessment,
    neighbourhood,
    jsonLd: realEstateListingJsonLd(found),
  });
}

export function headers({ loaderHeaders }: Route.HeadersArgs) {
  return loaderHeaders;
}

/**
 * The breadcrumb bar names the page by the listing's own address, accents and punctuation as the
 * feed has them (components/layout/breadcrumbs.tsx reads this through useMatches); a page with no
 * listing keeps the label the catalogue gives its path.
 */
export const handle = {
  breadcrumb: (data: unknown): string | null => {
    const listing = (data as Found | undefined)?.listing;
    return listing ? listing.address : null;
  },
};

/** "Ask about this home" takes one unit of the visitor's form quota per POST, whatever spelling of the path it used. */
export const middleware: Route.MiddlewareFunction[] = [formQuota];

/** "Ask about this home": the contact form's action with the listing (and the buyer's figures, when sent) attached to the lead. */
export async function action({ request, params, context }: Route.ActionArgs) {
  const found = await listingOfSegment(context, params.slug ?? "");
  if (!found || "gone" in found) {
    return data({ status: "error" as const, message: "This home is no longer available.", values: null }, { status: found ? 410 : 404 });
  }
  return answerListingInquiryPost(request, context, inquiryListingOf(found));
}

export async function clientAction({ serverAction }: Route.ClientActionArgs) {
  return submitOrFail(serverAction, contactMessages);
}

function describe(l: PageListing): string {
  const facts = [...bedsBaths(l.beds, l.baths), formatLivingArea(l.area, l.areaUnits)].filter(Boolean).join(", ");
  const status = statusLabel(l.status);
  const lead = `${CATEGORY_LABELS[l.category]} for sale at ${[l.address, l.city].filter(Boolean).join(", ")}, ${formatListingPrice(l.price).replace(/^Price/, "price")}${status ? `, ${status.toLowerCase()}` : ""}${facts ? ` (${facts})` : ""}.`;
  const remarks = (l.remarks ?? "").replace(/\s+/g, " ").trim();
  const text = remarks ? `${lead} ${remarks}` : lead;
  return text.length > 160 ? `${text.slice(0, 157).replace(/\s+\S*$/, "")}…` : text;
}

export const meta: Route.MetaFunction = ({ loaderData }) => {
  if (!loaderData?.listing) {
    return pageMeta({
      title: "Page Not Found",
      description: "This page or property is no longer available. Browse current Edmonton listings instead.",
      path: "/404",
      noindex: true,
    });
  }
  const l = loaderData.listing;
  const place = [l.address, l.city].filter(Boolean).join(", ");
  // The share image: the first of the listing's photos that loads (the data layer knows which).
  const cover = l.cover ?? l.photos[0]?.url ?? null;
  return pageMeta({
    title: `${place}: ${formatListingPrice(l.price)}`,
    description: describe(l),
    path: l.path,
    image: cover ?? undefined,
    imageAlt: (cover && l.photos.find((p) => p.url === cover)?.description) || `${place}, the home for sale`,
    jsonLd: [loaderData.jsonLd],
  });
};

export default function ListingPage({ loaderData, actionData }: Route.ComponentProps) {
  if (!loaderData.listing) return <NotFoundContent />;
  // Keyed by listing: another listing's page starts from its own figures, not this one's.
  return <ListingView key={loaderData.listing.key} found={loaderData} actionData={actionData ?? null} />;
}

function ListingView({
  found,
  actionData,
}: {
  found: Extract<Found, { listing: PageListing }>;
  actionData: Route.ComponentProps["actionData"] | null;
}) {
  const l = found.listing;
  // The panel's figures as the buyer changes them, for the question form; the server's from the address first.
  const [figures, setFigures] = useState(found.costFigures);
  const { search } = useLocation();
  const place = [l.address, l.city].filter(Boolean).join(", ");
  return (
    <article className="mx-auto max-w-6xl px-4 py-8">
      <header className="wrap-anywhere">
        {l.listedByAgent && (
          <p className="mb-3 text-sm">
            <ListedByBadge />
          </p>
        )}
        <h1 className="text-2xl font-bold tracking-tight text-ink sm:text-3xl">{l.address}</h1>
        <p className="mt-1 text-lg text-ink-muted">{[l.city, l.province, l.postalCode].filter(Boolean).join(", ")}</p>
        <p className="mt-3 flex flex-wrap items-center gap-x-3 gap-y-2">
          <span className="text-3xl font-bold text-brand" data-testid="listing-price">
            {formatListingPrice(l.price)}
          </span>
          <StatusBadge status={l.status} className="text-base" />
        </p>
        {/* Below lg the question form and "Book a showing" come after the photos, the costs and the facts, several
            screens down on a phone: the way to them starts here. From lg they are beside the page. */}
        <p className="mt-4 grid max-w-md grid-cols-2 gap-3 lg:hidden" data-testid="listing-actions">
          {l.status === "active" && (
            <ButtonLink to={`${l.path}/showing`} compact className="text-center">
              Book a showing
            </ButtonLink>
          )}
          <a href="#ask-heading" className={buttonClass("secondary", "text-center", true)}>
            Ask a question
          </a>
        </p>
      </header>
      <div className="mt-6 grid gap-8 lg:grid-cols-[minmax(0,2fr)_minmax(0,1fr)]">
        <div className="min-w-0">
          <ListingPhotos photos={l.photos} place={place} path={l.path} />
          <dl className="mt-6 grid grid-cols-2 gap-x-6 gap-y-3 sm:grid-cols-3">
            {found.facts.main.map(([label, value]) => (
              <div key={label} className="min-w-0">
                <dt className="text-sm font-bold uppercase tracking-wide text-ink-muted">{label}</dt>
                <dd className="text-lg text-ink wrap-anywhere">{value}</dd>
              </div>
            ))}
          </dl>
          {found.costFigures && <CostPanel price={l.price} inputs={l.costs} query={search} action={l.path} onFigures={setFigures} />}
          <OpenHousesSection openHouses={l.openHouses} listingPath={l.path} className="mt-8" />
          {l.remarks && (
            <section aria-labelledby="about-home" className="mt-8">
              <h2 id="about-home" className="text-xl font-bold text-ink">
                About this home
              </h2>
              {/* The feed's text, shown as text: React escapes it, so no markup in it can run. A long
                  unbroken word (a pasted web address) wraps instead of widening the page. */}
              <p className="mt-2 whitespace-pre-line leading-7 text-ink wrap-anywhere" data-testid="listing-remarks">
                {l.remarks}
              </p>
            </section>
          )}
          {/* Behind a tap, below the photo and the facts: the first paint is the page's own (decision 060). */}
          {l.latitude !== null && l.longitude !== null && (
            <MapView home={{ latitude: l.latitude, longitude: l.longitude, label: place }} openLabel="Show on map" className="mt-6" />
          )}
          <ListingFactsSection rooms={l.rooms} groups={found.facts.more} />
          {found.assessment && <ListingAssessment view={found.assessment} className="mt-8" />}
          {!found.assessment && found.neighbourhood && (
            <p className="mt-6" data-testid="listing-neighbourhood">
              <Link to={`/neighbourhoods/${found.neighbourhood.slug}`} className="font-bold text-brand underline">
                Assessments in {found.neighbourhood.name}
              </Link>
            </p>
          )}
          <p className="mt-6 font-bold text-ink wrap-anywhere" data-testid="listing-brokerage">
            {brokerageLine(l.brokerages)}
          </p>
          {found.alertForm && <AlertSignUp form={found.alertForm} className="mt-8" />}
        </div>
        <aside
          aria-labelledby="ask-heading"
          className="min-w-0 self-start rounded-xl border border-line bg-surface p-5 shadow-sm lg:sticky lg:top-4"
        >
          {l.status === "active" && (
            <p className="mb-5">
              {/* A page of its own: its form and code load only when a buyer opens it (issue 44). */}
              <ButtonLink to={`${l.path}/showing`} className="w-full" data-testid="book-showing">
                Book a showing
              </ButtonLink>
            </p>
          )}
          <h2 id="ask-heading" className="text-xl font-bold text-ink">
            Ask about this home
          </h2>
          <AskAboutHomeForm action={l.path} address={place} documentResult={actionData ?? null} figures={figures ?? undefined} />
        </aside>
      </div>
      <SimilarHomes listings={found.similar} />
      <p className="mt-8">
        <Link to="/listings" className="font-bold text-brand underline">
          See more homes for sale
        </Link>
      </p>
      <DdfNotice listingUrl={l.listingUrl} className="mt-6" />
    </article>
  );
}
