import type { IncomingMessage } from "node:http";
import { describe, expect, it } from "vitest";
import { isFromThisMachine } from "./from-this-machine";

const request = (remoteAddress: string, headers: Record<string, string> = {}) =>
  ({ socket: { remoteAddress }, headers }) as unknown as Pick<IncomingMessage, "headers" | "socket">;

describe("isFromThisMachine", () => {
  it("accepts a direct request from a loopback address", () => {
    expect(isFromThisMachine(request("127.0.0.1"))).toBe(true);
    expect(isFromThisMachine(request("::1"))).toBe(true);
    expect(isFromThisMachine(request("::ffff:127.0.0.1"))).toBe(true);
  });

  it("refuses other peers and anything a proxy relayed", () => {
    expect(isFromThisMachine(request("203.0.113.9"))).toBe(false);
    expect(isFromThisMachine(request("::ffff:10.0.0.2"))).toBe(false);
    expect(isFromThisMachine(request("127.0.0.1", { "x-forwarded-for": "203.0.113.9" }))).toBe(false);
    expect(isFromThisMachine(request("127.0.0.1", { forwarded: "for=203.0.113.9" }))).toBe(false);
    expect(isFromThisMachine(request("::1", { "x-real-ip": "203.0.113.9" }))).toBe(false);
  });
});
