/**
 * Listing photos from the site's own origin: only a stored listing's current photos are fetched,
 * only images are passed on, one download serves concurrent visitors, and a removed listing's
 * photo is gone at once. The media host is a local HTTP server, as in production a remote one,
 * allowed the way an operator allows a local stand-in: its address with its port in
 * DDF_MEDIA_HOSTS, and DDF_MEDIA_HTTP=on.
 *
 * The feed's URLs are not trusted: recording servers on loopback show that a URL naming another
 * host, a host name that resolves to this machine or a private network, plain HTTP when it is not
 * allowed, and a redirect to any of those is never requested; a photo that fails is fetched once
 * in its memory window; the cover is the first photo that loads.
 */
import type { LookupAddress } from "node:dns";
import { lookup as dnsLookup } from "node:dns/promises";
import { readFileSync } from "node:fs";
import { type IncomingMessage, type Server, type ServerResponse, createServer } from "node:http";
import net, { type AddressInfo } from "node:net";
import sharp from "sharp";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { photoAtWidth } from "../../listings";
import { testDatabaseForThisFile } from "../../../../tests/support/test-database";
import { readConfig } from "../config.server";
import { type MediaFetcher, mediaFetcherOf } from "./media-fetch.server";
import { clearPhotoCache, coverPhotoIndex, listingCoverPath, listingPhoto, listingPhotoPath, photoKnownToFail } from "./photos.server";
import { type DdfProperty, toListingRow } from "./property.server";
import { removeListings, upsertListings } from "./store.server";

const t = testDatabaseForThisFile();

const JPEG = Buffer.from([0xff, 0xd8, 0xff, 0xe0, 1, 2, 3, 4, 0xff, 0xd9]);
/** A real photo of the DDF® stand-in, 1200 × 800. */
const PHOTO = readFileSync(new URL("../../../../tests/fixtures/ddf/photos/1.jpg", import.meta.url));

/** A recording server: every TCP connection it accepts and every request it is sent. */
interface Recorder {
  server: Server;
  port: number;
  connections: number;
  requests: string[];
}
async function recorder(address: string, handle: (req: IncomingMessage, res: ServerResponse) => void): Promise<Recorder> {
  const r: Recorder = { server: createServer(), port: 0, connections: 0, requests: [] };
  r.server.on("connection", () => r.connections++);
  r.server.on("request", (req: IncomingMessage, res) => {
    r.requests.push(req.url!);
    handle(req, res);
  });
  await new Promise<void>((resolve) => r.server.listen(0, address, resolve));
  r.port = (r.server.address() as AddressInfo).port;
  return r;
}

/** The media host's stand-in, on 127.0.0.1. */
let host: Recorder;
/** Another server on loopback (127.0.0.2), which no photo may reach. */
let elsewhere: Recorder;
let origin = "";
/** Requests of the media host, by path. */
const hits = new Map<string, number>();
/** Host names the tests' resolver answers itself (the others go to the system's, e.g. localhost). */
const names = new Map<string, LookupAddress[]>();
const resolved: string[] = [];
/** The fetcher the server would have with DDF_MEDIA_HOSTS=127.0.0.1:{port} and DDF_MEDIA_HTTP=on (plus the names below). */
let media: MediaFetcher;

function fetcher(env: Record<string, string>): MediaFetcher {
  return mediaFetcherOf(readConfig(env), async (hostname) => {
    resolved.push(hostname);
    return names.get(hostname) ?? dnsLookup(hostname, { all: true });
  });
}

