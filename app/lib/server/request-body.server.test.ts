/**
 * The body helpers every action reads its input with: whatever a client sends, a 4xx refusal
 * (thrown as React Router's `data()`), never a 500 and never silently changed text.
 */
import { describe, expect, it } from "vitest";
import { badRequest, isStorableText, positiveId, readForm, readJsonObject, refusalStatus, textField } from "./request-body.server";

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

function refusalOf(fn: () => unknown): number {
  try {
    fn();
  } catch (error) {
    const status = refusalStatus(error);
    if (status === null) throw error;
    return status;
  }
  throw new Error("expected a refusal, got an answer");
}

const post = (body: BodyInit, contentType?: string) =>
  new Request(URL_, { method: "POST", body, headers: contentType === undefined ? {} : { "Content-Type": contentType } });

describe("badRequest and refusalStatus", () => {
  it("makes a no-store refusal whose status refusalStatus reads back, and reads nothing else as one", () => {
    const refused = badRequest(415, "nope");
    expect(refused.init?.status).toBe(415);
    expect(new Headers(refused.init?.headers).get("Cache-Control")).toBe("no-store");
    expect(refusalStatus(refused)).toBe(415);
    expect(refusalStatus(badRequest(400, "x"))).toBe(400);
    expect(refusalStatus(new Error("boom"))).toBeNull();
    expect(refusalStatus(null)).toBeNull();
    expect(refusalStatus(new Response("x", { status: 400 }))).toBeNull();
  });
});

describe("readForm", () => {
  it("reads a urlencoded form and a multipart one", async () => {
    const form = await readForm(post(new URLSearchParams({ name: "Jordan" })));
    expect(form.get("name")).toBe("Jordan");
    const multipart = new FormData();
    multipart.set("name", "Sam");
    expect((await readForm(new Request(URL_, { method: "POST", body: multipart }))).get("name")).toBe("Sam");
    // Media type parameters and case do not matter.
    expect((await readForm(post("a=1", "Application/X-WWW-Form-URLEncoded; charset=utf-8"))).get("a")).toBe("1");
  });

  it.each([
    ["JSON", '{"name":"x"}', "application/json"],
    ["plain text", "name=x", "text/plain"],
    ["no content type", "name=x", ""],
    ["a text body sent without a type", "name=x", undefined],
    ["a look-alike type", "name=x", "application/x-www-form-urlencoded-evil"],
  ])("refuses %s with 415", async (_label, body, type) => {
    expect(await refusal(readForm(post(body, type)))).toBe(415);
  });

  it("refuses a multipart body that does not parse with 400", async () => {
    expect(await refusal(readForm(post("this is not multipart at all", "multipart/form-data; boundary=----x")))).toBe(400);
    expect(await refusal(readForm(post("------x\r\nContent-Disposition: form-data\r\n", "multipart/form-data; boundary=----x")))).toBe(400);
    expect(await refusal(readForm(post("a=1", "multipart/form-data")))).toBe(400);
  });

  it("refuses a file with 400", async () => {
    const withFile = new FormData();
    withFile.set("name", "Sam");
    withFile.set("upload", new File(["hello"], "hello.txt", { type: "text/plain" }));
    expect(await refusal(readForm(new Request(URL_, { method: "POST", body: withFile })))).toBe(400);
  });
});

describe("textField", () => {
  const form = (fields: Record<string, string>) => {
    const f = new FormData();
    for (const [k, v] of Object.entries(fields)) f.set(k, v);
    return f;
  };

  it("trims, and gives an absent field as an empty string", () => {
    expect(textField(form({ name: "  Jordan  " }), "name", 10)).toBe("Jordan");
    expect(textField(form({}), "name", 10)).toBe("");
  });

  it("refuses NUL with 400 (a form cannot carry a lone surrogate: FormData holds well-formed text)", () => {
    expect(refusalOf(() => textField(form({ note: "a\u0000b" }), "note", 100))).toBe(400);
    expect(refusalOf(() => textField(form({ note: "\u0000" }), "note", 100))).toBe(400);
    expect(textField(form({ note: "a\ud800b" }), "note", 100)).toBe("a\ufffdb");
    // A whole pair is fine.
    expect(textField(form({ note: "🏠" }), "note", 100)).toBe("🏠");
  });

  it("counts the maximum in code points, and refuses one more with 400", () => {
    // Five houses are ten UTF-16 code units but five characters.
    expect(textField(form({ name: "🏠".repeat(5) }), "name", 5)).toBe("🏠".repeat(5));
    expect(refusalOf(() => textField(form({ name: "🏠".repeat(6) }), "name", 5))).toBe(400);
    expect(textField(form({ name: "x".repeat(5) }), "name", 5)).toBe("xxxxx");
    expect(refusalOf(() => textField(form({ name: "x".repeat(6) }), "name", 5))).toBe(400);
    // Measured after trimming.
    expect(textField(form({ name: "  xxxxx  " }), "name", 5)).toBe("xxxxx");
  });

  it("reads a form that came in with NUL as a refusal, not a 500", async () => {
    const read = await readForm(post("note=a%00b", "application/x-www-form-urlencoded"));
    expect(refusalOf(() => textField(read, "note", 100))).toBe(400);
  });
});

describe("readJsonObject", () => {
  const json = (body: string, type = "application/json") => post(body, type);

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
  it.each(["abc", "3.5", "1e100", "-1", "0", "2147483648", "", " ", "0x10", "01", "42abc", "+42", "99999999999"])("reads %j as no id", (value) => {
    expect(positiveId(value)).toBeNull();
  });

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
