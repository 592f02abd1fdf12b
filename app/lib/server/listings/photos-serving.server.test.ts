/**
 * Listing photos from the site's own origin: only a stored listing's current photos are fetched,
 * only images are passed on, one download serves concurrent visitors, narrower copies are made
 * from it, and a removed listing's photo is gone at once. The media host's stand-in and the rest
 * of the set-up are in tests/support/listing-photos.ts.
 */
import sharp from "sharp";
import { describe, expect, it } from "vitest";
import { photoAtWidth } from "../../listings";
import { JPEG, PHOTO, fileOf, hits, media, mediaHostForThisFile, store, t } from "../../../../tests/support/listing-photos";
import { listingPhoto } from "./photos.server";
import { removeListings } from "./store.server";

mediaHostForThisFile();

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
    expect(await listingPhoto(t.db, "P3", fileOf("P3", 0, "/page/1"), media)).toMatchObject({
      status: 502,
      reason: expect.stringContaining("text/html"),
    });
    expect(await listingPhoto(t.db, "P3", fileOf("P3", 1, "/svg/2"), media)).toMatchObject({
      status: 502,
      reason: expect.stringContaining("image/svg+xml"),
    });
    expect(await listingPhoto(t.db, "P3", fileOf("P3", 2, "/missing/3"), media)).toMatchObject({
      status: 502,
      reason: expect.stringContaining("404"),
    });
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
