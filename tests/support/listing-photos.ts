/**
 * Test support (not a test) shared by the listing photo tests (photos-serving, photos-sources and
 * photos-failures-and-cover *.server.test.ts): the file's database, the media host's stand-in and
 * another loopback server that no photo may reach (both recording every connection and request),
 * the fetcher the server would have, and listings stored with photos on the stand-in.
 *
 * The media host is a local HTTP server, as in production a remote one, allowed the way an
 * operator allows a local stand-in: its address with its port in DDF_MEDIA_HOSTS, and
 * TEST_ONLY's mediaHttp.
 */
import type { LookupAddress } from "node:dns";
import { lookup as dnsLookup } from "node:dns/promises";
import { readFileSync } from "node:fs";
import { type IncomingMessage, type Server, type ServerResponse, createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, afterEach, beforeAll, beforeEach, vi } from "vitest";
import { type TestDatabase, testDatabaseForThisFile } from "./test-database";
import { readConfig, testOnlyValue } from "../../platform/config";
import { type MediaFetcher, mediaFetcherOf } from "../../app/lib/server/listings/media-fetch.server";
import { clearPhotoCache, listingPhotoPath } from "../../app/lib/server/listings/photos.server";
import { type DdfProperty, toListingRow } from "../../app/lib/server/listings/property.server";
import { upsertListings } from "../../app/lib/server/listings/store.server";

/** The file's database: set by mediaHostForThisFile. */
export let t: TestDatabase;

export const JPEG = Buffer.from([0xff, 0xd8, 0xff, 0xe0, 1, 2, 3, 4, 0xff, 0xd9]);
/** A real photo of the DDF® stand-in, 1200 × 800. */
export const PHOTO = readFileSync(new URL("../fixtures/ddf/photos/1.jpg", import.meta.url));

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
export let host: Recorder;
/** Another server on loopback (127.0.0.2), which no photo may reach. */
export let elsewhere: Recorder;
export let origin = "";
/** Requests of the media host, by path. */
export const hits = new Map<string, number>();
/** Host names the tests' resolver answers itself (the others go to the system's, e.g. localhost). */
export const names = new Map<string, LookupAddress[]>();
export const resolved: string[] = [];
/** The fetcher the server would have with DDF_MEDIA_HOSTS=127.0.0.1:{port} and plain HTTP allowed by TEST_ONLY (plus the names below). */
export let media: MediaFetcher;

export function fetcher(env: Record<string, string>): MediaFetcher {
  return mediaFetcherOf(readConfig(env), async (hostname) => {
    resolved.push(hostname);
    return names.get(hostname) ?? dnsLookup(hostname, { all: true });
  });
}

/**
 * For a test file, at its top: its database, and the two servers started before its tests and closed
 * after them, their records and the photo cache emptied before each test.
 */
export function mediaHostForThisFile(): void {
  t = testDatabaseForThisFile();
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
      TEST_ONLY: testOnlyValue({ mediaHttp: true }),
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
}

/** Stores a listing whose photos are these paths on the stand-in, or these URLs when absolute. */
export async function store(key: string, ...paths: string[]) {
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
export const urlOf = (p: string) => (p.startsWith("/") ? `${origin}${p}` : p);

/** The file part of a photo's path on this site. */
export function fileOf(key: string, index: number, path: string): string {
  return listingPhotoPath(key, index, urlOf(path)).split("/").pop()!;
}
