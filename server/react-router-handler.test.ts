import express from "express";
import type { Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { rawRequest } from "../tests/faults/support/raw-http";
import { requestUrlOf, sendResponse } from "./react-router-handler";
import { baseSecurityHeaders } from "./security-headers";

/** What React Router answers on each path, written on Express's response after the security headers, as the server does. */
const answers: Record<string, () => Response> = {
  // React Router's answer to a thrown data(…, { status: 401 }) on a document request carries this status text.
  "/inbox/account": () =>
    new Response("Sign in", { status: 401, statusText: "Internal Server Error", headers: { "Content-Type": "text/html" } }),
  // An export sets nosniff itself, as the security headers already did.
  "/inbox/export/people.csv": () => {
    const headers = new Headers({
      "Content-Type": "text/csv; charset=utf-8",
      "X-Content-Type-Options": "nosniff",
      "Cache-Control": "private, no-store",
    });
    headers.append("Set-Cookie", "a=1; Path=/");
    headers.append("Set-Cookie", "b=2; Path=/");
    return new Response("name\n", { headers });
  },
  "/inbox/sw.js.data": () => new Response("[]", { headers: { "Content-Type": "text/x-script" } }),
  "/about.data": () => new Response("[]", { headers: { "Content-Type": "text/x-script", "Cache-Control": "public, s-maxage=600" } }),
};

let server: Server;
let port = 0;
beforeAll(async () => {
  const app = express();
  app.use(baseSecurityHeaders({ https: false }));
  app.use((req, res, next) => {
    const answer = answers[req.path];
    if (!answer) return next();
    sendResponse(res, answer(), { dataRequest: req.path.endsWith(".data") }).catch(next);
  });
  server = app.listen(0, "127.0.0.1");
  await new Promise((resolve) => server.once("listening", resolve));
  port = (server.address() as AddressInfo).port;
});
afterAll(() => server.close());

const get = (path: string) => rawRequest(port, `GET ${path} HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n`);

describe("React Router's answers on Express (issue 38)", () => {
  it("say what their status is in the status line", async () => {
    const answer = await get("/inbox/account");
    expect(answer.status).toBe(401);
    expect(answer.statusText).toBe("Unauthorized");
  });

  it("send each header once, their own value over the security headers', and every cookie", async () => {
    const answer = await get("/inbox/export/people.csv");
    const names = answer.headerLines.map(([name]) => name);
    expect(names.filter((n) => n === "x-content-type-options")).toEqual(["x-content-type-options"]);
    expect(names.filter((n) => n === "cache-control")).toHaveLength(1);
    expect(answer.headerLines.filter(([n]) => n === "set-cookie").map(([, v]) => v)).toEqual(["a=1; Path=/", "b=2; Path=/"]);
    expect(answer.headers["x-frame-options"]).toBe("DENY");
  });

  it("give every .data answer a Cache-Control: its own, or private", async () => {
    expect((await get("/inbox/sw.js.data")).headers["cache-control"]).toBe("private, no-store");
    expect((await get("/about.data")).headers["cache-control"]).toBe("public, s-maxage=600");
  });

  it("make no URL of a host no URL can be made of (the server refuses those before, server/request-target.ts)", () => {
    const req = (host: string) =>
      ({
        protocol: "http",
        hostname: host,
        originalUrl: "/about",
        get: (name: string) => (name === "Host" ? host : undefined),
        app: { enabled: () => false },
      }) as unknown as Parameters<typeof requestUrlOf>[0];
    expect(requestUrlOf(req("www.example.com"))?.href).toBe("http://www.example.com/about");
    expect(requestUrlOf(req("a b"))).toBeNull();
  });
});
