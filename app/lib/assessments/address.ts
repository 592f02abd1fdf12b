/**
 * One normaliser for Edmonton addresses, as people type them and as the City's assessment roll
 * holds them, so that a listing, a search box and the roll agree on which home is meant.
 *
 * The roll keeps an address in three parts (suite, house number, street name such as
 * "105 STREET NW" or "JASPER AVENUE NW"); people write "#1203 10135 116 St", "12-10135 116 st",
 * "Unit 5, 2 Sunset Blvd", "10234-105 street nw" or "10135 116 Street N.W., Edmonton, AB". Both
 * end as the same key: upper case without accents or punctuation, street types spelled out
 * (ST -> STREET, AVE -> AVENUE, RD -> ROAD...), ordinals as plain numbers, the quadrant apart.
 *
 * The quadrant is kept apart because people leave it out while the roll always has it, and
 * Edmonton reuses street numbers on both sides of Quadrant Avenue (29 STREET NW and 29 STREET SW
 * both exist): `matchKey` ignores it so a missing quadrant still finds the home, and `sameAddress`
 * refuses two addresses whose quadrants are both given and differ. A lookup by matchKey that finds
 * homes in two quadrants for an address typed without one is ambiguous, and must be treated so.
 *
 * Pure: no server imports, usable in the browser and on the server alike.
 */

export type Quadrant = "NW" | "NE" | "SW" | "SE";

export interface AddressKey {
  /** Unit within the building ("1203", "5", "12A"), null for a whole house. */
  suite: string | null;
  /** "10135", "2", "10234A". */
  houseNumber: string;
  /** The street without its quadrant, types spelled out: "116 STREET", "SUNSET BOULEVARD". */
  street: string;
  /** Null when the address did not say. */
  quadrant: Quadrant | null;
}

// Canada Post's street types as Edmonton uses them, abbreviation -> the roll's spelling. Only the
// last word of a street is read as its type: "ST ALBERT TRAIL" keeps its ST.
export const STREET_TYPES: Readonly<Record<string, string>> = {
  ST: "STREET",
  STR: "STREET",
  STREET: "STREET",
  AV: "AVENUE",
  AVE: "AVENUE",
  AVEN: "AVENUE",
  AVENUE: "AVENUE",
  RD: "ROAD",
  ROAD: "ROAD",
  BLVD: "BOULEVARD",
  BOUL: "BOULEVARD",
  BV: "BOULEVARD",
  BOULEVARD: "BOULEVARD",
  DR: "DRIVE",
  DRV: "DRIVE",
  DRIVE: "DRIVE",
  WY: "WAY",
  WAY: "WAY",
  TR: "TRAIL",
  TRL: "TRAIL",
  TRAIL: "TRAIL",
  CRES: "CRESCENT",
  CR: "CRESCENT",
  CRESCENT: "CRESCENT",
  CL: "CLOSE",
  CLOSE: "CLOSE",
  CT: "COURT",
  CRT: "COURT",
  COURT: "COURT",
  PL: "PLACE",
  PLACE: "PLACE",
  LN: "LANE",
  LANE: "LANE",
  GATE: "GATE",
  GT: "GATE",
  GR: "GROVE",
  GRV: "GROVE",
  GROVE: "GROVE",
  GDN: "GARDEN",
  GARDEN: "GARDEN",
  GDNS: "GARDENS",
  GARDENS: "GARDENS",
  GN: "GREEN",
  GRN: "GREEN",
  GREEN: "GREEN",
  HTS: "HEIGHTS",
  HEIGHTS: "HEIGHTS",
  HWY: "HIGHWAY",
  HIGHWAY: "HIGHWAY",
  LNDG: "LANDING",
  LANDING: "LANDING",
  LINK: "LINK",
  MNR: "MANOR",
  MANOR: "MANOR",
  PK: "PARK",
  PARK: "PARK",
  PKY: "PARKWAY",
  PKWY: "PARKWAY",
  PARKWAY: "PARKWAY",
  PT: "POINT",
  POINT: "POINT",
  RISE: "RISE",
  SQ: "SQUARE",
  SQUARE: "SQUARE",
  TERR: "TERRACE",
  TER: "TERRACE",
  TERRACE: "TERRACE",
  VIEW: "VIEW",
  VW: "VIEW",
  WYND: "WYND",
  BAY: "BAY",
  BEND: "BEND",
  CIR: "CIRCLE",
  CIRCLE: "CIRCLE",
  COVE: "COVE",
  CROSS: "CROSSING",
  XING: "CROSSING",
  CROSSING: "CROSSING",
  HILL: "HILL",
  MEWS: "MEWS",
  PATH: "PATH",
  ROW: "ROW",
  RUN: "RUN",
};

