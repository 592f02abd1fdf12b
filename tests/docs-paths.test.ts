import { existsSync, readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

/**
 * Every repository path the README and the documents under docs/ name must exist: a reader who
 * follows one to the code finds it. A path counts when it is written in backticks and starts at
 * one of the repository's top-level folders (`server/…`, `app/…`), or is a relative link.
 * Placeholders (`app/routes/blog/<slug>.tsx`, `…/*.server.ts`) are checked up to the folder that
 * holds them. Files a document names as they were before a move are listed in HISTORICAL, each
 * with its reason.
 */
const repoRoot = path.resolve(import.meta.dirname, "..");

/** Folders a path must start with to be taken as the repository's (`data/…` is a running site's). */
const TOP_LEVEL = ["app", "db", "deploy", "docs", "platform", "public", "scripts", "server", "tests", "tools", "vite-plugins", ".ci"];

/**
 * `document: path` pairs that may name a missing file, each with its reason: one named as it was,
 * on purpose, or one another change of the same issue adds. The last test fails once an entry is
 * no longer needed, so none outlives its reason.
 */
const HISTORICAL: Record<string, string> = {};

function documents(): string[] {
  const walk = (dir: string): string[] =>
    readdirSync(path.join(repoRoot, dir), { withFileTypes: true }).flatMap((entry) => {
      const rel = path.posix.join(dir, entry.name);
      if (entry.isDirectory()) return walk(rel);
      return entry.name.endsWith(".md") ? [rel] : [];
    });
  return ["README.md", ...walk("docs")];
}

/** The paths a document names: backticked repository paths, and the targets of its relative links. */
function pathsNamedIn(text: string, document: string): string[] {
  const named: string[] = [];
  for (const [, token] of text.matchAll(/`([^`\s]+)`/g)) {
    const value = token!.replace(/:\d+$/, "");
    const first = value.split("/")[0]!;
    if (value.includes("/") && TOP_LEVEL.includes(first)) named.push(value);
  }
  for (const [, target] of text.matchAll(/\]\(([^)\s]+)\)/g)) {
    if (/^[a-z]+:/i.test(target!) || target!.startsWith("#")) continue;
    const file = target!.split("#")[0]!;
    named.push(path.posix.normalize(path.posix.join(path.posix.dirname(document), file)));
  }
  return named;
}

/** The part of a path that must exist: up to the folder that holds a placeholder. */
function existingPart(named: string): string {
  const cut = named.search(/[<*{…[]/);
  return cut < 0 ? named : named.slice(0, named.lastIndexOf("/", cut) + 1);
}

describe("the paths the documents name", () => {
  it("finds paths in backticks and in links, and cuts placeholders at their folder", () => {
    expect(pathsNamedIn("see `server/index.ts:12`, `data/mail`, `config.ts` and [a](decisions/001-x.md#y)", "docs/guide.md")).toEqual([
      "server/index.ts",
      "docs/decisions/001-x.md",
    ]);
    expect(existingPart("app/routes/blog/<slug>.tsx")).toBe("app/routes/blog/");
    expect(existingPart("app/routes/alerts/*.server.ts")).toBe("app/routes/alerts/");
  });

  it("all exist, apart from the ones kept as history", () => {
    const missing = documents().flatMap((document) =>
      pathsNamedIn(readFileSync(path.join(repoRoot, document), "utf8"), document)
        .filter((named) => !(`${document}: ${named}` in HISTORICAL))
        .filter((named) => !existsSync(path.join(repoRoot, existingPart(named))))
        .map((named) => `${document}: ${named}`),
    );
    expect([...new Set(missing)]).toEqual([]);
  });

  it("keeps no history entry that has become true or whose document no longer names it", () => {
    for (const entry of Object.keys(HISTORICAL)) {
      const [document, named] = entry.split(": ") as [string, string];
      expect(existsSync(path.join(repoRoot, existingPart(named))), entry).toBe(false);
      expect(pathsNamedIn(readFileSync(path.join(repoRoot, document), "utf8"), document), entry).toContain(named);
    }
  });
});
