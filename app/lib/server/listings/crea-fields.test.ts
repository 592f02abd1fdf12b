import { describe, expect, it } from "vitest";
import { description, fieldsOf } from "../../../../tests/fixtures/ddf/property-resource";
import { DDF_RESOURCES } from "./ddf-client.server";
import { OFFICE_FIELDS, OPEN_HOUSE_FIELDS, PROPERTY_FIELDS } from "./property.server";

// The feed client's field lists against the copy of CREA's published description kept in the
// repo (tests/fixtures/ddf/crea-web-api.json): a field the description does not name makes the real
// API answer 400 (ASP.NET Core OData refuses unknown $select fields), so the sync would load nothing.

describe("the fields the DDF client names", () => {
  it.each([
    ["Property", PROPERTY_FIELDS],
    ["Office", OFFICE_FIELDS],
    ["OpenHouse", OPEN_HOUSE_FIELDS],
  ] as const)("are all fields of %s as CREA describes it", (entity, fields) => {
    const known = Object.keys(fieldsOf(entity));
    expect(known.length).toBeGreaterThan(5);
    expect(fields.filter((f) => !known.includes(f))).toEqual([]);
  });

  it("uses only documented resources and replication functions, with each resource's key and timestamp", () => {
    for (const [resource, spec] of Object.entries(DDF_RESOURCES)) {
      expect(Object.keys(description.resources)).toContain(`/${resource}`);
      expect(Object.keys(description.resources)).toContain(`/${resource}/${spec.replication}`);
      expect(Object.keys(fieldsOf(resource as "Property" | "Office"))).toEqual(expect.arrayContaining([spec.key, "ModificationTimestamp"]));
      expect(Object.keys(description.entities[`${resource}Identifier`] ?? {})).toContain("ModificationTimestamp");
    }
    expect(Object.keys(description.resources)).toContain("/OpenHouse");
  });

  it("names no field the issue that asked for the feed got wrong", () => {
    expect(Object.keys(fieldsOf("Property"))).not.toContain("ListOfficeName");
    expect(Object.keys(fieldsOf("Office"))).toContain("OfficeName");
  });
});
