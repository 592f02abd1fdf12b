/**
 * Once per `npm run test:faults`: the production build under test (build-faults/, skipped with
 * FAULTS_SKIP_BUILD=1 when it exists) and a migrated PGlite folder that each test copies
 * instead of paying for PGlite's initdb again (several seconds per fresh folder).
 */
import { execFileSync } from "node:child_process";
import { existsSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { openDatabase } from "../../platform/db/database";
import { buildDir, repoRoot } from "./support/paths";

export default async function setup({ provide }: { provide: (key: "pgliteTemplate", value: string) => void }) {
  const started = Date.now();
  if (!(process.env.FAULTS_SKIP_BUILD === "1" && existsSync(path.join(buildDir, "server.js")))) {
    execFileSync("npm", ["run", "build"], {
      cwd: repoRoot,
      env: { ...process.env, NODE_ENV: "production", BUILD_DIR: buildDir },
      stdio: ["ignore", "ignore", "inherit"],
    });
  }
  const template = mkdtempSync(path.join(tmpdir(), "agent-site-faults-template-"));
  const db = await openDatabase({ pgliteDir: path.join(template, "pglite") });
  await db.close();
  console.log(`[faults] build and template database ready in ${Date.now() - started} ms`);
  provide("pgliteTemplate", template);
  return () => rmSync(template, { recursive: true, force: true });
}

declare module "vitest" {
  export interface ProvidedContext {
    pgliteTemplate: string;
  }
}
