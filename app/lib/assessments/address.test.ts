import { describe, expect, it } from "vitest";
import { addressFromParts, matchKey, normalizeStreet, parseAddress, sameAddress } from "./address";
import type { AddressKey } from "./address";

// Real-shaped Edmonton streets as the roll writes them (upper case, type spelled out, quadrant),
// with the ways people write the type. Numbered streets and avenues, named roads.
interface Street {
  roll: string;
  /** The street without type and quadrant, as typed ("105", "Sunset"). */
  name: string;
  /** Every way the type is written. */
  types: string[];
  quadrant: "NW" | "SW" | null;
  numbered: boolean;
}
const ST = ["St", "St.", "ST", "Street", "street", "Str"];
const AVE = ["Ave", "Ave.", "Av", "Avenue", "AVENUE", "avenue"];
const RD = ["Rd", "Rd.", "Road", "road"];
const BLVD = ["Blvd", "Blvd.", "Boulevard", "BLVD"];
const DR = ["Dr", "Dr.", "Drive", "drive"];
const WAY = ["Way", "WAY", "Wy"];
const TRAIL = ["Trail", "Trl", "Tr"];
const CRES = ["Cres", "Crescent", "Cr"];

const streets: Street[] = [
  { roll: "105 STREET NW", name: "105", types: ST, quadrant: "NW", numbered: true },
  { roll: "116 STREET NW", name: "116", types: ST, quadrant: "NW", numbered: true },
  { roll: "50 STREET NW", name: "50", types: ST, quadrant: "NW", numbered: true },
  { roll: "29 STREET SW", name: "29", types: ST, quadrant: "SW", numbered: true },
  { roll: "82 AVENUE NW", name: "82", types: AVE, quadrant: "NW", numbered: true },
  { roll: "100 AVENUE NW", name: "100", types: AVE, quadrant: "NW", numbered: true },
  { roll: "23 AVENUE NW", name: "23", types: AVE, quadrant: "NW", numbered: true },
  { roll: "1 AVENUE SW", name: "1", types: AVE, quadrant: "SW", numbered: true },
  { roll: "JASPER AVENUE NW", name: "Jasper", types: AVE, quadrant: "NW", numbered: false },
  { roll: "SUNSET BOULEVARD", name: "Sunset", types: BLVD, quadrant: null, numbered: false },
  { roll: "WHITEMUD DRIVE NW", name: "Whitemud", types: DR, quadrant: "NW", numbered: false },
  { roll: "TERWILLEGAR WAY NW", name: "Terwillegar", types: WAY, quadrant: "NW", numbered: false },
  { roll: "HASWELL WAY NW", name: "Haswell", types: WAY, quadrant: "NW", numbered: false },
  { roll: "CALLINGWOOD ROAD NW", name: "Callingwood", types: RD, quadrant: "NW", numbered: false },
  { roll: "RABBIT HILL ROAD NW", name: "Rabbit Hill", types: RD, quadrant: "NW", numbered: false },
  { roll: "ELLERSLIE ROAD SW", name: "Ellerslie", types: RD, quadrant: "SW", numbered: false },
  { roll: "ST. ALBERT TRAIL NW", name: "St. Albert", types: TRAIL, quadrant: "NW", numbered: false },
  { roll: "WINDERMERE CRESCENT SW", name: "Windermere", types: CRES, quadrant: "SW", numbered: false },
  { roll: "HÉBERT ROAD NW", name: "Hébert", types: RD, quadrant: "NW", numbered: false },
  { roll: "MARIE-ANNE GABOURY WAY NW", name: "Marie-Anne Gaboury", types: WAY, quadrant: "NW", numbered: false },
];

const houseNumbers = ["10234", "2", "10135", "4031", "303"];
const suites = ["12", "1203", "5", "4B"];

function quadrantSpellings(q: "NW" | "SW" | null): string[] {
  if (q === null) return [""];
  const long = q === "NW" ? "Northwest" : "Southwest";
  return ["", ` ${q}`, ` ${q.toLowerCase()}`, ` ${q[0]}.${q[1]}.`, ` ${long}`];
}

function ordinalOf(n: string): string {
  const last = Number(n) % 100;
  if (last >= 11 && last <= 13) return `${n}th`;
  return `${n}${{ 1: "st", 2: "nd", 3: "rd" }[Number(n) % 10] ?? "th"}`;
}

