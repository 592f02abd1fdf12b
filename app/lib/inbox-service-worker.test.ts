/**
 * The inbox's service worker as the build ships it (vite-plugins/inbox-service-worker.ts), run in
 * a stand-in of the worker's global scope: what a push shows, what a tap opens, and nothing cached.
 */
import { runInNewContext } from "node:vm";
import { beforeAll, describe, expect, it, vi } from "vitest";
import { compileInboxServiceWorker } from "../../vite-plugins/inbox-service-worker";

let code = "";
beforeAll(async () => {
  ({ code } = await compileInboxServiceWorker(process.cwd()));
});

interface WindowStandIn {
  url: string;
  focus: () => Promise<WindowStandIn>;
  navigate: (url: string) => Promise<WindowStandIn | null>;
}

type FetchStandIn = (url: string, init: RequestInit) => Promise<{ status: number }>;

function startWorker(windows: WindowStandIn[] = [], fetchStandIn: FetchStandIn = async () => ({ status: 200 })) {
  const fetch = vi.fn(fetchStandIn);
  const handlers = new Map<string, (event: unknown) => void>();
  const worker = {
    addEventListener: (type: string, handler: (event: unknown) => void) => handlers.set(type, handler),
    location: { origin: "https://www.averyhomes.example" },
    skipWaiting: vi.fn(async () => undefined),
    registration: { scope: "https://www.averyhomes.example/inbox", showNotification: vi.fn(async () => undefined) },
    clients: { claim: vi.fn(async () => undefined), matchAll: vi.fn(async () => windows), openWindow: vi.fn(async () => null) },
  };
  runInNewContext(code, { self: worker, URL, URLSearchParams, fetch });
  /** Dispatches an event and waits for what it handed to waitUntil. */
  const dispatch = async (type: string, fields: object = {}) => {
    const pending: Promise<unknown>[] = [];
    handlers.get(type)?.({ ...fields, waitUntil: (p: Promise<unknown>) => pending.push(p) });
    await Promise.all(pending);
  };
  return { worker, handlers, dispatch, fetch };
}

const pushOf = (text: string | null) => ({ data: text === null ? null : { text: () => text } });

