import { describe, expect, it } from "vitest";
import { clientKeyOf } from "./client-key";

describe("the client key a quota counts", () => {
  it("is an IPv4 address itself", () => {
    expect(clientKeyOf("198.51.100.66")).toBe("198.51.100.66");
    expect(clientKeyOf("198.51.100.67")).not.toBe(clientKeyOf("198.51.100.66"));
  });

  it("is the /64 of an IPv6 address, however it is written", () => {
    const key = "2001:db8:1:2::/64";
    for (const ip of [
      "2001:db8:1:2::1",
      "2001:db8:1:2:ffff:ffff:ffff:ffff",
      "2001:0DB8:0001:0002:0:0:0:9",
      "2001:db8:1:2:a:b:c:d",
      "2001:db8:1:2::a:b",
    ]) {
      expect(clientKeyOf(ip)).toBe(key);
    }
    expect(clientKeyOf("2001:db8:1:3::1")).toBe("2001:db8:1:3::/64");
    expect(clientKeyOf("::1")).toBe("0:0:0:0::/64");
    expect(clientKeyOf("2001:db8::")).toBe("2001:db8:0:0::/64");
  });

  it("leaves out an IPv6 zone", () => {
    expect(clientKeyOf("fe80::1%eth0")).toBe("fe80:0:0:0::/64");
  });

  it("counts an IPv4-mapped IPv6 address as its IPv4 address, dotted or in hex", () => {
    expect(clientKeyOf("::ffff:198.51.100.66")).toBe("198.51.100.66");
    expect(clientKeyOf("::FFFF:c633:6442")).toBe("198.51.100.66");
    expect(clientKeyOf("0:0:0:0:0:ffff:198.51.100.66")).toBe("198.51.100.66");
  });

  it("keeps an embedded IPv4 part of another IPv6 address in its /64", () => {
    expect(clientKeyOf("64:ff9b::198.51.100.66")).toBe("64:ff9b:0:0::/64");
  });

  it("returns anything that is no IP address unchanged", () => {
    expect(clientKeyOf("")).toBe("");
    expect(clientKeyOf("not an address")).toBe("not an address");
    expect(clientKeyOf("2001:db8::1::2")).toBe("2001:db8::1::2");
  });
});