beforeAll(async () => {
  host = await recorder("127.0.0.1", (req, res) => {
    const url = req.url!;
    hits.set(url, (hits.get(url) ?? 0) + 1);
    if (url.startsWith("/page")) {
      res.writeHead(200, { "Content-Type": "text/html" }).end("<script>alert(1)</script>");
    } else if (url.startsWith("/svg")) {
      res.writeHead(200, { "Content-Type": "image/svg+xml" }).end("<svg xmlns='http://www.w3.org/2000/svg'/>");
    } else if (url.startsWith("/real")) {
      res.writeHead(200, { "Content-Type": "image/jpeg" }).end(PHOTO);
    } else if (url.startsWith("/missing")) {
      res.writeHead(404).end();
    } else if (url.startsWith("/redirect/")) {
      // /redirect/{n}/{url-encoded target}
      res.writeHead(302, { Location: decodeURIComponent(url.split("/").slice(3).join("/")) }).end();
    } else if (url.startsWith("/loop")) {
      res.writeHead(301, { Location: `/loop${Number(url.slice(5) || 0) + 1}` }).end();
    } else if (url.startsWith("/slow")) {
      setTimeout(() => res.writeHead(200, { "Content-Type": "image/jpeg" }).end(JPEG), 1_500);
    } else {
      // A little slow, as a real host is: concurrent requests overlap.
      setTimeout(() => res.writeHead(200, { "Content-Type": "image/jpeg" }).end(JPEG), 50);
    }
  });
  elsewhere = await recorder("127.0.0.2", (_req, res) => res.writeHead(200, { "Content-Type": "image/jpeg" }).end(JPEG));
  origin = `http://127.0.0.1:${host.port}`;
  media = fetcher({
    DDF_MEDIA_HOSTS: [
      `127.0.0.1:${host.port}`, // the stand-in: an address with its port, used as written
      `localhost:${host.port}`, // names: connected to only at public addresses
      `media.test:${host.port}`,
      // Addresses without a port are checked like names' addresses.
      "10.1.2.3",
      "192.168.1.20",
      "169.254.169.254",
      "[::ffff:127.0.0.1]",
      "127.0.0.2",
    ].join(","),
    DDF_MEDIA_HTTP: "on",
  });
});
afterAll(async () => {
  media.close();
  await Promise.all([host, elsewhere].map((r) => new Promise<void>((resolve) => r.server.close(() => resolve()))));
});
beforeEach(() => {
  hits.clear();
  names.clear();
  resolved.length = 0;
  host.requests.length = 0;
  elsewhere.requests.length = 0;
  elsewhere.connections = 0;
  clearPhotoCache();
});
afterEach(() => {
  vi.restoreAllMocks();
});

/** Stores a listing whose photos are these paths on the stand-in, or these URLs when absolute. */
async function store(key: string, ...paths: string[]) {
  const property: DdfProperty = {
    ListingKey: key,
    ListPrice: 400_000,
    UnparsedAddress: "100 Test Street NW, Edmonton, Alberta",
    City: "Edmonton",
    ModificationTimestamp: "2025-02-01T00:00:00Z",
    Media: paths.map((p, i) => ({ MediaURL: urlOf(p), Order: i + 1 })),
  };
  await upsertListings(t.db, [toListingRow(property)]);
}
const urlOf = (p: string) => (p.startsWith("/") ? `${origin}${p}` : p);

/** The file part of a photo's path on this site. */
function fileOf(key: string, index: number, path: string): string {
  return listingPhotoPath(key, index, urlOf(path)).split("/").pop()!;
}

