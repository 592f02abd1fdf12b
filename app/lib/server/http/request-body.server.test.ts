/**
 * The body helpers every action reads its input with: whatever a client sends, a 4xx refusal
 * (thrown as React Router's `data()`), never a 500 and never silently changed text.
 */
import { describe, expect, it } from "vitest";
import * as z from "zod/mini";
import { formText } from "~/lib/schemas/fields";
import { isStorableText } from "~/lib/schemas/fields";
import { badRequest, positiveId, readForm, readJson, refusalStatus } from "./request-body.server";

const URL_ = "https://agent.example/inbox/account";

/** The status of the refusal `promise` rejects with (fails the test if it resolves or throws anything else). */
async function refusal(promise: Promise<unknown>): Promise<number> {
  const error = await promise.then(
    () => {
      throw new Error("expected a refusal, got an answer");
    },
    (e: unknown) => e,
  );
  const status = refusalStatus(error);
  if (status === null) throw error;
  return status;
}

const post = (body: BodyInit, contentType?: string) =>
  new Request(URL_, { method: "POST", body, headers: contentType === undefined ? {} : { "Content-Type": contentType } });

/** A urlencoded form body as written. */
const formPost = (body: string) => post(body, "application/x-www-form-urlencoded");

describe("badRequest and refusalStatus", () => {
  it("makes a no-store refusal whose status refusalStatus reads back, and reads nothing else as one", () => {
    const refused = badRequest(415, "nope");
    expect(refused.init?.status).toBe(415);
    expect(new Headers(refused.init?.headers).get("Cache-Control")).toBe("private, no-store");
    expect(refusalStatus(refused)).toBe(415);
    expect(refusalStatus(badRequest(400, "x"))).toBe(400);
    expect(refusalStatus(new Error("boom"))).toBeNull();
    expect(refusalStatus(null)).toBeNull();
    expect(refusalStatus(new Response("x", { status: 400 }))).toBeNull();
  });
});

describe("readForm", () => {
  const named = z.object({ name: formText(100) });

  it("reads a urlencoded form and a multipart one", async () => {
    expect(await readForm(post(new URLSearchParams({ name: "Jordan" })), named)).toEqual({
      ok: true,
      data: { name: "Jordan" },
      values: { name: "Jordan" },
    });
    const multipart = new FormData();
    multipart.set("name", "Sam");
    expect(await readForm(new Request(URL_, { method: "POST", body: multipart }), named)).toMatchObject({
      ok: true,
      data: { name: "Sam" },
    });
    // Media type parameters and case do not matter.
    expect(await readForm(post("name=1", "Application/X-WWW-Form-URLEncoded; charset=utf-8"), named)).toMatchObject({
      ok: true,
      data: { name: "1" },
    });
  });

  it.each([
    ["JSON", '{"name":"x"}', "application/json"],
    ["plain text", "name=x", "text/plain"],
    ["no content type", "name=x", ""],
    ["a text body sent without a type", "name=x", undefined],
    ["a look-alike type", "name=x", "application/x-www-form-urlencoded-evil"],
  ])("refuses %s with 415", async (_label, body, type) => {
    expect(await refusal(readForm(post(body, type), named))).toBe(415);
  });

  it("refuses a multipart body that does not parse with 400", async () => {
    expect(await refusal(readForm(post("this is not multipart at all", "multipart/form-data; boundary=----x"), named))).toBe(400);
    expect(
      await refusal(readForm(post("------x\r\nContent-Disposition: form-data\r\n", "multipart/form-data; boundary=----x"), named)),
    ).toBe(400);
    expect(await refusal(readForm(post("a=1", "multipart/form-data"), named))).toBe(400);
  });

  it("refuses a file with 400", async () => {
    const withFile = new FormData();
    withFile.set("name", "Sam");
    withFile.set("upload", new File(["hello"], "hello.txt", { type: "text/plain" }));
    expect(await refusal(readForm(new Request(URL_, { method: "POST", body: withFile }), named))).toBe(400);
  });

  it("gives the first value of a repeated field, and a field named like Object's own properties as a field", async () => {
    const read = await readForm(
      formPost("name=first&name=second&__proto__=x&constructor=y"),
      z.object({ name: formText(10), constructor: formText(10) }),
    );
    expect(read).toMatchObject({ ok: true, data: { name: "first", constructor: "y" } });
    expect(read.values.__proto__).toBe("x");
  });

  it("gives a schema's failures as the first message per field, with the fields as sent", async () => {
    const schema = z.object({
      name: z.pipe(formText(100), z.string().check(z.minLength(1, "Enter your name."))),
      email: z.pipe(formText(100), z.email("Enter a valid e-mail address.")),
    });
    expect(await readForm(formPost("name=++&email=nope"), schema)).toEqual({
      ok: false,
      fieldErrors: { name: "Enter your name.", email: "Enter a valid e-mail address." },
      values: { name: "  ", email: "nope" },
    });
  });

  describe("an intent switch as a discriminated union", () => {
    const intents = z.discriminatedUnion("intent", [
      z.object({ intent: z.literal("note"), note: formText(10) }),
      z.object({ intent: z.literal("status"), status: formText(20) }),
    ]);

    it("reads the fields of the intent sent, and only those", async () => {
      expect(await readForm(formPost("intent=note&note=+hi+&status=x%00"), intents)).toMatchObject({
        ok: true,
        data: { intent: "note", note: "hi" },
      });
      const status = await readForm(formPost("intent=status&status=done"), intents);
      expect(status.ok && status.data).toEqual({ intent: "status", status: "done" });
    });

    it.each([
      ["an unknown intent", "intent=delete"],
      ["no intent", "note=x"],
      ["an empty intent", "intent="],
    ])("answers %s with a field message on intent, not a refusal", async (_label, body) => {
      const read = await readForm(formPost(body), intents);
      expect(read.ok).toBe(false);
      expect(read.ok ? null : Object.keys(read.fieldErrors)).toEqual(["intent"]);
    });

    it("refuses bad text in the intent's own fields with 400", async () => {
      expect(await refusal(readForm(formPost("intent=note&note=a%00b"), intents))).toBe(400);
      expect(await refusal(readForm(formPost(`intent=note&note=${"x".repeat(11)}`), intents))).toBe(400);
    });
  });
});

