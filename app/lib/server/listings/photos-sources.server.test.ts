/**
 * The feed's photo URLs are not trusted: recording servers on loopback show that a URL naming
 * another host, a host name that resolves to this machine or a private network, plain HTTP when
 * it is not allowed, and a redirect to any of those is never requested. The media host's
 * stand-in and the rest of the set-up are in tests/support/listing-photos.ts.
 */
import type { LookupAddress } from "node:dns";
import net from "node:net";
import { describe, expect, it, vi } from "vitest";
import {
  elsewhere,
  fetcher,
  fileOf,
  hits,
  host,
  media,
  mediaHostForThisFile,
  names,
  origin,
  resolved,
  store,
  t,
} from "../../../../tests/support/listing-photos";
import { clearPhotoCache, listingPhoto } from "./photos.server";

mediaHostForThisFile();

describe("where photos are fetched from", () => {
  /** The answer for the feed URL `url` stored as listing `key`'s only photo. */
  async function answerFor(key: string, url: string) {
    await store(key, url);
    return listingPhoto(t.db, key, fileOf(key, 0, url), media);
  }

  it("never connects to a loopback, private, link-local or IPv4-mapped address written in the URL", async () => {
    const connect = vi.spyOn(net.Socket.prototype, "connect");
    const forbidden: [string, RegExp][] = [
      ["http://127.0.0.2/x.jpg", /127\.0\.0\.2 is a loopback address/],
      ["http://10.1.2.3/x.jpg", /10\.1\.2\.3 is a private/],
      ["http://192.168.1.20/x.jpg", /192\.168\.1\.20 is a private/],
      ["http://169.254.169.254/latest/meta-data/x.jpg", /169\.254\.169\.254 is a link-local address/],
      ["http://[::ffff:127.0.0.1]/x.jpg", /::ffff:7f00:1 is an IPv4-mapped IPv6 address/],
      // Spellings of loopback the URL parser makes canonical (not listed: refused as another host).
      ["http://2130706433/x.jpg", /127\.0\.0\.1 is not one of DDF_MEDIA_HOSTS/],
      ["http://0x7f.1/x.jpg", /127\.0\.0\.1 is not one of DDF_MEDIA_HOSTS/],
    ];
    for (const [i, [url, reason]] of forbidden.entries()) {
      expect(await answerFor(`F${i}`, url), url).toMatchObject({ status: 502, reason: expect.stringMatching(reason) });
    }
    // Refused before any socket was opened, and without asking DNS.
    expect(connect).not.toHaveBeenCalled();
    expect(resolved).toEqual([]);
  });

  it("never requests a host that DDF_MEDIA_HOSTS does not name, nor another port of one it names", async () => {
    const connect = vi.spyOn(net.Socket.prototype, "connect");
    for (const [i, url] of [
      `http://127.0.0.2:${elsewhere.port}/secret.jpg`, // a live server on loopback, not listed
      `http://[::ffff:127.0.0.1]:${host.port}/secret.jpg`, // the stand-in itself, spelled as IPv6
      `http://127.0.0.1:${elsewhere.port}/secret.jpg`, // a listed address on another port
      `http://other.test:${host.port}/secret.jpg`,
      `http://user:pass@127.0.0.1:${host.port}/secret.jpg`,
    ].entries()) {
      expect(await answerFor(`H${i}`, url), url).toMatchObject({ status: 502 });
    }
    // Not a web address: not even a photo of the listing.
    expect((await answerFor("H9", `ftp://127.0.0.1:${host.port}/secret.jpg`)).status).toBe(404);
    expect(connect).not.toHaveBeenCalled();
    expect(elsewhere.connections).toBe(0);
    expect(host.requests.filter((r) => r.includes("secret"))).toEqual([]);
  });

  it("checks a host name's addresses after resolving it, and connects to none that is not public", async () => {
    const before = host.connections;
    // localhost is the system's: it resolves to loopback, where the stand-in would have answered.
    expect(await answerFor("N1", `http://localhost:${host.port}/secret.jpg`)).toMatchObject({
      status: 502,
      reason: expect.stringMatching(/^localhost resolves to (127\.0\.0\.1|::1), a loopback address$/),
    });
    // A name whose DNS answers a private address, or the stand-in's in IPv6 dress, or one bad address among good ones.
    const cases: [LookupAddress[], RegExp][] = [
      [[{ address: "10.0.0.7", family: 4 }], /10\.0\.0\.7, a private/],
      [[{ address: "192.168.0.10", family: 4 }], /192\.168\.0\.10, a private/],
      [[{ address: "100.64.0.1", family: 4 }], /carrier-grade NAT/],
      [[{ address: "169.254.169.254", family: 4 }], /link-local/],
      [[{ address: "::ffff:127.0.0.1", family: 6 }], /IPv4-mapped/],
      [[{ address: "fd00::1", family: 6 }], /unique-local/],
      [[{ address: "fe80::1", family: 6 }], /link-local/],
      [[{ address: "0.0.0.0", family: 4 }], /unspecified/],
      [[{ address: "224.0.0.1", family: 4 }], /multicast/],
      [
        [
          { address: "8.8.8.8", family: 4 },
          { address: "127.0.0.1", family: 4 },
        ],
        /127\.0\.0\.1, a loopback/,
      ],
    ];
    for (const [i, [addresses, reason]] of cases.entries()) {
      clearPhotoCache();
      names.set("media.test", addresses);
      expect(await answerFor(`N${i + 2}`, `http://media.test:${host.port}/secret-${i}.jpg`)).toMatchObject({
        status: 502,
        reason: expect.stringMatching(reason),
      });
    }
    expect(resolved.filter((n) => n === "media.test")).toHaveLength(cases.length);
    // Nothing reached the stand-in: not a request, not even a connection.
    expect(host.connections).toBe(before);
    expect(host.requests).toEqual([]);
  });

  it("fetches over plain HTTP only when TEST_ONLY allows it", async () => {
    const httpsOnly = fetcher({ DDF_MEDIA_HOSTS: `127.0.0.1:${host.port}` });
    try {
      await store("S1", "/s1/1.jpg");
      expect(await listingPhoto(t.db, "S1", fileOf("S1", 0, "/s1/1.jpg"), httpsOnly)).toMatchObject({
        status: 502,
        reason: expect.stringContaining("HTTPS only; plain HTTP is for a test stand-in only"),
      });
      expect(host.requests).toEqual([]);
      // The same photo, the stand-in allowed over HTTP, loads (after the failure is forgotten).
      clearPhotoCache();
      expect((await listingPhoto(t.db, "S1", fileOf("S1", 0, "/s1/1.jpg"), media)).status).toBe(200);
      expect(host.requests).toEqual(["/s1/1.jpg"]);
    } finally {
      httpsOnly.close();
    }
  });

  it("follows a redirect only where the first request could go, and only a few times", async () => {
    const via = (target: string) => `/redirect/1/${encodeURIComponent(target)}`;
    await store(
      "R1",
      via(`http://127.0.0.2:${elsewhere.port}/secret.jpg`), // to a host not listed
      via(`http://localhost:${host.port}/secret.jpg`), // to a listed name that resolves to loopback
      via(`http://[::ffff:127.0.0.1]:${host.port}/secret.jpg`), // to the stand-in spelled as IPv6
      via("http://169.254.169.254/secret.jpg"), // to a listed link-local address
      via("ftp://127.0.0.1/secret.jpg"), // to another scheme
      "/loop",
      via(`${origin}/real/ok.jpg`), // to the stand-in itself: followed
    );
    const answer = (i: number, path: string) => listingPhoto(t.db, "R1", fileOf("R1", i, path), media);
    const paths = [
      via(`http://127.0.0.2:${elsewhere.port}/secret.jpg`),
      via(`http://localhost:${host.port}/secret.jpg`),
      via(`http://[::ffff:127.0.0.1]:${host.port}/secret.jpg`),
      via("http://169.254.169.254/secret.jpg"),
    ];
    expect(await answer(0, paths[0]!)).toMatchObject({ status: 502, reason: expect.stringContaining("is not one of DDF_MEDIA_HOSTS") });
    expect(await answer(1, paths[1]!)).toMatchObject({ status: 502, reason: expect.stringContaining("a loopback address") });
    expect(await answer(2, paths[2]!)).toMatchObject({ status: 502, reason: expect.stringContaining("is not one of DDF_MEDIA_HOSTS") });
    expect(await answer(3, paths[3]!)).toMatchObject({ status: 502, reason: expect.stringContaining("link-local") });
    expect(await answer(4, via("ftp://127.0.0.1/secret.jpg"))).toMatchObject({
      status: 502,
      reason: expect.stringContaining("ftp: is not allowed"),
    });
    expect(await answer(5, "/loop")).toMatchObject({ status: 502, reason: "more than 3 redirects" });
    expect(host.requests.filter((r) => r.startsWith("/loop"))).toEqual(["/loop", "/loop1", "/loop2", "/loop3"]);
    expect((await answer(6, via(`${origin}/real/ok.jpg`))).status).toBe(200);
    // The forbidden targets never saw a request, nor a connection.
    expect(host.requests.filter((r) => r === "/secret.jpg")).toEqual([]);
    expect(elsewhere.connections).toBe(0);
    expect(hits.get("/real/ok.jpg")).toBe(1);
  });
});