/** Every way a street is written: each type spelling, quadrant or not, ordinals, case. */
function streetVariants(s: Street): string[] {
  const names = s.numbered ? [s.name, ordinalOf(s.name)] : [s.name, s.name.toUpperCase(), s.name.toLowerCase()];
  const out: string[] = [];
  for (const name of names) for (const type of s.types) for (const q of quadrantSpellings(s.quadrant)) out.push(`${name} ${type}${q}`);
  return out;
}

/** Every way a whole house at `house` is written. */
function houseVariants(house: string, s: Street): string[] {
  const out: string[] = [];
  for (const street of streetVariants(s)) {
    out.push(`${house} ${street}`);
    out.push(`  ${house}   ${street}  `);
    if (s.numbered) out.push(`${house}-${street}`);
  }
  out.push(`${house} ${s.roll}, Edmonton, AB T5K 2P4`);
  out.push(`${house} ${s.roll} Edmonton AB`);
  out.push(`${house} ${s.roll.toLowerCase()}, edmonton, alberta, canada`);
  return out;
}

/** Every way a unit is written: #, Unit, Suite, Apt, suite-house, leading or trailing. */
function suiteVariants(suite: string, house: string, s: Street): string[] {
  const street = `${s.name} ${s.types[0]}${s.quadrant ? ` ${s.quadrant}` : ""}`;
  return [
    `#${suite} ${house} ${street}`,
    `# ${suite} ${house} ${street}`,
    `Unit ${suite}, ${house} ${street}`,
    `unit ${suite} ${house} ${street}`,
    `Suite ${suite}, ${house} ${street}`,
    `Suite #${suite} ${house} ${street}`,
    `Ste ${suite} ${house} ${street}`,
    `Apt ${suite}, ${house} ${street}`,
    `${suite}-${house} ${street}`,
    `${suite} - ${house} ${street}`,
    `${house} ${street} #${suite}`,
    `${house} ${street}, Unit ${suite}`,
    `${house} ${street}, Suite ${suite}, Edmonton, AB`,
    `${suite.toLowerCase()}-${house} ${street.toUpperCase()}`,
  ];
}

function rollKey(suite: string | null, house: string, s: Street): AddressKey {
  const key = addressFromParts({ suite, houseNumber: house, streetName: s.roll });
  if (!key) throw new Error(`the roll's own address does not parse: ${suite} ${house} ${s.roll}`);
  return key;
}

function expectSameHome(typed: string, roll: AddressKey): void {
  const key = parseAddress(typed);
  expect(key, typed).not.toBeNull();
  expect(matchKey(key!), typed).toBe(matchKey(roll));
  expect(sameAddress(key!, roll), typed).toBe(true);
}

// Every case, generated once: [what was typed, the roll's key of that home].
const houseCases: [string, AddressKey][] = [];
const unitCases: [string, AddressKey][] = [];
const homes: AddressKey[] = [];
for (const s of streets) {
  for (const house of houseNumbers) {
    const roll = rollKey(null, house, s);
    homes.push(roll);
    for (const typed of houseVariants(house, s)) houseCases.push([typed, roll]);
    for (const suite of suites) {
      const unit = rollKey(suite, house, s);
      homes.push(unit);
      for (const typed of suiteVariants(suite, house, s)) unitCases.push([typed, unit]);
    }
  }
}

describe("every spelling of a home normalises to the roll's key", () => {
  it("has several hundred cases of each kind", () => {
    expect(houseCases.length).toBeGreaterThan(1000);
    expect(unitCases.length).toBeGreaterThan(1000);
  });

  it("whole houses: every type spelling, ordinal, case, quadrant or none, hyphen, city and postal code", () => {
    for (const [typed, roll] of houseCases) expectSameHome(typed, roll);
  });

  it("units: #, Unit, Suite, Ste, Apt, suite-house, leading or trailing", () => {
    for (const [typed, roll] of unitCases) expectSameHome(typed, roll);
  });
});

