/** The alert links' signed tokens: one purpose, one id, until their expiry, and nothing forged or altered. */
import { randomBytes } from "node:crypto";
import { describe, expect, it } from "vitest";
import { TOKEN_LIFETIME_MS, readToken, signToken } from "./tokens.server";

const secret = randomBytes(32);
const now = new Date("2026-12-01T12:00:00Z");
const later = (ms: number) => new Date(now.getTime() + ms);

describe("alert tokens", () => {
  it("reads back the id it was signed for, URL-safe, until it expires", () => {
    const token = signToken(secret, "manage", 42, later(TOKEN_LIFETIME_MS.manage));
    expect(token).toMatch(/^[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+$/);
    expect(readToken(secret, "manage", token, now)).toEqual({ id: 42 });
    expect(readToken(secret, "manage", token, later(TOKEN_LIFETIME_MS.manage - 1))).toEqual({ id: 42 });
    expect(readToken(secret, "manage", token, later(TOKEN_LIFETIME_MS.manage))).toBe("expired");
  });

  it("keeps confirmation links a week and the mails' links past CASL's 60 days", () => {
    expect(TOKEN_LIFETIME_MS.confirm).toBe(7 * 86_400_000);
    expect(TOKEN_LIFETIME_MS.manage).toBeGreaterThan(60 * 86_400_000);
    expect(TOKEN_LIFETIME_MS.open).toBeGreaterThan(60 * 86_400_000);
  });

  it("refuses another purpose, another secret, an altered id or expiry, and garbage", () => {
    const token = signToken(secret, "confirm", 7, later(1000));
    expect(readToken(secret, "manage", token, now)).toBeNull();
    expect(readToken(randomBytes(32), "confirm", token, now)).toBeNull();
    const [, mac] = token.split(".");
    const forged = (payload: string) => `${Buffer.from(payload).toString("base64url")}.${mac}`;
    expect(readToken(secret, "confirm", forged(`8.${now.getTime() + 1000}`), now)).toBeNull();
    expect(readToken(secret, "confirm", forged(`7.${now.getTime() + 10_000_000}`), now)).toBeNull();
    for (const bad of [
      "",
      ".",
      "a.b.c",
      "%%%.abc",
      token + "x",
      token.replace(".", ""),
      "x".repeat(5000),
      forged("07.1"),
      forged("-1.5"),
    ]) {
      expect(readToken(secret, "confirm", bad, now)).toBeNull();
    }
  });

  it("says expired only for a genuine token: a forged old one is just wrong", () => {
    const old = signToken(secret, "open", 3, later(-1));
    expect(readToken(secret, "open", old, now)).toBe("expired");
    expect(readToken(randomBytes(32), "open", old, now)).toBeNull();
  });

  it("signs only positive whole ids", () => {
    expect(() => signToken(secret, "open", 0, now)).toThrow(RangeError);
    expect(() => signToken(secret, "open", 1.5, now)).toThrow(RangeError);
  });
});