const QUADRANTS: Readonly<Record<string, Quadrant>> = {
  NW: "NW",
  NORTHWEST: "NW",
  NE: "NE",
  NORTHEAST: "NE",
  SW: "SW",
  SOUTHWEST: "SW",
  SE: "SE",
  SOUTHEAST: "SE",
};
const QUADRANT_PAIRS: Readonly<Record<string, Quadrant>> = {
  "NORTH WEST": "NW",
  "NORTH EAST": "NE",
  "SOUTH WEST": "SW",
  "SOUTH EAST": "SE",
  "N W": "NW",
  "N E": "NE",
  "S W": "SW",
  "S E": "SE",
};

const LOCALITY = new Set(["EDMONTON", "AB", "ALTA", "ALBERTA", "CANADA", "CA"]);
// "#12", "# 12", "UNIT 12", "SUITE #12", "APT 4B": a word (not "UNITY") or a #, then the unit.
const SUITE_MARK = "(?:#\\s*|(?:UNIT|SUITE|STE|APT|APARTMENT)\\b\\s*#?\\s*)";
const SUITE_ALONE = new RegExp(`^${SUITE_MARK}([A-Z0-9]+)$`);
const SUITE_LEADING = new RegExp(`^${SUITE_MARK}([A-Z0-9]+)\\s+`);
const SUITE_TRAILING = new RegExp(`\\s+${SUITE_MARK}([A-Z0-9]+)$`);
const POSTAL_CODE = /\b[A-Z]\d[A-Z] ?\d[A-Z]\d\b/g;
const HOUSE_NUMBER = /^\d+[A-Z]?$/;
const DASHED = /^([A-Z0-9]+)-(\d+(?:ST|ND|RD|TH)?[A-Z]?)$/;

