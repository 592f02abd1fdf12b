import { readFileSync } from "node:fs";

/**
 * The rows of the first table (`| variable | ... |`) after `marker` in a document of the repository
 * (the README unless `document` names another): each row's variable names and its default cell.
 * The configuration tests hold the schemas against these tables.
 */
export function readmeTableRows(marker: string, document = "README.md"): { names: string[]; defaults: string }[] {
  const readme = readFileSync(new URL(`../../${document}`, import.meta.url), "utf8");
  const from = readme.indexOf(marker);
  if (from < 0) throw new Error(`${document} has no "${marker}"`);
  const table = readme.slice(readme.indexOf("| variable |", from)).split(/\n\s*\n/)[0]!;
  return table
    .split("\n")
    .filter((line) => line.startsWith("| `"))
    .map((line) => {
      const [names = "", defaults = ""] = line.split("|").slice(1);
      return { names: [...names.matchAll(/`([A-Z0-9_]+)`/g)].map((m) => m[1]!), defaults };
    });
}