describe("formText", () => {
  /** The field `name` of a form read with `formText(max, options)`. */
  const field = async (fields: Record<string, string>, max: number, options?: { trim?: boolean }) => {
    const f = new FormData();
    for (const [k, v] of Object.entries(fields)) f.set(k, v);
    const read = await readForm(new Request(URL_, { method: "POST", body: f }), z.object({ name: formText(max, options) }));
    if (!read.ok) throw new Error("formText only refuses");
    return read.data.name;
  };
  const refused = (promise: Promise<unknown>) => refusal(promise);

  it("trims, and gives an absent field as an empty string", async () => {
    expect(await field({ name: "  Jordan  " }, 10)).toBe("Jordan");
    expect(await field({}, 10)).toBe("");
  });

  it("reads a password as typed, spaces and all", async () => {
    expect(await field({ name: "  correct horse  " }, 200, { trim: false })).toBe("  correct horse  ");
    expect(await refused(field({ name: ` ${"x".repeat(10)}` }, 10, { trim: false }))).toBe(400);
  });

  it("refuses NUL with 400 (a form cannot carry a lone surrogate: FormData holds well-formed text)", async () => {
    expect(await refused(field({ name: "a\u0000b" }, 100))).toBe(400);
    expect(await refused(field({ name: "\u0000" }, 100))).toBe(400);
    expect(await field({ name: "a\ud800b" }, 100)).toBe("a\ufffdb");
    // A whole pair is fine.
    expect(await field({ name: "🏠" }, 100)).toBe("🏠");
  });

  it("counts the maximum in code points, and refuses one more with 400", async () => {
    // Five houses are ten UTF-16 code units but five characters.
    expect(await field({ name: "🏠".repeat(5) }, 5)).toBe("🏠".repeat(5));
    expect(await refused(field({ name: "🏠".repeat(6) }, 5))).toBe(400);
    expect(await field({ name: "x".repeat(5) }, 5)).toBe("xxxxx");
    expect(await refused(field({ name: "x".repeat(6) }, 5))).toBe(400);
    // Measured after trimming.
    expect(await field({ name: "  xxxxx  " }, 5)).toBe("xxxxx");
  });

  it("refuses with the texts the inbox has always shown", async () => {
    const thrown = await readForm(formPost("name=a%00b"), z.object({ name: formText(100) })).catch((e: { data?: unknown }) => e.data);
    expect(thrown).toBe("The form contained characters that cannot be saved.");
    const long = await readForm(formPost("name=xxxxxx"), z.object({ name: formText(5) })).catch((e: { data?: unknown }) => e.data);
    expect(long).toBe("A field of this form holds at most 5 characters.");
  });
});