describe("listingPhoto", () => {
  it("serves a stored listing's photo at its position, downloading it once for concurrent visitors", async () => {
    await store("P1", "/p1/1.jpg", "/p1/2.jpg");
    const answers = await Promise.all(Array.from({ length: 5 }, () => listingPhoto(t.db, "P1", fileOf("P1", 1, "/p1/2.jpg"), media)));
    for (const answer of answers) {
      expect(answer.status).toBe(200);
      if (answer.status === 200) {
        expect(answer.photo.type).toBe("image/jpeg");
        expect(Buffer.from(answer.photo.bytes)).toEqual(JPEG);
      }
    }
    expect(hits.get("/p1/2.jpg")).toBe(1);
    // Later visitors are answered from memory.
    expect((await listingPhoto(t.db, "P1", fileOf("P1", 1, "/p1/2.jpg"), media)).status).toBe(200);
    expect(hits.get("/p1/2.jpg")).toBe(1);
  });

  it("fetches nothing for a name that is not a stored listing's current photo", async () => {
    await store("P2", "/p2/1.jpg");
    const right = fileOf("P2", 0, "/p2/1.jpg");
    expect((await listingPhoto(t.db, "P2", right.replace(/^1-/, "2-"), media)).status).toBe(404); // no second photo
    expect((await listingPhoto(t.db, "P2", fileOf("P2", 0, "/p2/other.jpg"), media)).status).toBe(404); // digest of another URL
    expect((await listingPhoto(t.db, "OTHER", right, media)).status).toBe(404); // another listing
    expect((await listingPhoto(t.db, "P2", "1-zzzz.jpg", media)).status).toBe(404);
    expect((await listingPhoto(t.db, "P2", "../../etc/passwd", media)).status).toBe(404);
    expect((await listingPhoto(t.db, "P2'--", right, media)).status).toBe(404);
    expect((await listingPhoto(t.db, "P2", "cover.png", media)).status).toBe(404);
    expect(hits.size).toBe(0);
  });

  it("passes on images only: HTML, SVG and errors from the media host answer 502", async () => {
    await store("P3", "/page/1", "/svg/2", "/missing/3");
    expect(await listingPhoto(t.db, "P3", fileOf("P3", 0, "/page/1"), media)).toMatchObject({ status: 502, reason: expect.stringContaining("text/html") });
    expect(await listingPhoto(t.db, "P3", fileOf("P3", 1, "/svg/2"), media)).toMatchObject({ status: 502, reason: expect.stringContaining("image/svg+xml") });
    expect(await listingPhoto(t.db, "P3", fileOf("P3", 2, "/missing/3"), media)).toMatchObject({ status: 502, reason: expect.stringContaining("404") });
  });

  it("serves narrower copies of a photo, resized from one download, never wider than the photo", async () => {
    await store("P5", "/real/1.jpg");
    const file = fileOf("P5", 0, "/real/1.jpg");
    const widthOf = async (name: string) => {
      const answer = await listingPhoto(t.db, "P5", name, media);
      if (answer.status !== 200) throw new Error(`answered ${answer.status}`);
      const { width, format } = await sharp(answer.photo.bytes).metadata();
      return { width, format, type: answer.photo.type, bytes: answer.photo.bytes.byteLength };
    };
    // The copies are WebP, in what they are and in what they are sent as.
    const narrow = await widthOf(photoAtWidth(file, 480));
    expect(narrow).toMatchObject({ width: 480, format: "webp", type: "image/webp" });
    expect(narrow.bytes).toBeLessThan(PHOTO.byteLength / 2);
    expect(await widthOf(photoAtWidth(file, 800))).toMatchObject({ width: 800, format: "webp", type: "image/webp" });
    expect(await widthOf(photoAtWidth(file, 1200))).toMatchObject({ width: 1200, format: "webp", type: "image/webp" });
    // the feed's own, as it is
    expect(await widthOf(file)).toEqual({ width: 1200, format: "jpeg", type: "image/jpeg", bytes: PHOTO.byteLength });
    expect(hits.get("/real/1.jpg")).toBe(1);
    // Only the widths the pages ask for: nobody makes the server resize to any size they like.
    expect((await listingPhoto(t.db, "P5", file.replace(".jpg", "-w333.webp"), media)).status).toBe(404);
    // The copies are WebP only: the same width under the feed's own extension is no address.
    expect((await listingPhoto(t.db, "P5", file.replace(".jpg", "-w800.jpg"), media)).status).toBe(404);
  });

  it("answers 502 when the media host's image cannot be read", async () => {
    await store("P6", "/p6/1.jpg");
    expect(await listingPhoto(t.db, "P6", photoAtWidth(fileOf("P6", 0, "/p6/1.jpg"), 480), media)).toMatchObject({
      status: 502,
      reason: expect.stringContaining("cannot be read"),
    });
  });

  it("stops serving a removed listing's photo at once, even while it is cached", async () => {
    await store("P4", "/p4/1.jpg");
    const file = fileOf("P4", 0, "/p4/1.jpg");
    expect((await listingPhoto(t.db, "P4", file, media)).status).toBe(200);
    await removeListings(t.db, ["P4"]);
    expect((await listingPhoto(t.db, "P4", file, media)).status).toBe(404);
  });
});

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
      [[{ address: "8.8.8.8", family: 4 }, { address: "127.0.0.1", family: 4 }], /127\.0\.0\.1, a loopback/],
    ];
    for (const [i, [addresses, reason]] of cases.entries()) {
      clearPhotoCache();
      names.set("media.test", addresses);
      expect(await answerFor(`N${i + 2}`, `http://media.test:${host.port}/secret-${i}.jpg`)).toMatchObject({ status: 502, reason: expect.stringMatching(reason) });
    }
    expect(resolved.filter((n) => n === "media.test")).toHaveLength(cases.length);
    // Nothing reached the stand-in: not a request, not even a connection.
    expect(host.connections).toBe(before);
    expect(host.requests).toEqual([]);
  });

  it("fetches over plain HTTP only when DDF_MEDIA_HTTP is on", async () => {
    const httpsOnly = fetcher({ DDF_MEDIA_HOSTS: `127.0.0.1:${host.port}` });
    try {
      await store("S1", "/s1/1.jpg");
      expect(await listingPhoto(t.db, "S1", fileOf("S1", 0, "/s1/1.jpg"), httpsOnly)).toMatchObject({
        status: 502,
        reason: expect.stringContaining("HTTPS only; DDF_MEDIA_HTTP is off"),
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
    expect(await answer(4, via("ftp://127.0.0.1/secret.jpg"))).toMatchObject({ status: 502, reason: expect.stringContaining("ftp: is not allowed") });
    expect(await answer(5, "/loop")).toMatchObject({ status: 502, reason: "more than 3 redirects" });
    expect(host.requests.filter((r) => r.startsWith("/loop"))).toEqual(["/loop", "/loop1", "/loop2", "/loop3"]);
    expect((await answer(6, via(`${origin}/real/ok.jpg`))).status).toBe(200);
    // The forbidden targets never saw a request, nor a connection.
    expect(host.requests.filter((r) => r === "/secret.jpg")).toEqual([]);
    expect(elsewhere.connections).toBe(0);
    expect(hits.get("/real/ok.jpg")).toBe(1);
  });
});

describe("photos that fail", () => {
  it("are fetched once in their memory window, however many visitors ask, and reported to the pages", async () => {
    await store("M1", "/missing/1.jpg", "/m1/2.jpg");
    const file = fileOf("M1", 0, "/missing/1.jpg");
    expect(photoKnownToFail(urlOf("/missing/1.jpg"))).toBe(false);
    // A burst joins one request; later views answer from memory, the narrower copies as well.
    const first = await Promise.all(Array.from({ length: 3 }, () => listingPhoto(t.db, "M1", file, media)));
    expect(first.map((a) => a.status)).toEqual([502, 502, 502]);
    for (let view = 0; view < 5; view++) {
      expect(await listingPhoto(t.db, "M1", file, media)).toMatchObject({ status: 502, reason: expect.stringContaining("404"), remembered: true });
      expect(await listingPhoto(t.db, "M1", photoAtWidth(file, 480), media)).toMatchObject({ status: 502, remembered: true });
    }
    expect(hits.get("/missing/1.jpg")).toBe(1);
    expect(photoKnownToFail(urlOf("/missing/1.jpg"))).toBe(true);
    // The other photo is not affected.
    expect((await listingPhoto(t.db, "M1", fileOf("M1", 1, "/m1/2.jpg"), media)).status).toBe(200);
    expect(photoKnownToFail(urlOf("/m1/2.jpg"))).toBe(false);
  });

  it("include photos refused by the rules, which are remembered without a request", async () => {
    const url = `http://127.0.0.2:${elsewhere.port}/x.jpg`;
    await store("M2", url);
    for (let view = 0; view < 3; view++) expect((await listingPhoto(t.db, "M2", fileOf("M2", 0, url), media)).status).toBe(502);
    expect(photoKnownToFail(url)).toBe(true);
    expect(elsewhere.connections).toBe(0);
  });
});

describe("the cover photo", () => {
  it("is the first photo that loads: the second when the first fails", async () => {
    await store("C1", "/missing/c1.jpg", "/real/c1.jpg", "/c1/3.jpg");
    const cover = listingCoverPath("C1").split("/").pop()!;
    expect(listingCoverPath("C1")).toBe("/listings/photos/C1/cover.jpg");
    const answer = await listingPhoto(t.db, "C1", cover, media);
    expect(answer).toMatchObject({ status: 200, cacheControl: "public, max-age=3600" });
    if (answer.status === 200) expect(Buffer.from(answer.photo.bytes)).toEqual(PHOTO);
    // Again: the failure is remembered and the second photo cached, so nothing is fetched.
    expect((await listingPhoto(t.db, "C1", cover, media)).status).toBe(200);
    const narrow = await listingPhoto(t.db, "C1", photoAtWidth(cover, 480), media);
    expect(narrow).toMatchObject({ status: 200, photo: { type: "image/webp" } });
    expect(hits.get("/missing/c1.jpg")).toBe(1);
    expect(hits.get("/real/c1.jpg")).toBe(1);
    expect(hits.get("/c1/3.jpg")).toBeUndefined();
  });

  it("is 404 for a listing without photos or not stored, 502 when none loads", async () => {
    await store("C2");
    await store("C3", "/missing/c3-1.jpg", `http://127.0.0.2:${elsewhere.port}/c3.jpg`);
    expect((await listingPhoto(t.db, "C2", "cover.jpg", media)).status).toBe(404);
    expect((await listingPhoto(t.db, "NOPE", "cover.jpg", media)).status).toBe(404);
    expect(await listingPhoto(t.db, "C3", "cover.jpg", media)).toMatchObject({ status: 502, remembered: false });
    // Asked again, it is known at once.
    expect(await listingPhoto(t.db, "C3", "cover.jpg", media)).toMatchObject({ status: 502, remembered: true });
    expect(hits.get("/missing/c3-1.jpg")).toBe(1);
    expect(elsewhere.connections).toBe(0);
  });

  it("is found within bounds: a few photos tried, in limited time", async () => {
    const urls = ["/missing/b1.jpg", `http://127.0.0.2:${elsewhere.port}/b2.jpg`, null, "/b/4.jpg"].map((p) => (p ? urlOf(p) : p));
    expect(await coverPhotoIndex(urls, media)).toBe(3);
    expect(await coverPhotoIndex([urlOf("/missing/b5.jpg"), urlOf("/b/6.jpg")], media, { maxTries: 1 })).toBeNull();
    const started = Date.now();
    expect(await coverPhotoIndex([urlOf("/slow/1.jpg"), urlOf("/b/7.jpg")], media, { budgetMs: 300 })).toBeNull();
    expect(Date.now() - started).toBeLessThan(1_000);
    expect(await coverPhotoIndex([], media)).toBeNull();
  });
});
