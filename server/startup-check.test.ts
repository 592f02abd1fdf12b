import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { StartupError, checkDataDir, explainStartupFailure } from "./startup-check";

const root = mkdtempSync(path.join(tmpdir(), "startup-check-"));
afterAll(() => rmSync(root, { recursive: true, force: true }));

describe("checkDataDir", () => {
  it("creates a missing folder and leaves no probe behind", () => {
    const dir = path.join(root, "new", "data");
    checkDataDir(dir, 1);
    expect(() => checkDataDir(dir, 1)).not.toThrow();
  });

  it("names the folder when DATA_DIR is a file", () => {
    const file = path.join(root, "a-file");
    writeFileSync(file, "x");
    expect(() => checkDataDir(file, 1)).toThrow(StartupError);
    expect(() => checkDataDir(file, 1)).toThrow(`The data folder ${file} (DATA_DIR) is not a folder`);
  });

  it("refuses a disk with less room than asked for", () => {
    expect(() => checkDataDir(root, Number.MAX_SAFE_INTEGER)).toThrow(/has only [\d.]+ MiB free; the site needs at least \d+ MiB there/);
  });
});

describe("explainStartupFailure", () => {
  const refused = Object.assign(new Error("connect ECONNREFUSED 127.0.0.1:5999"), { code: "ECONNREFUSED" });

  it("says which PostgreSQL server could not be reached, without the password", () => {
    const line = explainStartupFailure(new Error("Failed query", { cause: refused }), {
      DATABASE_URL: "postgres://u:hunter2@db.internal:5999/site",
      DATA_DIR: "/data",
    });
    expect(line).toBe(
      "Cannot reach the PostgreSQL server at db.internal:5999/site (DATABASE_URL): Failed query. Start it or fix DATABASE_URL.",
    );
    expect(line).not.toContain("hunter2");
  });

  it("turns a file-system error under PGlite into the data-folder message", () => {
    const error = Object.assign(new Error("EROFS: read-only file system, open '/data/pglite/x'"), { code: "EROFS" });
    expect(explainStartupFailure(error, { DATA_DIR: "/data" })).toBe(
      "The data folder /data (DATA_DIR) is on a read-only file system. The site keeps its database and outgoing mail there: fix it or point DATA_DIR elsewhere.",
    );
  });

  it("keeps anything else to one line", () => {
    expect(explainStartupFailure(new Error("first\n  second"), { DATA_DIR: "/data" })).toBe("The site could not start: first second");
  });
});
