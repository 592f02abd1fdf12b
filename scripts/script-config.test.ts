import { describe, expect, it } from "vitest";
import { readmeTableRows } from "../tests/support/readme-table";
import { ConfigError } from "../platform/config";
import { readScriptConfig, scriptConfigSchema } from "./script-config";

/** The rows of the table of the scripts' settings in docs/benchmarks.md (the one that names scripts/script-config.ts). */
const readmeRows = () => readmeTableRows("read by `scripts/script-config.ts`", "docs/benchmarks.md");

describe("the scripts' settings", () => {
  it("are exactly the variables of the table for them in docs/benchmarks.md, with its defaults", () => {
    expect(
      readmeRows()
        .flatMap((r) => r.names)
        .sort(),
    ).toEqual(Object.keys(scriptConfigSchema.shape).sort());
    const defaults = readScriptConfig({});
    for (const row of readmeRows()) {
      const cells = [...row.defaults.matchAll(/`([^`]*)`/g)].map((m) => m[1]!);
      for (const name of row.names) {
        const value = defaults[name as keyof typeof defaults];
        if (typeof value === "number" || typeof value === "string") expect(cells, name).toContain(String(value));
      }
    }
  });

  it("stop a script at a bad value with one line naming the variable", () => {
    expect(() => readScriptConfig({ AUDIT_RUNS: "99" })).toThrow(ConfigError);
    expect(() => readScriptConfig({ BENCH_ONLY: "forms,nope" })).toThrow(/^BENCH_ONLY must list sections/);
  });
});