/** Upper case, accents dropped, apostrophes and periods dropped ("N.W." -> "NW", "O'Connor" -> "OCONNOR"). */
function fold(text: string): string {
  return text
    .normalize("NFKD")
    .replace(/\p{M}+/gu, "")
    .toUpperCase()
    .replace(/['’‘`.]/g, "");
}

/** Punctuation other than the comma, hyphen and # becomes a space; runs of spaces collapse. */
function spaced(text: string): string {
  return text
    .replace(/[^A-Z0-9,#\- ]+/g, " ")
    .replace(/\s+/g, " ")
    .trim();
}

function cleanSuite(raw: string): string {
  return /^\d+$/.test(raw) ? String(Number(raw)) : raw;
}

function cleanHouse(raw: string): string {
  const m = /^0*(\d+)([A-Z]?)$/.exec(raw);
  return m ? `${m[1] === "" ? "0" : m[1]}${m[2]}` : raw;
}

function ordinal(token: string): string {
  const m = /^(\d+)(ST|ND|RD|TH)$/.exec(token);
  return m ? String(Number(m[1])) : /^\d+$/.test(token) ? String(Number(token)) : token;
}

/**
 * A street name as the roll holds it ("105 STREET NW") or as typed ("105th St. N.W."): the
 * street without quadrant, its type spelled out, and the quadrant. Null when nothing is left.
 */
export function normalizeStreet(raw: string): { street: string; quadrant: Quadrant | null } | null {
  const tokens = spaced(fold(raw)).replace(/[,#-]/g, " ").split(" ").filter(Boolean);
  let quadrant: Quadrant | null = null;
  if (tokens.length >= 3) {
    const pair = QUADRANT_PAIRS[`${tokens[tokens.length - 2]} ${tokens[tokens.length - 1]}`];
    if (pair) {
      quadrant = pair;
      tokens.splice(-2);
    }
  }
  if (!quadrant && tokens.length >= 2) {
    const q = QUADRANTS[tokens[tokens.length - 1]!];
    if (q) {
      quadrant = q;
      tokens.pop();
    }
  }
  if (tokens.length === 0) return null;
  const words = tokens.map(ordinal);
  if (words.length >= 2) {
    const last = words[words.length - 1]!;
    words[words.length - 1] = STREET_TYPES[last] ?? last;
  }
  if (words[0] === "SAINT" && words.length >= 3) words[0] = "ST";
  return { street: words.join(" "), quadrant };
}

/** Whether the words are a street type and nothing else but a quadrant ("STREET", "ST NW"). */
function isTypeAlone(tokens: string[]): boolean {
  const [type, ...rest] = tokens;
  if (type === undefined || STREET_TYPES[type] === undefined) return false;
  const tail = rest.join(" ");
  return tail === "" || QUADRANTS[tail] !== undefined || QUADRANT_PAIRS[tail] !== undefined;
}

/**
 * An address as someone typed it. Null when it does not start with a house number (after any
 * suite): the roll has no other way to name a home.
 */
export function parseAddress(input: string): AddressKey | null {
  const folded = fold(input).replace(POSTAL_CODE, " ");
  let suite: string | null = null;
  const main: string[] = [];
  for (const rawSegment of spaced(folded).split(",")) {
    const segment = rawSegment.trim();
    if (!segment) continue;
    const alone = SUITE_ALONE.exec(segment);
    if (alone && suite === null) {
      suite = alone[1]!;
      continue;
    }
    if (segment.split(" ").every((t) => LOCALITY.has(t))) continue;
    main.push(segment);
  }
  let text = main.join(" ").replace(/\s+/g, " ").trim();
  // "Edmonton AB" typed without a comma.
  const words = text.split(" ");
  while (words.length > 2 && LOCALITY.has(words[words.length - 1]!)) words.pop();
  text = words.join(" ");

  const leading = SUITE_LEADING.exec(text);
  if (leading) {
    suite ??= leading[1]!;
    text = text.slice(leading[0].length);
  }
  const trailing = SUITE_TRAILING.exec(text);
  if (trailing) {
    suite ??= trailing[1]!;
    text = text.slice(0, trailing.index);
  }
  // "12 - 10135 116 St" and "10234 - 105 Street" as their unspaced forms.
  text = text
    .replace(/^([A-Z0-9]+) ?- ?(\d)/, "$1-$2")
    .replace(/#/g, " ")
    .trim();

  const tokens = text.split(" ").filter(Boolean);
  const first = tokens.shift();
  if (first === undefined) return null;
  let houseNumber: string;
  const dashed = DASHED.exec(first);
  if (dashed) {
    // "10234-105 street nw": the part after the hyphen is the street's number when only its type
    // (and quadrant) follow; otherwise "12-10135 116 St" or "12-10234 St Albert Trail" is suite
    // 12 of the house.
    if (isTypeAlone(tokens) && HOUSE_NUMBER.test(dashed[1]!)) {
      houseNumber = dashed[1]!;
      tokens.unshift(dashed[2]!);
    } else {
      suite ??= dashed[1]!;
      houseNumber = dashed[2]!;
    }
  } else if (HOUSE_NUMBER.test(first)) {
    houseNumber = first;
  } else {
    return null;
  }
  const street = normalizeStreet(tokens.join(" "));
  if (!street) return null;
  return { suite: suite === null ? null : cleanSuite(suite), houseNumber: cleanHouse(houseNumber), ...street };
}

/** An address as the roll holds it, in its three parts. Null without a house number or street. */
export function addressFromParts(parts: {
  suite?: string | null;
  houseNumber?: string | null;
  streetName?: string | null;
}): AddressKey | null {
  const house = spaced(fold(parts.houseNumber ?? "")).replace(/[ ,#-]/g, "");
  if (!HOUSE_NUMBER.test(house)) return null;
  const street = normalizeStreet(parts.streetName ?? "");
  if (!street) return null;
  const suiteText = spaced(fold(parts.suite ?? "")).replace(/[ ,#-]/g, "");
  return { suite: suiteText ? cleanSuite(suiteText) : null, houseNumber: cleanHouse(house), ...street };
}

/**
 * The comparable string of an address without its quadrant ("1203|10135|116 STREET"): the index
 * under which the roll is looked up. Two homes differing only by quadrant share it (see the top).
 */
export function matchKey(key: AddressKey): string {
  return `${key.suite ?? ""}|${key.houseNumber}|${key.street}`;
}

/** Whether two addresses name the same home: same match key, and no conflicting quadrants. */
export function sameAddress(a: AddressKey, b: AddressKey): boolean {
  return matchKey(a) === matchKey(b) && (a.quadrant === null || b.quadrant === null || a.quadrant === b.quadrant);
}
