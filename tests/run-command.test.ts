/**
 * The operator's commands before any build (scripts/run-command.mjs): one line saying what to do,
 * not node's "Cannot find module" stack trace.
 */
import { spawnSync } from "node:child_process";
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";

describe("an operator's command on a site not built yet", () => {
  it("says to build first, in one line, and fails", () => {
    const buildDir = path.join(mkdtempSync(path.join(tmpdir(), "run-command-")), "build");
    const run = spawnSync(process.execPath, ["scripts/run-command.mjs", "backup", "list"], {
      env: { ...process.env, BUILD_DIR: buildDir },
      encoding: "utf8",
    });
    expect(run.status).toBe(1);
    expect(run.stderr.trim().split("\n")).toEqual([
      `${path.join(buildDir, "backup.js")} does not exist yet: run \`npm run build\` (or \`npm start\`) once, then \`npm run backup\` again.`,
    ]);
  });
});
