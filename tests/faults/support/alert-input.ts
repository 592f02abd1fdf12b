/**
 * The hostile input of bad-input-alerts.test.ts (issue 32's listing-alert routes), as fast-check
 * generators: sign-up bodies that are nearly right or not at all, tokens that are random,
 * truncated, tampered or signed for another purpose, and the spellings of the routes' paths. The
 * probes carry MARKER, as in hostile-input.ts, so a page showing one as live markup can be found.
 */
import fc from "fast-check";
import { ALERT_CONSENT_VERSION } from "../../../app/lib/alert-consent";
import { MARKER, encode, urlencoded } from "./hostile-input";

/** What a visitor might type that must come back as text: a script, a bold tag, an attribute break-out. */
export const PROBES = [
  `<script>alert("${MARKER}")</script>`,
  `<b>${MARKER}</b>`,
  `"><b>${MARKER}</b>`,
  `</textarea><${MARKER}>`,
  `<svg/onload=alert('${MARKER}')>`,
];
/** Any of the probes, live, in an HTML answer. */
export const LIVE_PROBE = new RegExp(`<(script>alert\\("${MARKER}|b>${MARKER}|${MARKER}>|svg/onload)`);

const odd = fc.constantFrom(
  ...PROBES,
  "",
  " ",
  "\u0000",
  "a\u0000b",
  "\uD800",
  "%",
  "%zz",
  "%E0%A4%A",
  "0",
  "-1",
  "1e309",
  "NaN",
  "9".repeat(400),
  "Edmonton",
  "St. Albert",
  "edmonton",
  "single-family",
  "condominium",
  "castle",
  "yes",
  "YES",
  "on",
  "true",
  "search",
  "watch",
  "Watch",
  "instant",
  "daily",
  "weekly",
  "hourly",
  "2026-11-25",
  "1999-01-01",
  "__proto__",
  "constructor",
  "é".repeat(300),
  "'; DROP TABLE alert_subscriptions; --",
  "\r\nBcc: victim@example.com",
);
const text = fc.oneof(
  { weight: 3, arbitrary: odd },
  { weight: 2, arbitrary: fc.string({ maxLength: 30 }) },
  { weight: 1, arbitrary: fc.integer({ min: 200, max: 30_000 }).map((n) => "A".repeat(n)) },
);
const FIELDS = [
  "email",
  "name",
  "frequency",
  "consent",
  "consentVersion",
  "kind",
  "form",
  "listingKey",
  "city",
  "type",
  "minPrice",
  "maxPrice",
  "minBeds",
  "website",
  "intent",
  "id",
  "List-Unsubscribe",
];

/** A sign-up as the forms send it, each field either right or hostile; `keys` are the stand-in's listings. */
export function signUpFields(keys: readonly string[]) {
  const either = <T>(right: fc.Arbitrary<T>) => fc.oneof({ weight: 12, arbitrary: right }, { weight: 1, arbitrary: text });
  return fc
    .record({
      kind: either(fc.constantFrom("search", "watch")),
      email: either(
        fc
          .tuple(fc.stringMatching(/^[a-z0-9][a-z0-9._+-]{0,20}$/), fc.constantFrom("example.com", "Example.ORG"))
          .map(([l, d]) => ` fuzz-${l}@${d} `),
      ),
      name: either(fc.constantFrom("Alex Fuzz", "", ...PROBES.map((p) => `${p} Fuzz`))),
      frequency: either(fc.constantFrom("instant", "daily", "weekly")),
      consent: either(fc.constant("yes")),
      consentVersion: either(fc.constant<string>(ALERT_CONSENT_VERSION)),
      listingKey: either(fc.constantFrom(...keys, "00000000", `${MARKER}_1`)),
      city: either(fc.constantFrom("Edmonton", "St. Albert", "Sherwood Park")),
      type: either(fc.constantFrom("single-family", "condominium", "townhouse")),
      minPrice: either(fc.integer({ min: 0, max: 2_000_000 }).map(String)),
      minBeds: either(fc.integer({ min: 0, max: 9 }).map(String)),
      website: fc.oneof({ weight: 12, arbitrary: fc.constant("") }, { weight: 1, arbitrary: text }),
      extra: fc.array(fc.tuple(fc.oneof(fc.constantFrom(...FIELDS), fc.string({ maxLength: 8 })), text), { maxLength: 3 }),
    })
    .map(({ extra, ...r }): [string, string][] => {
      const form = r.kind === "watch" ? "Watch this home" : r.kind === "search" ? "Save this search" : r.kind;
      return [...Object.entries(r), ["form", form], ...extra];
    });
}

/** Any field list at all, with names repeated and values hostile. */
export const anyFields = fc.array(fc.tuple(fc.oneof(fc.constantFrom(...FIELDS), fc.string({ maxLength: 12 })), text), { maxLength: 10 });

export interface Body {
  contentType: string | null;
  payload: Buffer;
}

const BOUNDARY = "alertsFuzz42";
const encodings = fc.constantFrom(
  "urlencoded",
  "urlencoded",
  "urlencoded",
  "multipart",
  "lying-multipart",
  "bad-escapes",
  "raw",
  "json",
  "text",
  "none",
  "truncated",
  "charset",
);

