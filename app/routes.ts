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
  route("/healthz", "routes/resources/healthz.ts"),
  route("*", "routes/not-found.tsx", { id: "not-found" }),
] satisfies RouteConfig;
