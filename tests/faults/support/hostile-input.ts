/**
 * The hostile input of the bad-input-*.test.ts files, as fast-check generators: form fields (random, huge,
 * repeated, injected markup and SQL, broken UTF-8), whole request bodies in every encoding a
 * client might send or fake, and the noise added to paths and query strings. Kept apart from
 * the test so the test reads as what it checks; the probes carry MARKER so a page or an e-mail
 * that shows one as live markup can be found.
 */
import { createECDH, randomBytes } from "node:crypto";
import fc from "fast-check";
import { SERVICE_TYPES } from "../../../app/lib/schema-values";

/** Markup that must never come back live: the probes carry a marker to look for. */
export const MARKER = "xss-probe";
const injections = [
  `<script>alert("${MARKER}")</script>`,
  `"><img src=x onerror=alert('${MARKER}')>`,
  `</textarea><${MARKER}>`,
  `<svg/onload=alert('${MARKER}')>`,
  `javascript:alert('${MARKER}')`,
  `'; DROP TABLE contacts; --`,
  `" OR 1=1 --`,
  `Robert'); DELETE FROM leads WHERE ('1'='1`,
  `\u0000\u0001\u001f`,
  `\r\nBcc: victim@example.com\r\nX-Injected: 1`,
  `${"%"}zz%E0%A4%A%%`,
  `\uD800`,
  `𝔘𝔫𝔦𝔠𝔬𝔡𝔢 👍🏽 ١٢٣ ‮reversed`,
];

const FIELD_NAMES = [
  "name",
  "email",
  "phone",
  "message",
  "fullName",
  "serviceType",
  "comments",
  "website",
  "_data",
  "index",
  "__proto__",
  "constructor",
];

const text = fc.oneof(
  { weight: 3, arbitrary: fc.string({ maxLength: 40 }) },
  { weight: 2, arbitrary: fc.string({ unit: "grapheme", maxLength: 40 }) },
  { weight: 3, arbitrary: fc.constantFrom(...injections) },
  {
    weight: 2,
    arbitrary: fc.constantFrom(
      "  Someone@Example.COM  ",
      "a@b.c",
      "not-an-email",
      "x@y",
      "780-555-0199",
      "+1 (780) 555-0199 ext. 12",
      "buying",
      "selling",
      "buying_and_selling",
      "renting",
      "",
    ),
  },
  { weight: 1, arbitrary: fc.integer({ min: 100, max: 40_000 }).map((n) => "A".repeat(n)) },
  { weight: 1, arbitrary: fc.tuple(fc.constantFrom(...injections), fc.integer({ min: 1, max: 400 })).map(([s, n]) => s.repeat(n)) },
);

/** A field list where names repeat and values are anything. */
const fields = fc.array(fc.tuple(fc.oneof(fc.constantFrom(...FIELD_NAMES), fc.string({ maxLength: 12 })), text), { maxLength: 10 });

/** Almost-valid submissions get deeper into the action (and so into the database and the mail). */
const plausibleName = fc.oneof(
  fc.constantFrom("Alex Fuzz", "  Ünïcødé Náme  ", "O'Brien-Smith"),
  fc.constantFrom(...injections).map((s) => `${s} Fuzz`),
);
const nearlyValid = fc.record({
  name: fc.oneof({ weight: 3, arbitrary: plausibleName }, { weight: 1, arbitrary: text }),
  email: fc.oneof(
    {
      weight: 4,
      arbitrary: fc
        .tuple(fc.stringMatching(/^[a-z0-9][a-z0-9._+-]{0,30}$/), fc.constantFrom("example.com", "Example.ORG", "mail.example.net"))
        .map(([local, domain]) => `  ${local}@${domain} `),
    },
    { weight: 1, arbitrary: fc.emailAddress() },
    { weight: 1, arbitrary: text },
  ),
  phone: fc.oneof(fc.constant("780-555-0142"), fc.constant(" +1 (780) 555-0199 ext. 7 "), fc.constant(""), text),
  message: text,
  fullName: fc.oneof({ weight: 3, arbitrary: plausibleName }, { weight: 1, arbitrary: text }),
  serviceType: fc.oneof({ weight: 3, arbitrary: fc.constantFrom(...SERVICE_TYPES) }, { weight: 1, arbitrary: text }),
  comments: text,
  website: fc.oneof({ weight: 5, arbitrary: fc.constant("") }, { weight: 1, arbitrary: text }),
});

