/**
 * The RFC 8058 one-click unsubscribe through React Router's own request handler (not just the
 * action): its origin check and the root's middleware let a mail program's POST through (form body
 * `List-Unsubscribe=One-Click`, no Origin, no cookies) and it answers 200; a POST naming another
 * site's Origin is refused with 400 before the action runs, so nothing changes. The unsubscribe
 * itself is a stand-in here (its rules are tested with the subscriptions module).
 */
import { type ServerBuild, createRequestHandler } from "react-router";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { signToken } from "~/lib/server/alerts/tokens.server";
import { serverSecret } from "~/lib/server/alerts/secrets.server";
import { testDatabaseForThisFile } from "../../../tests/support/test-database";
import { requestGuard } from "~/lib/server/http/request-guard.server";
import { listingContext } from "../../../tests/support/listing-routes";
import * as unsubscribe from "./unsubscribe";

const unsubscribeAll = vi.hoisted(() => vi.fn(async () => {}));
vi.mock("~/lib/server/alerts/subscriptions.server", () => ({ unsubscribeAll }));

const t = testDatabaseForThisFile();

/** The smallest build React Router serves: the root (with the site's own middleware) and the unsubscribe route; documents answered as JSON of the route's data. */
function handler() {
  const root = { middleware: [requestGuard], default: () => null };
  const build = {
    entry: {
      module: {
        default: (
          _request: Request,
          status: number,
          headers: Headers,
          context: { staticHandlerContext: { actionData: unknown; loaderData: unknown } },
        ) =>
          new Response(
            JSON.stringify({ actionData: context.staticHandlerContext.actionData, loaderData: context.staticHandlerContext.loaderData }),
            { status, headers },
          ),
      },
    },
    routes: {
      root: { id: "root", path: "", module: root },
      unsubscribe: { id: "unsubscribe", parentId: "root", path: "alerts/unsubscribe/:token", module: unsubscribe },
    },
    assets: { entry: { module: "/entry.js", imports: [] }, routes: {}, url: "/manifest.js", version: "test" },
    publicPath: "/",
    assetsBuildDirectory: "build/client",
    future: { v8_middleware: true },
    ssr: true,
    isSpaMode: false,
    prerender: [],
    routeDiscovery: { mode: "lazy", manifestPath: "/__manifest" },
  } as unknown as ServerBuild;
  const handle = createRequestHandler(build, "production");
  return (request: Request) => handle(request, listingContext(t.db, { alerts: true }) as never);
}

async function tokenFor(personId: number) {
  return signToken(await serverSecret(t.db, "alert-links"), "manage", personId, new Date(Date.now() + 86_400_000));
}

const oneClick = (token: string, headers: Record<string, string> = {}) =>
  new Request(`https://agent.example/alerts/unsubscribe/${token}`, {
    method: "POST",
    body: "List-Unsubscribe=One-Click",
    headers: { "Content-Type": "application/x-www-form-urlencoded", ...headers },
  });

let logged: ReturnType<typeof vi.spyOn>;
beforeEach(() => {
  unsubscribeAll.mockClear();
  logged = vi.spyOn(console, "error").mockImplementation(() => {});
  return () => logged.mockRestore();
});

describe("the one-click unsubscribe through React Router", () => {
  it("answers a mail program's POST (no Origin, no cookies) with 200 and unsubscribes at once, private", async () => {
    const response = await handler()(oneClick(await tokenFor(7)));
    expect(response.status).toBe(200);
    expect(response.headers.get("Cache-Control")).toBe("private, no-store");
    expect(await response.json()).toMatchObject({ actionData: { unsubscribe: { status: "success" } } });
    expect(unsubscribeAll).toHaveBeenCalledTimes(1);
    expect(unsubscribeAll).toHaveBeenCalledWith(
      t.db,
      7,
      "One-click unsubscribe",
      expect.objectContaining({ address: "203.0.113.7" }),
      expect.any(Date),
    );
  });

  it("answers the same from this site's own page (its Origin)", async () => {
    const response = await handler()(oneClick(await tokenFor(7), { Origin: "https://agent.example" }));
    expect(response.status).toBe(200);
    expect(unsubscribeAll).toHaveBeenCalledTimes(1);
  });

  it.each(["https://evil.example", "null"])("refuses a POST from Origin %s with 400 before the action runs", async (origin) => {
    const response = await handler()(oneClick(await tokenFor(7), { Origin: origin }));
    expect(response.status).toBe(400);
    expect(unsubscribeAll).not.toHaveBeenCalled();
  });

  it("answers a wrong token with 404 and an expired one with 410, changing nothing", async () => {
    expect((await handler()(oneClick("not-a-token"))).status).toBe(404);
    const expired = signToken(await serverSecret(t.db, "alert-links"), "manage", 7, new Date(Date.now() - 1000));
    expect((await handler()(oneClick(expired))).status).toBe(410);
    expect(unsubscribeAll).not.toHaveBeenCalled();
  });

  it("opening the link (GET) changes nothing", async () => {
    const response = await handler()(new Request(`https://agent.example/alerts/unsubscribe/${await tokenFor(7)}`));
    expect(response.status).toBe(200);
    expect(unsubscribeAll).not.toHaveBeenCalled();
  });
});
