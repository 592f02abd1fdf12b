import { describe, expect, it } from "vitest";
import { fieldNamesOf, publishedColumns } from "../../../../tests/fixtures/city/columns";
import type { DatasetId } from "../../../../tests/fixtures/city/columns";
import { BOUNDARIES, DATASETS, HISTORY, PROPERTY_INFO, ROLL } from "./datasets.server";

// The client's field lists against the copy of the City's published columns kept in the repo
// (tests/fixtures/city/columns/): a field the dataset does not have makes the real API answer 400
// query.soql.no-such-column, so an import naming one would load nothing.

describe("the fields the SODA client names", () => {
  it.each(DATASETS.map((d) => [d.id, d] as const))("are all published columns of %s", (id, dataset) => {
    const published = fieldNamesOf(id as DatasetId);
    expect(published.length).toBeGreaterThan(5);
    expect(dataset.fields.filter((f) => !published.includes(f))).toEqual([]);
    expect(dataset.order.filter((f) => !dataset.fields.includes(f))).toEqual([]);
  });

  it("reads each dataset it should, by the id the issue names", () => {
    expect([ROLL.id, PROPERTY_INFO.id, HISTORY.id, BOUNDARIES.id]).toEqual(["q7d6-ambg", "dkk9-cj3x", "qi6a-xuwt", "65fr-66s6"]);
  });

  it("uses the API's names, not the portal's titles", () => {
    const titles = publishedColumns("q7d6-ambg")
      .columns.filter((c) => c.name !== null && c.name !== c.fieldName)
      .map((c) => c.name);
    expect(titles).toContain("Assessment Class 1");
    for (const dataset of DATASETS) for (const f of dataset.fields) expect(f).toMatch(/^[a-z_0-9]+$/);
    expect(ROLL.fields).toEqual(expect.arrayContaining(["mill_class_1", "tax_class_pct_1", "assessed_value", "tax_class"]));
    // The history names its neighbourhood differently and has no neighbourhood id.
    expect(fieldNamesOf("qi6a-xuwt")).not.toContain("neighbourhood_id");
  });

  it("keeps each copy dated and sourced", () => {
    for (const id of ["q7d6-ambg", "dkk9-cj3x", "qi6a-xuwt", "65fr-66s6"] as const) {
      const doc = publishedColumns(id);
      expect(doc.checkedOn).toMatch(/^\d{4}-\d{2}-\d{2}$/);
      expect(doc.metadataUrl).toBe(`https://data.edmonton.ca/api/views/${id}.json`);
      expect(doc.sources.length).toBeGreaterThan(1);
      for (const s of doc.sources) expect(s.url).toMatch(/^https:\/\//);
    }
  });
});