/** The pairs in one of the encodings a client might send or fake. */
export function bodyOf(pairs: fc.Arbitrary<[string, string][]>): fc.Arbitrary<Body> {
  return fc.tuple(pairs, encodings, fc.uint8Array({ maxLength: 200 })).map(([p, encoding, bytes]): Body => {
    const form = urlencoded(p);
    switch (encoding) {
      case "multipart":
        return {
          contentType: `multipart/form-data; boundary=${BOUNDARY}`,
          payload: Buffer.from(
            p.map(([k, v]) => `--${BOUNDARY}\r\nContent-Disposition: form-data; name="${k}"\r\n\r\n${v}\r\n`).join("") +
              `--${BOUNDARY}--\r\n`,
          ),
        };
      case "lying-multipart":
        return { contentType: `multipart/form-data; boundary=${BOUNDARY}`, payload: Buffer.from(form) };
      case "bad-escapes":
        return {
          contentType: "application/x-www-form-urlencoded",
          payload: Buffer.from(p.map(([k, v]) => `${k}=${v}%${v.slice(0, 2)}%E0%A4%A`).join("&")),
        };
      case "raw":
        return { contentType: "application/x-www-form-urlencoded", payload: Buffer.from(bytes) };
      case "json":
        return { contentType: "application/json", payload: Buffer.from(JSON.stringify(Object.fromEntries(p))) };
      case "text":
        return { contentType: "text/plain;charset=UTF-8", payload: Buffer.from(p.map(([k, v]) => `${k}=${v}`).join("\n")) };
      case "none":
        return { contentType: null, payload: Buffer.from(form) };
      case "truncated":
        return { contentType: "application/x-www-form-urlencoded", payload: Buffer.from(form.slice(0, Math.floor(form.length / 2))) };
      default:
        return {
          contentType:
            encoding === "charset" ? "application/x-www-form-urlencoded; charset=ISO-8859-1" : "application/x-www-form-urlencoded",
          payload: Buffer.from(form),
        };
    }
  });
}

/** The bodies the link pages' POSTs get: the one-click body, the manage intents, or anything. */
export const linkBody = bodyOf(
  fc.oneof(
    fc.constant<[string, string][]>([["List-Unsubscribe", "One-Click"]]),
    fc
      .tuple(
        fc.constantFrom("frequency", "remove", "unsubscribe-all", "", "FREQUENCY", `${PROBES[1]}`),
        fc.constantFrom("1", "2", "0", "-1", "99999999999999", "abc", PROBES[0]!),
        text,
      )
      .map(([intent, id, f]): [string, string][] => [
        ["intent", intent],
        ["id", id],
        ["frequency", f],
      ]),
    anyFields,
  ),
);

/** Tokens: the given good ones, cut short, with a character changed, signed for another id, another purpose's, random, huge, hostile. */
export function tokenOf(good: readonly string[]): fc.Arbitrary<string> {
  const tampered = fc
    .tuple(fc.constantFrom(...good), fc.nat(), fc.constantFrom("A", "_", "-", ".", "=", "+", "/", "%00"))
    .map(([t, at, c]) => {
      const i = at % t.length;
      return t.slice(0, i) + c + t.slice(i + 1);
    });
  const otherId = fc.tuple(fc.constantFrom(...good), fc.integer({ min: 1, max: 999_999 })).map(([t, id]) => {
    const [payload = "", mac = ""] = t.split(".");
    const expiry = Buffer.from(payload, "base64url").toString("latin1").split(".")[1] ?? "0";
    return `${Buffer.from(`${id}.${expiry}`).toString("base64url")}.${mac}`;
  });
  return fc.oneof(
    { weight: 2, arbitrary: fc.constantFrom(...good) },
    { weight: 2, arbitrary: fc.tuple(fc.constantFrom(...good), fc.nat()).map(([t, n]) => t.slice(0, n % t.length)) },
    { weight: 3, arbitrary: tampered },
    { weight: 2, arbitrary: otherId },
    { weight: 2, arbitrary: fc.base64String({ maxLength: 90 }).map((s) => s.replace(/\+/g, "-").replace(/\//g, "_").replace(/=/g, "")) },
    { weight: 2, arbitrary: fc.string({ maxLength: 40 }).map(encode) },
    {
      weight: 2,
      arbitrary: fc
        .constantFrom(
          ...PROBES,
          "%2e%2e",
          "..",
          ".",
          "%00",
          "a%00b",
          "%2F..%2F",
          "%C0%AF",
          "%FF",
          "x".repeat(600),
          "MS4x.x",
          "MS45OTk5OTk5OTk5OTk5OTk5OQ.x",
        )
        .map((s) => (s.includes("<") ? encode(s) : s)),
    },
    { weight: 1, arbitrary: fc.constantFrom(...good).map((t) => t.repeat(4)) },
  );
}

/** The path of a route as it was written, or another spelling of it: case, trailing slash, .data, %-escapes, dot segments, doubled slashes. */
export const spelling = fc.constantFrom(
  (p: string) => p,
  (p: string) => p,
  (p: string) => p.replace("/alerts", "/Alerts"),
  (p: string) => p.replace("/alerts", "/ALERTS"),
  (p: string) => `${p}/`,
  (p: string) => `${p}.data`,
  (p: string) => `${p}/.data`,
  (p: string) => p.replace("/alerts", "/%61lerts"),
  (p: string) => p.replace("/alerts", "/alerts/%2e"),
  (p: string) => p.replace("/alerts", "/x/%2e%2e/alerts"),
  (p: string) => p.replace("/alerts", "/alerts/./"),
  (p: string) => p.replace("/alerts", "//alerts"),
  (p: string) => p.replace("/alerts", "/alerts%2F"),
  (p: string) => p.replace("/alerts", "/alerts%00"),
  (p: string) => `${p}?_data=routes%2Falerts%2Fsign-up`,
  (p: string) => `${p}?index&next=//evil.example`,
  (p: string) => `${p}#x`,
);
