/** Which addresses are public, and what the connections' lookup hands over. */
import type { LookupAddress } from "node:dns";
import { describe, expect, it } from "vitest";
import { AddressRefused, checkedLookup, forbiddenAddress } from "./public-address";

describe("forbiddenAddress", () => {
  it("lets public addresses through", () => {
    for (const address of [
      "8.8.8.8",
      "1.1.1.1",
      "142.250.72.14",
      "99.255.255.255",
      "100.63.255.255",
      "100.128.0.0",
      "172.15.255.255",
      "172.32.0.0",
      "192.167.255.255",
      "192.169.0.0",
      "223.255.255.255",
      "2606:4700:4700::1111",
      "2a00:1450:4001::1",
      "2001:4860:4860::8888",
    ]) {
      expect(forbiddenAddress(address), address).toBeNull();
    }
  });

  it("refuses this machine, private networks and every special-purpose range, in any spelling", () => {
    const cases: [string, RegExp][] = [
      ["127.0.0.1", /loopback/],
      ["127.255.255.254", /loopback/],
      ["::1", /loopback/],
      ["0.0.0.0", /unspecified/],
      ["::", /unspecified/],
      ["10.0.0.1", /private/],
      ["172.16.0.1", /private/],
      ["172.31.255.255", /private/],
      ["192.168.100.1", /private/],
      ["100.64.0.1", /carrier-grade NAT/],
      ["100.127.255.255", /carrier-grade NAT/],
      ["169.254.169.254", /link-local/],
      ["fe80::1", /link-local/],
      ["febf:ffff::1", /link-local/],
      ["fc00::1", /unique-local/],
      ["fd12:3456::1", /unique-local/],
      ["224.0.0.1", /multicast/],
      ["ff02::1", /multicast/],
      ["255.255.255.255", /broadcast/],
      ["192.0.2.1", /documentation/],
      ["2001:db8::1", /documentation/],
      ["::ffff:127.0.0.1", /IPv4-mapped/],
      ["::ffff:7f00:1", /IPv4-mapped/],
      ["::ffff:10.0.0.1", /IPv4-mapped/],
      ["::ffff:8.8.8.8", /IPv4-mapped/], // no media host is written so, whatever it maps to
      ["::127.0.0.1", /IPv4-compatible/],
      ["64:ff9b::a00:1", /translation/],
      ["2002:a00:1::", /translation/],
      ["localhost", /not an IP address/],
    ];
    for (const [address, why] of cases) expect(forbiddenAddress(address), address).toMatch(why);
  });
});

describe("checkedLookup (what a connection to a host name may use)", () => {
  type Result = { error: NodeJS.ErrnoException | null; address: string | LookupAddress[]; family?: number };
  const lookUp = (answer: LookupAddress[] | Error, options: { all?: boolean; family?: number }) =>
    new Promise<Result>((resolve) => {
      const lookup = checkedLookup(async () => {
        if (answer instanceof Error) throw answer;
        return answer;
      });
      lookup("media.example", options, (error, address, family) => resolve({ error, address, family }));
    });
  const v4 = { address: "8.8.8.8", family: 4 };
  const v6 = { address: "2606:4700:4700::1111", family: 6 };

  it("hands over exactly the addresses it checked, of the family asked for", async () => {
    expect(await lookUp([v4, v6], { all: true })).toEqual({ error: null, address: [v4, v6], family: undefined });
    expect(await lookUp([v6, v4], { family: 4 })).toEqual({ error: null, address: "8.8.8.8", family: 4 });
    expect(await lookUp([v4], { family: 6 })).toMatchObject({ error: { code: "ENOTFOUND" } });
  });

  it("refuses a name with any address that is not public", async () => {
    const { error } = await lookUp([v4, { address: "10.0.0.1", family: 4 }], { all: true });
    expect(error).toBeInstanceOf(AddressRefused);
    expect(error!.message).toBe("media.example resolves to 10.0.0.1, a private (RFC 1918) address");
    expect((await lookUp([{ address: "::ffff:169.254.169.254", family: 6 }], {})).error).toBeInstanceOf(AddressRefused);
  });

  it("passes on the resolver's own failure", async () => {
    const failure = Object.assign(new Error("getaddrinfo ENOTFOUND media.example"), { code: "ENOTFOUND" });
    expect((await lookUp(failure, { all: true })).error).toBe(failure);
  });
});
