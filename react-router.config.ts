import type { Config } from "@react-router/dev/config";
import { prerenderPaths } from "./app/content/pages";

export default {
  // Server rendering stays on for the pages with forms (contact, welcome, the calculator's
  // no-JavaScript result) and for 404s; everything else is written to static HTML at build time.
  ssr: true,
  // Guards (the inbox session and same-origin rule, each form's quota) are route middleware, so
  // every spelling of a path that reaches a route meets them (decision 028).
  future: { v8_middleware: true },
  prerender: prerenderPaths,
  // The end-to-end suite builds with its own public configuration into another folder.
  buildDirectory: process.env.BUILD_DIR || "build",
} satisfies Config;
