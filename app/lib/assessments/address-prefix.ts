/**
 * What someone has typed so far of an address, as a prefix of the roll's "house number + street"
 * text (issue 43's suggestions, from the third character): "10234 105 St N" is on its way to
 * "10234 105 STREET" (NW), "#1203 10135 11" to suite 1203 of "10135 116 STREET". The words
 * finished are spelled as the roll spells them (address.ts's normaliser); the last one, perhaps
 * half typed, is kept as typed when it already is a prefix of the roll's word ("ST" of "STREET",
 * "CRES" of "CRESCENT") and spelled out when it is not ("RD" → "ROAD", "BLVD" → "BOULEVARD").
 *
 * Pure, like the normaliser.
 */
import { type Quadrant, STREET_TYPES, normalizeStreet } from "./address";

export interface AddressPrefix {
  /** Upper case: "10234 105 STREET", "102". */
  text: string;
  suite: string | null;
  quadrant: Quadrant | null;
}

const QUADRANT_WORDS: Readonly<Record<string, Quadrant | null>> = { NW: "NW", NE: "NE", SW: "SW", SE: "SE", N: null, S: null };

function fold(text: string): string {
  return text
    .normalize("NFKD")
    .replace(/\p{M}+/gu, "")
    .toUpperCase()
    .replace(/['’‘`.]/g, "")
    .replace(/[^A-Z0-9#\- ]+/g, " ")
    .replace(/\s+/g, " ")
    .trim();
}

const SUITE_FIRST = /^(?:#\s*|(?:UNIT|SUITE|STE|APT|APARTMENT)\s+#?\s*)([A-Z0-9]+)\s+/;
const DASHED = /^([A-Z0-9]+)\s?-\s?(\d+[A-Z]?)(?:\s|$)/;
const HOUSE = /^\d+[A-Z]?$/;
/** A number with its ordinal's ending, whole or begun: "105TH", "105T", "1ST", "2N". */
const ORDINAL = /^(\d+)(?:S|ST|N|ND|R|RD|T|TH)$/;

/** The prefix of what was typed, or null when it does not start with a house number (after any unit) or is under 3 characters. */
export function addressPrefix(input: string): AddressPrefix | null {
  let text = fold(input.slice(0, 200));
  if (text.replace(/[^A-Z0-9]/g, "").length < 3) return null;
  let suite: string | null = null;
  const lead = SUITE_FIRST.exec(text);
  if (lead) {
    suite = lead[1]!;
    text = text.slice(lead[0].length);
  }
  const dashed = DASHED.exec(text);
  if (dashed) {
    const rest = text.slice(dashed[0].length).trim().split(" ").filter(Boolean);
    // "10234-105 street": the number after the hyphen is the street's when only a street type follows.
    const typeOnly = rest.length >= 1 && rest.length <= 2 && STREET_TYPES[rest[0]!] !== undefined;
    if (typeOnly && HOUSE.test(dashed[1]!)) text = `${dashed[1]} ${dashed[2]} ${rest.join(" ")}`;
    else {
      suite ??= dashed[1]!;
      text = `${dashed[2]} ${rest.join(" ")}`;
    }
  }
  const tokens = text.replace(/[#-]/g, " ").split(" ").filter(Boolean);
  const house = tokens.shift();
  if (house === undefined || !HOUSE.test(house)) return null;
  let quadrant: Quadrant | null = null;
  // A quadrant typed, whole or begun ("N" of "NW"), after at least two street words: not part of the roll's text.
  while (tokens.length > 2 && QUADRANT_WORDS[tokens[tokens.length - 1]!] !== undefined)
    quadrant = QUADRANT_WORDS[tokens.pop()!] ?? quadrant;
  const words = tokens.map((t) => {
    const m = ORDINAL.exec(t);
    return m ? String(Number(m[1])) : /^\d+$/.test(t) ? String(Number(t)) : t;
  });
  if (words.length >= 2) {
    // Every word but the first is spelled out as the roll would; the last only when its spelling is not already a prefix.
    const spelled = normalizeStreet(words.join(" "))?.street.split(" ") ?? words;
    const last = words[words.length - 1]!;
    const lastSpelled = spelled[spelled.length - 1] ?? last;
    words.splice(0, words.length, ...spelled.slice(0, -1), lastSpelled.startsWith(last) ? last : lastSpelled);
  }
  return {
    text: [String(house).replace(/^0+(?=\d)/, ""), ...words].join(" "),
    suite: suite === null ? null : suite.replace(/^0+(?=\d)/, ""),
    quadrant,
  };
}

/** The roll's "105 STREET NW" as people write it: "105 Street NW". */
export function streetInWords(street: string): string {
  return street
    .toLowerCase()
    .replace(/(^|\s)(\p{L})/gu, (_, sep: string, ch: string) => sep + ch.toUpperCase())
    .replace(/\b(Nw|Ne|Sw|Se)\b/g, (q) => q.toUpperCase());
}