describe("readJson", () => {
  const json = (body: string, type = "application/json") => post(body, type);
  const anyObject = z.looseObject({});
  const readJsonObject = async (request: Request) => {
    const read = await readJson(request, anyObject);
    return read.ok ? read.data : read.fieldErrors;
  };

  it("refuses nothing for its nesting alone: 5,000 levels are walked without overflowing the stack", async () => {
    const deep = `{"a":${"[".repeat(5000)}"x"${"]".repeat(5000)}}`;
    expect(await readJsonObject(json(deep))).toHaveProperty("a");
    const deepNul = `{"a":${"[".repeat(5000)}"x\\u0000"${"]".repeat(5000)}}`;
    expect(await refusal(readJsonObject(json(deepNul)))).toBe(400);
  });

  it("reads an object, nested strings and all", async () => {
    expect(await readJsonObject(json('{"intent":"sign-in","response":{"id":"abc","list":["x",1,null]}}'))).toEqual({
      intent: "sign-in",
      response: { id: "abc", list: ["x", 1, null] },
    });
    expect(await readJsonObject(json('{"a":1}', "application/json; charset=utf-8"))).toEqual({ a: 1 });
  });

  it.each([
    ["a form", "intent=x", "application/x-www-form-urlencoded"],
    ["plain text", '{"a":1}', "text/plain"],
    ["no content type", '{"a":1}', ""],
  ])("refuses %s with 415", async (_label, body, type) => {
    expect(await refusal(readJsonObject(json(body, type)))).toBe(415);
  });

  it.each([
    ["broken JSON", '{"a":'],
    ["an empty body", ""],
    ["null", "null"],
    ["an array", '[{"a":1}]'],
    ["a number", "42"],
    ["a string", '"text"'],
    ["true", "true"],
  ])("refuses %s with 400", async (_label, body) => {
    expect(await refusal(readJsonObject(json(body)))).toBe(400);
  });

  it.each([
    ["NUL in a value", '{"a":"x\\u0000y"}'],
    ["a lone surrogate in a value", '{"a":"\\ud800"}'],
    ["a lone low surrogate", '{"a":"x\\udc00"}'],
    ["a lone surrogate in a key", '{"\\ud800":1}'],
    ["NUL deep in an array", '{"a":{"b":["ok",["\\u0000"]]}}'],
  ])("refuses %s with 400", async (_label, body) => {
    expect(await refusal(readJsonObject(json(body)))).toBe(400);
  });

  it("accepts a surrogate pair written as escapes", async () => {
    expect(await readJsonObject(json('{"a":"\\ud83c\\udfe0"}'))).toEqual({ a: "🏠" });
  });

  it("checks the object with a schema: an intent switch as a discriminated union", async () => {
    const requests = z.discriminatedUnion("intent", [
      z.object({ intent: z.literal("sign-in"), response: z.optional(z.unknown()) }),
      z.object({ intent: z.literal("register-options") }),
    ]);
    expect(await readJson(json('{"intent":"sign-in","response":{"id":"abc"},"extra":1}'), requests)).toMatchObject({
      ok: true,
      data: { intent: "sign-in", response: { id: "abc" } },
    });
    expect(await readJson(json('{"intent":"register-options"}'), requests)).toMatchObject({
      ok: true,
      data: { intent: "register-options" },
    });
    // An optional field may be absent; the route decides what its absence means.
    expect(await readJson(json('{"intent":"sign-in"}'), requests)).toMatchObject({ ok: true, data: { intent: "sign-in" } });
    for (const body of ['{"intent":"nope"}', "{}", '{"intent":1}']) {
      const read = await readJson(json(body), requests);
      expect(read.ok ? null : Object.keys(read.fieldErrors)).toEqual(["intent"]);
    }
    // Refusals come before the schema.
    expect(await refusal(readJson(json('{"intent":"nope","a":"\\u0000"}'), requests))).toBe(400);
    expect(await refusal(readJson(json("[]"), requests))).toBe(400);
    expect(await refusal(readJson(post("intent=sign-in", "application/x-www-form-urlencoded"), requests))).toBe(415);
  });
});

describe("isStorableText", () => {
  it("refuses NUL and lone surrogates only", () => {
    expect(isStorableText("plain, accents é and a house 🏠, tabs\tand\nnewlines")).toBe(true);
    expect(isStorableText("\u0000")).toBe(false);
    expect(isStorableText("\ud800")).toBe(false);
    expect(isStorableText("\udfff")).toBe(false);
  });
});

describe("positiveId", () => {
  it.each(["abc", "3.5", "1e100", "-1", "0", "2147483648", "", " ", "0x10", "01", "42abc", "+42", "99999999999"])(
    "reads %j as no id",
    (value) => {
      expect(positiveId(value)).toBeNull();
    },
  );

  it("reads whole numbers from 1 to PostgreSQL's integer maximum", () => {
    expect(positiveId("42")).toBe(42);
    expect(positiveId(" 42 ")).toBe(42);
    expect(positiveId("1")).toBe(1);
    expect(positiveId("2147483647")).toBe(2_147_483_647);
    expect(positiveId(42)).toBe(42);
  });

  it("reads anything but a string or number as no id", () => {
    expect(positiveId(undefined)).toBeNull();
    expect(positiveId(null)).toBeNull();
    expect(positiveId(1e100)).toBeNull();
    expect(positiveId(3.5)).toBeNull();
    expect(positiveId(Number.NaN)).toBeNull();
    expect(positiveId(["42"])).toBeNull();
  });
});