describe("the inbox service worker", () => {
  it("is one classic script that listens to no fetch and caches nothing", () => {
    expect(code).not.toMatch(/\bimport\b|\bexport\b/);
    expect(code).not.toContain("caches");
    const { handlers } = startWorker();
    expect([...handlers.keys()].sort()).toEqual(["activate", "install", "notificationclick", "push"]);
  });

  it("takes over at once", async () => {
    const { worker, dispatch } = startWorker();
    await dispatch("install");
    await dispatch("activate");
    expect(worker.skipWaiting).toHaveBeenCalled();
    expect(worker.clients.claim).toHaveBeenCalled();
  });

  it("shows the push's title and body, with its url and tag", async () => {
    const { worker, dispatch } = startWorker();
    await dispatch(
      "push",
      pushOf(JSON.stringify({ title: "Ana Lopez: buying", body: "3 beds in Glenora", url: "/inbox/people/12", tag: "person-12" })),
    );
    expect(worker.registration.showNotification).toHaveBeenCalledWith("Ana Lopez: buying", {
      body: "3 beds in Glenora",
      tag: "person-12",
      data: { url: "/inbox/people/12" },
      icon: "/icons/inbox-192.png",
      badge: "/icons/inbox-badge-96.png",
    });
  });

  it("offers Confirm on a showing request's push, opening the showing", async () => {
    const { worker, dispatch } = startWorker();
    await dispatch(
      "push",
      pushOf(JSON.stringify({ title: "Showing request: Ann", body: "Tap to confirm.", url: "/inbox/showings/7", tag: "showing-7" })),
    );
    expect(worker.registration.showNotification).toHaveBeenCalledWith(
      "Showing request: Ann",
      expect.objectContaining({ data: { url: "/inbox/showings/7" }, actions: [{ action: "confirm", title: "Confirm" }] }),
    );
  });

  it.each([null, "not json", JSON.stringify({ title: "Hi", body: "x", url: "https://evil.example/" })])(
    "shows a notification opening /inbox for %j",
    async (payload) => {
      const { worker, dispatch } = startWorker();
      await dispatch("push", pushOf(payload));
      const [title, options] = worker.registration.showNotification.mock.calls[0] as unknown as [string, { data: { url: string } }];
      expect(title).toBe(payload?.startsWith("{") ? "Hi" : "New lead");
      expect(options.data.url).toBe("/inbox");
    },
  );

  it("on a tap, closes the notification and shows its url in an open inbox window", async () => {
    const inbox: WindowStandIn = {
      url: "https://www.averyhomes.example/inbox/account",
      focus: vi.fn(async () => inbox),
      navigate: vi.fn(async () => inbox),
    };
    const other: WindowStandIn = {
      url: "https://www.averyhomes.example/contact",
      focus: vi.fn(async () => other),
      navigate: vi.fn(async () => other),
    };
    const { worker, dispatch } = startWorker([other, inbox]);
    const close = vi.fn();
    await dispatch("notificationclick", { notification: { close, data: { url: "/inbox/people/12" } } });
    expect(close).toHaveBeenCalled();
    expect(inbox.focus).toHaveBeenCalled();
    expect(inbox.navigate).toHaveBeenCalledWith("https://www.averyhomes.example/inbox/people/12");
    expect(other.focus).not.toHaveBeenCalled();
    expect(worker.clients.openWindow).not.toHaveBeenCalled();
  });

  it("opens a window when no inbox is open, and never an address outside the inbox", async () => {
    const { worker, dispatch } = startWorker();
    await dispatch("notificationclick", { notification: { close: vi.fn(), data: { url: "https://evil.example/inbox" } } });
    expect(worker.clients.openWindow).toHaveBeenCalledWith("https://www.averyhomes.example/inbox");
  });

  it("opens a window when the open inbox cannot be navigated", async () => {
    const inbox: WindowStandIn = {
      url: "https://www.averyhomes.example/inbox",
      focus: vi.fn(async () => inbox),
      navigate: vi.fn(async () => Promise.reject(new TypeError("not controlled"))),
    };
    const { worker, dispatch } = startWorker([inbox]);
    await dispatch("notificationclick", { notification: { close: vi.fn(), data: { url: "/inbox/people/3" } } });
    expect(worker.clients.openWindow).toHaveBeenCalledWith("https://www.averyhomes.example/inbox/people/3");
  });

  it("confirms a showing from its Confirm button with the page's own form post, then says so", async () => {
    const { worker, dispatch, fetch } = startWorker();
    const close = vi.fn();
    await dispatch("notificationclick", { action: "confirm", notification: { close, data: { url: "/inbox/showings/7" } } });
    expect(close).toHaveBeenCalled();
    expect(fetch).toHaveBeenCalledTimes(1);
    const [url, init] = fetch.mock.calls[0]!;
    expect(url).toBe("/inbox/showings/7");
    expect(init).toMatchObject({ method: "POST", credentials: "same-origin", redirect: "manual" });
    expect(String(init.body)).toBe("intent=confirm&showingId=7");
    expect(worker.registration.showNotification).toHaveBeenCalledWith("Confirmed", {
      body: "The buyer gets the invitation.",
      tag: "showing-7",
      data: { url: "/inbox/showings/7" },
      icon: "/icons/inbox-192.png",
      badge: "/icons/inbox-badge-96.png",
    });
    expect(worker.clients.openWindow).not.toHaveBeenCalled();
  });

  it.each([
    ["signed out", async () => ({ status: 401 })],
    ["no longer waiting", async () => ({ status: 409 })],
    ["sent to sign-in", async () => ({ status: 0 })],
    ["offline", async () => Promise.reject(new TypeError("Failed to fetch"))],
  ] as [string, FetchStandIn][])("opens the showing instead when the confirmation fails (%s)", async (_, answer) => {
    const { worker, dispatch, fetch } = startWorker([], answer);
    await dispatch("notificationclick", { action: "confirm", notification: { close: vi.fn(), data: { url: "/inbox/showings/7" } } });
    expect(fetch).toHaveBeenCalledTimes(1);
    expect(worker.registration.showNotification).not.toHaveBeenCalled();
    expect(worker.clients.openWindow).toHaveBeenCalledWith("https://www.averyhomes.example/inbox/showings/7");
  });

  it("posts nothing for a tap on the notification itself, nor for Confirm on anything but a showing", async () => {
    const { worker, dispatch, fetch } = startWorker();
    await dispatch("notificationclick", { action: "", notification: { close: vi.fn(), data: { url: "/inbox/showings/7" } } });
    await dispatch("notificationclick", { action: "confirm", notification: { close: vi.fn(), data: { url: "/inbox/people/7" } } });
    await dispatch("notificationclick", {
      action: "confirm",
      notification: { close: vi.fn(), data: { url: "https://evil.example/inbox/showings/7" } },
    });
    expect(fetch).not.toHaveBeenCalled();
    expect(worker.clients.openWindow.mock.calls.map((c) => (c as unknown[])[0])).toEqual([
      "https://www.averyhomes.example/inbox/showings/7",
      "https://www.averyhomes.example/inbox/people/7",
      "https://www.averyhomes.example/inbox",
    ]);
  });
});