/** encodeURIComponent that does not throw on a lone surrogate (the browser sends U+FFFD for it). */
export function encode(value: string): string {
  return encodeURIComponent(value.replace(/[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g, "\uFFFD"));
}

export function urlencoded(pairs: [string, string][]): string {
  return pairs.map(([k, v]) => `${encode(k)}=${encode(v)}`).join("&");
}

function multipart(pairs: [string, string][], boundary: string): string {
  return (
    pairs.map(([k, v]) => `--${boundary}\r\nContent-Disposition: form-data; name="${k}"\r\n\r\n${v}\r\n`).join("") + `--${boundary}--\r\n`
  );
}

type Encoding = "urlencoded" | "multipart" | "bad-escapes" | "raw-bytes" | "json" | "text" | "none" | "lying-multipart";
const encodings = fc.constantFrom<Encoding>(
  "urlencoded",
  "urlencoded",
  "multipart",
  "bad-escapes",
  "raw-bytes",
  "json",
  "text",
  "none",
  "lying-multipart",
);

export interface HostileBody {
  contentType: string | null;
  payload: Buffer;
}

export const body = fc
  .tuple(
    fc.oneof({ weight: 1, arbitrary: fields }, { weight: 2, arbitrary: nearlyValid.map((r) => Object.entries(r)) }),
    encodings,
    fc.uint8Array({ maxLength: 300 }),
  )
  .map(([pairs, encoding, bytes]) => encodeBody(pairs, encoding, bytes));

function encodeBody(pairs: [string, string][], encoding: Encoding, bytes: Uint8Array): HostileBody {
  switch (encoding) {
    case "urlencoded":
      return { contentType: "application/x-www-form-urlencoded", payload: Buffer.from(urlencoded(pairs)) };
    case "multipart":
      return { contentType: "multipart/form-data; boundary=fuzzBoundary42", payload: Buffer.from(multipart(pairs, "fuzzBoundary42")) };
    case "lying-multipart":
      return { contentType: "multipart/form-data; boundary=fuzzBoundary42", payload: Buffer.from(urlencoded(pairs)) };
    case "bad-escapes":
      return {
        contentType: "application/x-www-form-urlencoded",
        payload: Buffer.from(pairs.map(([k, v]) => `${k}=${v}%${v.slice(0, 2)}%E0%A4%A`).join("&")),
      };
    case "raw-bytes":
      return { contentType: "application/x-www-form-urlencoded", payload: Buffer.from(bytes) };
    case "json":
      return { contentType: "application/json", payload: Buffer.from(JSON.stringify(Object.fromEntries(pairs))) };
    case "text":
      return { contentType: "text/plain;charset=UTF-8", payload: Buffer.from(pairs.map(([k, v]) => `${k}=${v}`).join("\n")) };
    case "none":
      return { contentType: null, payload: Buffer.from(urlencoded(pairs)) };
  }
}

/** What the inbox's actions read: their intents and fields, with values that are nearly right or hostile. */
const INBOX_INTENTS = [
  "invite",
  "revoke-invite",
  "remove-account",
  "change-password",
  "remove-passkey",
  "sign-out-everywhere",
  "push-subscribe",
  "push-test",
  "push-remove",
  "push-details",
  "status",
  "note",
  "resend",
  "sign-in-options",
  "sign-in",
  "register-options",
  "register",
  "",
  "unknown",
  "INVITE",
  "note\u0000",
];
const INBOX_FIELDS = [
  "intent",
  "email",
  "password",
  "name",
  "note",
  "status",
  "notificationId",
  "id",
  "current",
  "next",
  "response",
  "intent",
  "email",
  "password",
  "endpoint",
  "p256dh",
  "auth",
  "hide",
];
const inboxValue = fc.oneof(
  { weight: 3, arbitrary: text },
  {
    weight: 3,
    arbitrary: fc.constantFrom(
      "1",
      "0",
      "-1",
      "abc",
      "3.5",
      "1e100",
      "99999999999",
      "2147483648",
      " 7 ",
      "0x10",
      "new",
      "contacted",
      "closed",
      "NEW",
      "a@x.ca",
      "  Fuzz@Example.COM  ",
      "fuzz-invitee@example.com",
      "x@y",
      "correct horse battery staple",
      "a much longer new password 42",
      "password",
      "short",
      "/inbox",
      "/inbox/account?welcome",
      "//evil.example",
      "https://127.0.0.1/push",
      "https://169.254.169.254/latest",
      "http://fcm.googleapis.com/x",
      "on",
      "BAk41m0_k-qvlGQhUu4c96aTvLyugkMjr9PxfNxWjUSA9IpEZXhW07h8DmPRpktEG97fbWjHkzXtafMGow_l3SM",
      "0IiaDSWc5NpMST0IrMpWrA",
      "/\\evil.example",
      "https://evil.example/",
      "/inbox/../admin",
      "\u0000",
      "a\u0000b",
      "\uD800",
      "0".repeat(64),
      "f".repeat(64),
      "é".repeat(300),
    ),
  },
);
const inboxFields = fc
  .tuple(
    fc.constantFrom(...INBOX_INTENTS),
    fc.array(fc.tuple(fc.oneof(fc.constantFrom(...INBOX_FIELDS), fc.string({ maxLength: 8 })), inboxValue), { maxLength: 6 }),
  )
  .map(([intent, pairs]): [string, string][] => [["intent", intent], ...pairs]);

export const inboxFormBody = fc
  .tuple(inboxFields, encodings, fc.uint8Array({ maxLength: 200 }))
  .map(([pairs, encoding, bytes]) => encodeBody(pairs, encoding, bytes));

/** JSON as the passkey endpoint reads it (and as other actions must refuse): bare values, objects with intents, WebAuthn-shaped garbage. */
const webauthnGarbage = fc.record(
  {
    id: fc.oneof(fc.string({ maxLength: 20 }), fc.integer(), fc.constant("\uD800")),
    rawId: fc.string({ maxLength: 20 }),
    type: fc.constantFrom("public-key", "", "other"),
    response: fc.record(
      {
        clientDataJSON: fc.oneof(fc.base64String({ maxLength: 40 }), fc.string({ maxLength: 10 })),
        authenticatorData: fc.base64String({ maxLength: 40 }),
        signature: fc.base64String({ maxLength: 40 }),
        attestationObject: fc.base64String({ maxLength: 40 }),
        userHandle: fc.option(fc.string({ maxLength: 10 })),
      },
      { requiredKeys: [] },
    ),
    clientExtensionResults: fc.oneof(fc.constant({}), fc.jsonValue({ maxDepth: 2 })),
  },
  { requiredKeys: [] },
);
const inboxJson = fc.oneof(
  { weight: 1, arbitrary: fc.jsonValue({ maxDepth: 3 }) },
  {
    weight: 1,
    arbitrary: fc.constantFrom<unknown>(
      null,
      [],
      1,
      "x",
      true,
      {},
      { intent: null },
      { intent: ["sign-in"] },
      { intent: { toString: "x" } },
      { __proto__: { intent: "register" } },
    ),
  },
  {
    weight: 4,
    arbitrary: fc.record(
      {
        intent: fc.oneof(fc.constantFrom(...INBOX_INTENTS), fc.jsonValue({ maxDepth: 1 })),
        response: fc.oneof(webauthnGarbage, fc.jsonValue({ maxDepth: 2 })),
        next: fc.oneof(inboxValue, fc.jsonValue({ maxDepth: 1 })),
        email: inboxValue,
      },
      { requiredKeys: ["intent"] },
    ),
  },
);
export const inboxJsonBody = fc
  .tuple(
    inboxJson,
    fc.constantFrom<string | null>(
      "application/json",
      "application/json",
      "application/json; charset=utf-8",
      "APPLICATION/JSON",
      "text/plain;charset=UTF-8",
      "application/x-www-form-urlencoded",
      null,
    ),
    fc.boolean(),
  )
  .map(([value, contentType, truncate]): HostileBody => {
    const text = JSON.stringify(value) ?? "";
    return { contentType, payload: Buffer.from(truncate ? text.slice(0, Math.floor(text.length / 2)) : text) };
  });

export const pathNoise = fc.oneof(
  fc.constantFrom(
    "%",
    "%zz",
    "%E0%A4%A",
    "%C0%AF",
    "%00",
    "%2e%2e%2f",
    "..",
    "../../etc/passwd",
    "//",
    "\\",
    ";jsessionid=1",
    "%FF%FE",
    "~",
    "%u0041",
    "index.html",
    ".data",
    "?",
    "#frag",
  ),
  fc.string({ maxLength: 20 }).map(encode),
  fc.constantFrom(...injections).map(encode),
  fc.integer({ min: 1, max: 8000 }).map((n) => "x".repeat(n)),
  fc.uint8Array({ minLength: 1, maxLength: 12 }).map((bytes) => Buffer.from(bytes).toString("latin1")),
);

export const query = fc.oneof(
  fc.constant(""),
  fc
    .array(
      fc.tuple(
        fc.constantFrom("price", "down", "rate", "years", "q", "page", "utm_source", "_data", "index", "price"),
        fc.oneof(fc.string({ maxLength: 12 }), fc.constantFrom("%", "%zz", "1e309", "-1", "NaN", "Infinity", "9".repeat(400), "<b>x</b>")),
      ),
      { maxLength: 6 },
    )
    .map((pairs) => "?" + pairs.map(([k, v]) => `${k}=${v}`).join("&")),
);

/** A browser's P-256 key (65 bytes, 0x04 and x and y), made once: the fuzz varies around it. */
const browserPoint = (() => {
  const ecdh = createECDH("prime256v1");
  ecdh.generateKeys();
  return ecdh.getPublicKey();
})();
const withByte = (bytes: Buffer, at: number, xor: number) => {
  const copy = Buffer.from(bytes);
  copy[at]! ^= xor;
  return copy;
};
/** The public push endpoint of the fuzz: an address written as a literal (no DNS), never sent to, since it is only ever paired with something the server must refuse. */
export const PUBLIC_PUSH_ENDPOINT = "https://142.250.72.10/fcm/send/fuzz";
/** Endpoints to refuse, each of them (the filter below relies on it). */
const pushEndpoints = [
  "https://8.8.8.8:22/",
  "https://142.250.72.10:8443/fcm/send/x",
  "https://[2607:f8b0:4004:c1b::5f]:25/x",
  "https://142.250.72.10:0/x",
  "https://142.250.72.10:65535/x",
  "https://142.250.72.10:99999/x",
  "https://142.250.72.10:443x/",
  "http://142.250.72.10/x",
  "https://127.0.0.1/push",
  "https://[::ffff:7f00:1]/push",
  "https://169.254.169.254/latest",
  "https://0x7f.1/",
  "https://2130706433/",
  "https://[fd00::1]/x",
  "ftp://142.250.72.10/x",
  "javascript:alert(1)",
  "",
  "https://",
  "https://user:pw@142.250.72.10/x",
  `https://142.250.72.10/${"a".repeat(1000)}`,
  "x".repeat(5000),
];
/** Browser keys to refuse, each of them. */
const pushKeys = [
  withByte(browserPoint, 64, 1).toString("base64url"), // well-formed, off the curve
  Buffer.concat([Buffer.from([4]), Buffer.alloc(64)]).toString("base64url"), // all zeros after 0x04
  Buffer.concat([Buffer.from([4]), Buffer.alloc(64, 0xff)]).toString("base64url"), // coordinates past the field's prime
  withByte(browserPoint, 0, 7).toString("base64url"), // 0x03 first
  browserPoint.subarray(0, 33).toString("base64url"), // cut short
  Buffer.concat([browserPoint, Buffer.from([0])]).toString("base64url"), // one byte too many
  browserPoint.toString("base64url").slice(0, 86) + "/", // a character of standard base64
  browserPoint.toString("base64url") + "===",
  "",
  "\u0000",
  "A".repeat(87),
  "=".repeat(88),
  "é".repeat(87),
  "A".repeat(20_000),
];
/** Auth secrets to refuse, each of them. */
const pushAuths = [
  randomBytes(15).toString("base64url"),
  randomBytes(17).toString("base64url"),
  "",
  "=".repeat(22),
  "*".repeat(22),
  "\uD800".repeat(22),
  "A".repeat(5000),
];

/**
 * The Account page's push-subscribe action with a subscription it must refuse: a bad endpoint (any
 * port but 443, an internal address, not https, too long), a key that is not a P-256 point on the
 * curve, an auth secret that is not 16 bytes; each with sound parts beside it, so the check of
 * every part is reached, in every encoding.
 */
export const pushSubscribeBody = fc
  .record({
    endpoint: fc.oneof(
      { weight: 3, arbitrary: fc.constantFrom(...pushEndpoints) },
      { weight: 2, arbitrary: fc.constant(PUBLIC_PUSH_ENDPOINT) },
      { weight: 1, arbitrary: text },
    ),
    p256dh: fc.oneof(
      { weight: 3, arbitrary: fc.constantFrom(...pushKeys) },
      { weight: 2, arbitrary: fc.constant(browserPoint.toString("base64url")) },
      { weight: 1, arbitrary: text },
    ),
    auth: fc.oneof(
      { weight: 2, arbitrary: fc.constantFrom(...pushAuths) },
      { weight: 2, arbitrary: fc.constant(randomBytes(16).toString("base64url")) },
      { weight: 1, arbitrary: text },
    ),
    encoding: encodings,
    bytes: fc.uint8Array({ maxLength: 100 }),
  })
  // Never a subscription the server may store (it would send pushes to a public address): at least one part from the lists of parts to refuse.
  .filter((s) => pushEndpoints.includes(s.endpoint) || pushKeys.includes(s.p256dh) || pushAuths.includes(s.auth))
  .map(({ endpoint, p256dh, auth, encoding, bytes }) =>
    encodeBody(
      [
        ["intent", "push-subscribe"],
        ["endpoint", endpoint],
        ["p256dh", p256dh],
        ["auth", auth],
      ],
      encoding,
      bytes,
    ),
  );
