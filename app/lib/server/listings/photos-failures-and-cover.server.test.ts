/**
 * Listing photos that fail, and the cover: a photo that fails is fetched once in its memory
 * window, and the cover is the first photo that loads. The media host's stand-in and the rest of
 * the set-up are in tests/support/listing-photos.ts.
 */
import { describe, expect, it } from "vitest";
import { photoAtWidth } from "../../listings";
import { PHOTO, elsewhere, fileOf, hits, media, mediaHostForThisFile, store, t, urlOf } from "../../../../tests/support/listing-photos";
import { coverPhotoIndex, listingCoverPath, listingPhoto, photoKnownToFail } from "./photos.server";

mediaHostForThisFile();

describe("photos that fail", () => {
  it("are fetched once in their memory window, however many visitors ask, and reported to the pages", async () => {
    await store("M1", "/missing/1.jpg", "/m1/2.jpg");
    const file = fileOf("M1", 0, "/missing/1.jpg");
    expect(photoKnownToFail(urlOf("/missing/1.jpg"))).toBe(false);
    // A burst joins one request; later views answer from memory, the narrower copies as well.
    const first = await Promise.all(Array.from({ length: 3 }, () => listingPhoto(t.db, "M1", file, media)));
    expect(first.map((a) => a.status)).toEqual([502, 502, 502]);
    for (let view = 0; view < 5; view++) {
      expect(await listingPhoto(t.db, "M1", file, media)).toMatchObject({
        status: 502,
        reason: expect.stringContaining("404"),
        remembered: true,
      });
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
