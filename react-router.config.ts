import type { Config } from "@react-router/dev/config";
import { prerenderPaths } from "./app/content/pages";
import { readConfig } from "./platform/config";

export default {
  // Server rendering stays on for the pages with forms (contact, welcome, the calculator's
  // no-JavaScript result) and for 404s; everything else is written to static HTML at build time.
  ssr: true,
  // Guards (the inbox session and same-origin rule, each form's quota) are route middleware, so
  // every spelling of a path that reaches a route meets them (decision 028).
  future: { v8_middleware: true },
  prerender: prerenderPaths,
  // BUILD_DIR, from the one configuration module: the end-to-end suite builds into another folder.
  buildDirectory: readConfig().BUILD_DIR,
} satisfies Config;
