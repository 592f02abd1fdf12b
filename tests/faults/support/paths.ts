/** Where the suites keep what they build and the template database they copy. */
import path from "node:path";
import { fileURLToPath } from "node:url";

export const repoRoot = fileURLToPath(new URL("../../..", import.meta.url));
/** The production build under test (FAULTS_BUILD_DIR, default build-faults/). */
export const buildDir = path.resolve(repoRoot, process.env.FAULTS_BUILD_DIR || "build-faults");
