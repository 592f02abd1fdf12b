/**
 * Compiles the production server (server/index.ts and what it imports from server/ and app/lib/server/)
 * into one JavaScript file, BUILD_DIR/server.js, with the SQL migrations and the embedded
 * database's thread (platform/db/pglite-thread.mjs, a worker thread's own file) copied beside it.
 * It also compiles in the third-party hosts the pages of the same build name, for the server's
 * Content-Security-Policy (server/security-headers.ts), and an initialised PGlite database for a
 * first start (platform/db/database.ts).
 * `npm start` runs that file with plain node. The operator's commands (`npm run backup`, `restore`,
 * `leads`, `listings`, `inbox`) are compiled beside it, BUILD_DIR/<name>.js, so they find the same
 * migrations and database thread and run with plain node on the production machine (tsx is for
 * development only). Packages stay external: node loads them from node_modules as usual.
 */
import { build } from "esbuild";
import { PGlite } from "@electric-sql/pglite";
import { cpSync, writeFileSync } from "node:fs";
import path from "node:path";
import { readConfig } from "../platform/config";
import { readPublicConfig } from "../public-config";
import { cspSourcesFrom } from "../server/security-headers";

const buildDir = path.resolve(readConfig().BUILD_DIR);
const started = Date.now();
// The operator's commands, compiled beside the server (package.json runs BUILD_DIR/<name>.js).
const COMMANDS = ["backup", "restore", "leads", "listings", "inbox", "assessments"];
await build({
  entryPoints: { server: "server/index.ts", ...Object.fromEntries(COMMANDS.map((name) => [name, `scripts/${name}.ts`])) },
  outdir: buildDir,
  bundle: true,
  packages: "external",
  platform: "node",
  format: "esm",
  target: "node20",
  sourcemap: true,
  logLevel: "warning",
  // The hosts the pages of this same build name, for the server's Content-Security-Policy
  // (cspSourcesOfBuild in server/security-headers.ts).
  define: { __BUILT_CSP_SOURCES__: JSON.stringify(cspSourcesFrom(readPublicConfig())) },
});
cpSync("db/migrations", path.join(buildDir, "migrations"), { recursive: true });
cpSync("platform/db/pglite-thread.mjs", path.join(buildDir, "pglite-thread.mjs"));
// A database made by initdb, for the server's first start in a new DATA_DIR (platform/db/database.ts):
// initdb there took the server to 800 MB resident for its seconds (issue 38), unpacking this does not.
const initial = await PGlite.create({ startParams: [...PGlite.defaultStartParams, "-c", "shared_buffers=16MB"] });
writeFileSync(path.join(buildDir, "pglite-initial.tar.gz"), Buffer.from(await (await initial.dumpDataDir("gzip")).arrayBuffer()));
await initial.close();
console.log(`Server and ${COMMANDS.join(", ")} compiled into ${path.relative(process.cwd(), buildDir)}/ in ${Date.now() - started} ms`);
