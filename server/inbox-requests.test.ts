import express from "express";
import { once } from "node:events";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { inboxRequests, isInboxPath } from "./inbox-requests";

describe("inbox requests", () => {
  let base = "";
  let server: ReturnType<ReturnType<typeof express>["listen"]>;
  beforeAll(async () => {
    const app = express();
    app.use(inboxRequests("https://agent.example"));
    app.all("*splat", (_req, res) => void res.send("handled"));
    server = app.listen(0, "127.0.0.1");
    await once(server, "listening");
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => server.close());

  it("knows the inbox's paths, data requests included", () => {
    expect(["/inbox", "/inbox.data", "/inbox/people/1", "/inbox/sign-in.data"].every(isInboxPath)).toBe(true);
    expect(["/", "/inboxes", "/contact", "/in/box"].some(isInboxPath)).toBe(false);
  });

  it("marks inbox answers no-store and noindex, and leaves public pages alone", async () => {
    const inbox = await fetch(`${base}/inbox`);
    expect(inbox.headers.get("cache-control")).toBe("no-store");
    expect(inbox.headers.get("x-robots-tag")).toBe("noindex, nofollow");
    const pub = await fetch(`${base}/about`);
    expect(pub.headers.get("x-robots-tag")).toBeNull();
  });

  it("refuses a POST from another origin or with none, accepts the site's own", async () => {
    const post = (origin?: string) => fetch(`${base}/inbox/sign-in`, { method: "POST", headers: origin ? { Origin: origin } : {}, body: "" });
    expect((await post("https://evil.example")).status).toBe(403);
    expect((await post()).status).toBe(403);
    expect((await post("null")).status).toBe(403);
    expect((await post("https://agent.example")).status).toBe(200);
    expect((await post(base)).status).toBe(200);
    // Public forms are not this middleware's concern.
    expect((await fetch(`${base}/contact`, { method: "POST", headers: { Origin: "https://evil.example" } })).status).toBe(200);
  });
});
