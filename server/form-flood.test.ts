/**
 * A client the form quota refused outright is answered by Express until its window ends, on the
 * paths React Router sends to a route with the quota, and nowhere else (issue 38).
 */
import express from "express";
import type { AddressInfo } from "node:net";
import type { MiddlewareFunction, ServerBuild } from "react-router";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { rateLimitMessage } from "../app/content/form-messages";
import { REFUSED_CLIENTS_KEPT, RefusedClients, guardedPaths, refuseKnownFlood } from "./form-flood";

const guard: MiddlewareFunction<Response> = async (_args, next) => next();
const other: MiddlewareFunction<Response> = async (_args, next) => next();

/** A server build's route manifest, as React Router writes it: each route with its parent's id and its module. */
const build = {
  routes: {
    root: { id: "root", path: "", module: { middleware: [other] } },
    home: { id: "home", parentId: "root", index: true, module: {} },
    contact: { id: "contact", parentId: "root", path: "contact", module: { middleware: [guard] } },
    about: { id: "about", parentId: "root", path: "about", module: {} },
    listing: { id: "listing", parentId: "root", path: "listings/:slug", module: { middleware: [guard] } },
    photo: { id: "photo", parentId: "root", path: "listings/photos/:key/:file", module: {} },
    inbox: { id: "inbox", parentId: "root", path: "inbox", module: { middleware: [other] } },
    signIn: { id: "signIn", parentId: "inbox", path: "sign-in", module: {} },
    notFound: { id: "notFound", parentId: "root", path: "*", module: {} },
  },
} as unknown as Pick<ServerBuild, "routes">;

describe("guardedPaths", () => {
  const isFormPath = guardedPaths(build, guard);

  it("knows every spelling of a guarded route's path React Router matches", () => {
    for (const path of ["/contact", "/Contact", "/CONTACT/", "/contact.data", "/contact/.data", "/%63ontact.data", "/about/../contact", "/listings/28123456-jasper-ave", "/listings/x.data", "/Listings/X/"]) {
      expect(isFormPath(path), path).toBe(true);
    }
  });

  it("and no path of another route", () => {
    for (const path of ["/", "/_root.data", "/about", "/about.data", "/contactx", "/contact/more", "/listings/photos/k/f.jpg", "/inbox/sign-in", "/inbox/sign-in.data", "/nowhere"]) {
      expect(isFormPath(path), path).toBe(false);
    }
  });
});

describe("RefusedClients", () => {
  it("remembers a client until its window ends", () => {
    const refused = new RefusedClients();
    refused.remember("198.51.100.66", 30, 1_000_000);
    expect(refused.secondsLeft("198.51.100.66", 1_000_000)).toBe(30);
    expect(refused.secondsLeft("198.51.100.66", 1_020_500)).toBe(10);
    expect(refused.secondsLeft("198.51.100.67", 1_000_000)).toBeNull();
    expect(refused.secondsLeft("198.51.100.66", 1_030_000)).toBeNull();
    expect(refused.size).toBe(0);
  });

  it(`keeps at most ${REFUSED_CLIENTS_KEPT} clients, the oldest leaving first`, () => {
    const refused = new RefusedClients();
    for (let i = 0; i <= REFUSED_CLIENTS_KEPT; i++) refused.remember(`key-${i}`, 60);
    expect(refused.size).toBe(REFUSED_CLIENTS_KEPT);
    expect(refused.secondsLeft("key-0")).toBeNull();
    expect(refused.secondsLeft(`key-${REFUSED_CLIENTS_KEPT}`)).toBe(60);
  });
});

describe("refuseKnownFlood", () => {
  const refused = new RefusedClients();
  let origin = "";
  let close = () => {};
  beforeAll(async () => {
    const app = express();
    app.use(refuseKnownFlood(refused, (req) => String(req.headers["x-client"] ?? ""), guardedPaths(build, guard)));
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

  it("answers a refused client's POST to a form with the guard's own 429, and lets everything else through", async () => {
    expect((await post("/contact.data", "flood")).body).toBe("reached the router");
    refused.remember("flood", 120);
    const answered = await post("/%63ontact.data", "flood");
    expect(answered).toMatchObject({ status: 429, body: rateLimitMessage, type: "text/plain; charset=utf-8", cache: "private, no-store" });
    expect(Number(answered.retryAfter)).toBeGreaterThan(100);
    // Another client, another route, another method: React Router's as before.
    expect((await post("/contact.data", "visitor")).status).toBe(200);
    expect((await post("/inbox/sign-in", "flood")).status).toBe(200);
    expect((await post("/contact", "flood", "GET")).status).toBe(200);
  });
});
