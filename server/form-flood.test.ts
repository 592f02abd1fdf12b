/**
 * A client the form quota refused outright is answered by Express until its window ends, on the
 * paths the guard refused it on (as React Router routes them), and nowhere else (issue 38).
 */
import express from "express";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { rateLimitMessage } from "../app/content/form-messages";
import { REFUSED_CLIENTS_KEPT, REFUSED_PATHS_PER_CLIENT, RefusedClients, refuseKnownFlood, routerPathOf } from "./form-flood";

describe("routerPathOf", () => {
  it("gives the path React Router routes by: .data and a trailing slash dropped, dot segments resolved", () => {
    for (const path of ["/contact", "/contact/", "/contact.data", "/contact/.data", "/about/../contact", "/about/%2e%2e/contact"]) expect(routerPathOf(path), path).toBe("/contact");
    expect(routerPathOf("/_root.data")).toBe("/");
    expect(routerPathOf("/")).toBe("/");
  });

  it("keeps apart what React Router may route apart: case, escapes, a leading //", () => {
    expect(routerPathOf("/Contact")).toBe("/Contact");
    expect(routerPathOf("/%63ontact")).toBe("/%63ontact");
    expect(routerPathOf("//evil/contact")).toBe("//evil/contact");
  });

  it("remembers no over-long path", () => {
    expect(routerPathOf(`/listings/${"x".repeat(300)}`)).toBeNull();
  });
});

describe("RefusedClients", () => {
  it("remembers a client on the paths it was refused on, until its window ends", () => {
    const refused = new RefusedClients();
    refused.remember("198.51.100.66", "/contact", 30, 1_000_000);
    expect(refused.secondsLeft("198.51.100.66", "/contact.data", 1_000_000)).toBe(30);
    expect(refused.secondsLeft("198.51.100.66", "/contact/", 1_020_500)).toBe(10);
    expect(refused.secondsLeft("198.51.100.66", "/welcome", 1_000_000)).toBeNull();
    expect(refused.secondsLeft("198.51.100.67", "/contact", 1_000_000)).toBeNull();
    expect(refused.secondsLeft("198.51.100.66", "/contact", 1_030_000)).toBeNull();
    expect(refused.size).toBe(0);
  });

  it(`keeps the last ${REFUSED_PATHS_PER_CLIENT} paths of a client`, () => {
    const refused = new RefusedClients();
    const paths = Array.from({ length: REFUSED_PATHS_PER_CLIENT + 1 }, (_, i) => `/listings/home-${i}`);
    for (const path of paths) refused.remember("c", path, 60);
    expect(refused.secondsLeft("c", paths[0]!)).toBeNull();
    for (const path of paths.slice(1)) expect(refused.secondsLeft("c", path)).toBe(60);
  });

  it(`keeps at most ${REFUSED_CLIENTS_KEPT} clients, the oldest leaving first`, () => {
    const refused = new RefusedClients();
    for (let i = 0; i <= REFUSED_CLIENTS_KEPT; i++) refused.remember(`key-${i}`, "/contact", 60);
    expect(refused.size).toBe(REFUSED_CLIENTS_KEPT);
    expect(refused.secondsLeft("key-0", "/contact")).toBeNull();
    expect(refused.secondsLeft(`key-${REFUSED_CLIENTS_KEPT}`, "/contact")).toBe(60);
  });
});

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
    return { status: res.status, body: await res.text(), retryAfter: res.headers.get("retry-after"), type: res.headers.get("content-type"), cache: res.headers.get("cache-control") };
  };

  it("answers a refused client's POST to a path it was refused on with the guard's own 429, and lets everything else through", async () => {
    expect((await post("/contact.data", "flood")).body).toBe("reached the router");
    // The guard saw the single-fetch request at its routed path.
    refused.remember("flood", "/contact", 120);
    for (const path of ["/contact.data", "/contact", "/contact/"]) {
      const answered = await post(path, "flood");
      expect(answered).toMatchObject({ status: 429, body: rateLimitMessage, type: "text/plain; charset=utf-8", cache: "private, no-store" });
      expect(Number(answered.retryAfter)).toBeGreaterThan(100);
    }
    // Another client, another path or spelling, another method: on to React Router and its guard.
    expect((await post("/contact.data", "visitor")).status).toBe(200);
    expect((await post("/inbox/sign-in", "flood")).status).toBe(200);
    expect((await post("/%63ontact.data", "flood")).status).toBe(200);
    expect((await post("/contact", "flood", "GET")).status).toBe(200);
  });
});