describe("different homes have different keys", () => {
  it("no two of the generated homes share a key", () => {
    expect(homes.length).toBe(streets.length * houseNumbers.length * (1 + suites.length));
    expect(new Set(homes.map(matchKey)).size).toBe(homes.length);
  });

  it("no spelling of one home is read as another", () => {
    const byKey = new Set(homes.map(matchKey));
    for (const [typed, roll] of [...houseCases, ...unitCases]) {
      const key = matchKey(parseAddress(typed)!);
      expect(byKey.has(key), typed).toBe(true);
      expect(key, typed).toBe(matchKey(roll));
    }
  });

  it("a street and an avenue of the same number are different streets", () => {
    expect(matchKey(parseAddress("10234 105 St NW")!)).not.toBe(matchKey(parseAddress("10234 105 Ave NW")!));
  });

  it("a unit is not the building, nor another unit", () => {
    const building = parseAddress("10135 116 St NW")!;
    const unit = parseAddress("#1203 10135 116 St NW")!;
    const other = parseAddress("#1204 10135 116 St NW")!;
    expect(sameAddress(building, unit)).toBe(false);
    expect(sameAddress(unit, other)).toBe(false);
  });

  it("the same number and street in two quadrants are two homes, though a missing quadrant finds both", () => {
    const nw = parseAddress("303 29 Street NW")!;
    const sw = parseAddress("303 29 Street SW")!;
    const bare = parseAddress("303 29 Street")!;
    expect(matchKey(nw)).toBe(matchKey(sw));
    expect(sameAddress(nw, sw)).toBe(false);
    expect(sameAddress(bare, nw)).toBe(true);
    expect(sameAddress(bare, sw)).toBe(true);
  });

  it("neighbouring house numbers and suffixes differ", () => {
    const keys = ["10234 105 St", "10236 105 St", "10234A 105 St", "1023 105 St", "10234 106 St"].map((a) => matchKey(parseAddress(a)!));
    expect(new Set(keys).size).toBe(5);
  });
});

describe("parseAddress", () => {
  it("reads the issue's examples", () => {
    expect(parseAddress("10234 105 St NW")).toEqual({ suite: null, houseNumber: "10234", street: "105 STREET", quadrant: "NW" });
    expect(parseAddress("10234-105 street nw")).toEqual({ suite: null, houseNumber: "10234", street: "105 STREET", quadrant: "NW" });
    expect(parseAddress("#1203 10135 116 St")).toEqual({ suite: "1203", houseNumber: "10135", street: "116 STREET", quadrant: null });
    expect(parseAddress("Unit 5, 2 Sunset Blvd")).toEqual({ suite: "5", houseNumber: "2", street: "SUNSET BOULEVARD", quadrant: null });
    expect(parseAddress("12-10135 116 St")).toEqual({ suite: "12", houseNumber: "10135", street: "116 STREET", quadrant: null });
    expect(parseAddress("suite 12, 10135 116th st. n.w.")).toEqual({
      suite: "12",
      houseNumber: "10135",
      street: "116 STREET",
      quadrant: "NW",
    });
  });

  it("keeps ST at the start of a name and reads Saint as it", () => {
    expect(normalizeStreet("St. Albert Trail NW")).toEqual({ street: "ST ALBERT TRAIL", quadrant: "NW" });
    expect(normalizeStreet("Saint Albert Trl")).toEqual({ street: "ST ALBERT TRAIL", quadrant: null });
  });

  it("drops accents, apostrophes and leading zeros", () => {
    expect(normalizeStreet("Rue Hébert")?.street).toBe("RUE HEBERT");
    expect(normalizeStreet("O'Connor Close")?.street).toBe("OCONNOR CLOSE");
    expect(parseAddress("#0012 010135 116 St")).toMatchObject({ suite: "12", houseNumber: "10135" });
  });

  it("does not read a word starting with a suite word as a suite", () => {
    expect(parseAddress("10 Unity Road")).toEqual({ suite: null, houseNumber: "10", street: "UNITY ROAD", quadrant: null });
  });

  it("refuses text without a house number or street", () => {
    for (const text of ["", "   ", "Jasper Ave", "Unit 5", "#12", "Edmonton, AB", "10234", "abc 105 St"])
      expect(parseAddress(text), text).toBeNull();
  });

  it("agrees with the roll's parts", () => {
    expect(addressFromParts({ suite: null, houseNumber: "4031", streetName: "120 STREET NW" })).toEqual(parseAddress("4031 120 St NW"));
    expect(addressFromParts({ suite: "1203", houseNumber: "10135", streetName: "116 STREET NW" })).toEqual(
      parseAddress("1203-10135 116 Street NW"),
    );
    expect(addressFromParts({ suite: " ", houseNumber: "", streetName: "116 STREET NW" })).toBeNull();
    expect(addressFromParts({ houseNumber: "303", streetName: "" })).toBeNull();
  });
});
