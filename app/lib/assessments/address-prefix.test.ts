import { describe, expect, it } from "vitest";
import { addressPrefix, streetInWords } from "./address-prefix";

describe("an address being typed, as a prefix of the roll's text", () => {
  it.each([
    ["102", "102", null, null],
    ["10234 105", "10234 105", null, null],
    ["10234 105 St", "10234 105 ST", null, null],
    ["10234 105th Street N", "10234 105 STREET", null, null],
    ["10234 105 St NW", "10234 105 ST", null, "NW"],
    ["10234-105 street nw", "10234 105 STREET", null, "NW"],
    ["#1203 10135 116", "10135 116", "1203", null],
    ["Unit 5 2 Sunset Bl", "2 SUNSET BL", "5", null],
    ["12-10135 116 St", "10135 116 ST", "12", null],
    ["2 Sunset Blvd", "2 SUNSET BOULEVARD", null, null],
    ["8 Rabbit Hill Rd", "8 RABBIT HILL ROAD", null, null],
    ["10 St Albert Tr", "10 ST ALBERT TR", null, null],
    ["9 Rue Marie-Anne Gaboury", "9 RUE MARIE ANNE GABOURY", null, null],
  ])("%s", (typed, text, suite, quadrant) => {
    expect(addressPrefix(typed)).toEqual({ text, suite, quadrant });
  });

  it("needs three characters and a house number first", () => {
    expect(addressPrefix("10")).toBeNull();
    expect(addressPrefix("Jasper Avenue")).toBeNull();
    expect(addressPrefix("<script>")).toBeNull();
  });

  it("writes the roll's street names as people do", () => {
    expect(streetInWords("105 STREET NW")).toBe("105 Street NW");
    expect(streetInWords("JASPER AVENUE NW")).toBe("Jasper Avenue NW");
  });
});
