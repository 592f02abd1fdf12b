import { type RouteConfig, index, route } from "@react-router/dev/routes";
import { allPages } from "./content/pages";

// Every page comes from the page catalogue (app/content/pages.ts); only resource routes and
// the not-found catch-all are added here.
export default [
  ...allPages.map((p) => (p.path === "/" ? index(p.file, { id: p.id }) : route(p.path, p.file, { id: p.id }))),
  route("/404", "routes/not-found.tsx", { id: "404" }),
  route("/sitemap.xml", "routes/resources/sitemap.xml.ts"),
  route("/robots.txt", "routes/resources/robots.txt.ts"),
  route("/blog/rss.xml", "routes/resources/rss.xml.ts"),
  // Listings of the DDF® feed (issue 12): server-rendered per request, never prerendered, not in the
  // page catalogue; with the feed off, /listings says so and the others answer 404.
  route("/listings", "routes/listings-search.tsx"),
  // The map of the search (issue 45): its listings in one compact document, and a marker's card.
  route("/listings/map-data", "routes/resources/listings-map-data.ts"),
  route("/listings/map-card/:key", "routes/resources/listings-map-card.ts"),
  route("/listings/:slug", "routes/listing.tsx"),
  // Every photo of a listing with its caption: the gallery's page without JavaScript (issue 45).
  route("/listings/:slug/photos", "routes/listing-all-photos.tsx"),
  // "Book a showing" (issue 44): its own page, so its form loads only when a buyer opens it.
  route("/listings/:slug/showing", "routes/listing-showing.tsx"),
  route("/listings/:slug/open-house/:openHouseKey", "routes/listing-open-house.tsx"),
  route("/listings/photos/:key/:file", "routes/resources/listing-photo.ts"),
  route("/sitemap-listings.xml", "routes/resources/sitemap-listings.xml.ts"),
  route("/healthz", "routes/resources/healthz.ts"),
  // The City's assessment roll (issue 42): neighbourhood pages, rendered per request; 404 with the roll off.
  route("/neighbourhoods", "routes/neighbourhoods.tsx"),
  // The results map's "Neighbourhoods" layer (issue 45): the live roll's boundaries as GeoJSON.
  route("/neighbourhoods/boundaries.geojson", "routes/resources/neighbourhood-boundaries.ts"),
  route("/neighbourhoods/:slug", "routes/neighbourhood.tsx"),
  route("/sitemap-neighbourhoods.xml", "routes/resources/sitemap-neighbourhoods.xml.ts"),
  // What's my home worth (issue 43): the address box's suggestions and one home's page (noindex); /home-value is in the catalogue.
  route("/home-value/suggest", "routes/resources/home-value-suggest.ts"),
  route("/home-value/:account", "routes/home-value-result.tsx"),
  // Listing alerts (issue 32): the sign-up, and the pages a mail's links open (each reads its signed token).
  route("/alerts", "routes/alerts/sign-up.tsx"),
  route("/alerts/confirm/:token", "routes/alerts/confirm.tsx"),
  route("/alerts/manage/:token", "routes/alerts/manage.tsx"),
  route("/alerts/unsubscribe/:token", "routes/alerts/unsubscribe.tsx"),
  route("/alerts/open/:token/:key", "routes/alerts/open.ts"),
  // Showings (issue 44): the buyer's signed link to cancel or move theirs, and the agent's calendar subscription.
  route("/showings/:token", "routes/showing-link.tsx"),
  route("/calendar/showings/:file", "routes/resources/showings-calendar.ts"),
  route("/alerts/home/:token/:account", "routes/alerts/home.ts"),
  // The inbox as an app: its manifest and service worker hold nothing private and must load without
  // the session (browsers fetch a manifest without cookies) and with their own caching, so they sit
  // outside the inbox's layout and its guard.
  route("/inbox/manifest.webmanifest", "routes/resources/inbox-manifest.ts"),
  route("/inbox/sw.js", "routes/resources/inbox-sw.ts"),
  // The agent's inbox: server-rendered only, never prerendered, not in the page catalogue (so in
  // no sitemap). Every inbox route, pages and resources alike, sits under the layout route, whose
  // middleware checks the session and the same-origin rule (app/lib/server/inbox/guard.server.ts).
  route("inbox", "routes/inbox/layout.tsx", [
    index("routes/inbox/people.tsx"),
    route("people/:personId", "routes/inbox/person.tsx"),
    route("people/:personId/export.json", "routes/inbox/person-export.ts", { id: "inbox-export-person-json" }),
    route("people/:personId/export.txt", "routes/inbox/person-export.ts", { id: "inbox-export-person-text" }),
    route("account", "routes/inbox/account.tsx"),
    route("showings", "routes/inbox/showings.tsx"),
    route("showings/:showingId", "routes/inbox/showings.tsx", { id: "inbox-showing" }),
    route("sign-in", "routes/inbox/sign-in.tsx"),
    route("setup/:token", "routes/inbox/setup.tsx"),
    route("sign-out", "routes/inbox/sign-out.ts"),
    route("passkey", "routes/inbox/passkey.ts"),
    route("pulse", "routes/inbox/pulse.ts"),
    route("export/people.csv", "routes/inbox/export.ts", { id: "inbox-export-people" }),
    route("export/submissions.csv", "routes/inbox/export.ts", { id: "inbox-export-submissions" }),
  ]),
  route("*", "routes/not-found.tsx", { id: "not-found" }),
] satisfies RouteConfig;
