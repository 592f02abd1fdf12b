/**
 * A client the form quota refused outright is answered by Express until its window ends, on the
 * paths the guard refused it on (as React Router routes them), and nowhere else (issue 38).
 */
import express from "express";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { rateLimitMessage } from "../app/content/form-messages";
import { RefusedClients } from "../platform/refused-clients";
import { refuseKnownFlood } from "./form-flood";

describe("refuseKnownFlood", () => {
  const refused = new RefusedClients();
  let origin = "";
  let close = () => {};
  beforeAll(async () => {
    const app = express();
    app.use(refuseKnownFlood(refused, (req) => String(req.headers["x-client"] ?? "")));
    app.use((_req, res) => void res.status(200).end("reached the router"));
    const server = app.listen(0, "127.0.0.1");
    await new Promise((resolve) => server.once("listening", resolve));
    origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    close = () => server.close();
  });
  afterAll(() => close());

  const post = async (path: string, client: string, method = "POST") => {
    const res = await fetch(origin + path, { method, headers: { "x-client": client }, ...(method === "POST" ? { body: "name=x" } : {}) });
    return {
      status: res.status,
      body: await res.text(),
      retryAfter: res.headers.get("retry-after"),
      type: res.headers.get("content-type"),
      cache: res.headers.get("cache-control"),
    };
  };

  it("answers a refused client's POST to a path it was refused on with the guard's own 429, and lets everything else through", async () => {
    expect((await post("/contact.data", "flood")).body).toBe("reached the router");
    // The guard saw the single-fetch request at its routed path.
    refused.remember("flood", "/contact", 120);
    for (const path of ["/contact.data", "/contact", "/contact/"]) {
      const answered = await post(path, "flood");
      expect(answered).toMatchObject({
        status: 429,
        body: rateLimitMessage,
        type: "text/plain; charset=utf-8",
        cache: "private, no-store",
      });
      expect(Number(answered.retryAfter)).toBeGreaterThan(100);
    }
    // Another client, another path or spelling, another method: on to React Router and its guard.
    expect((await post("/contact.data", "visitor")).status).toBe(200);
    expect((await post("/inbox/sign-in", "flood")).status).toBe(200);
    expect((await post("/%63ontact.data", "flood")).status).toBe(200);
    expect((await post("/contact", "flood", "GET")).status).toBe(200);
  });
});
